import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import type { DarkModePreference } from './darkMode';
import { useDarkMode } from './ThemeProvider';

const OPTIONS: { value: DarkModePreference; icon: 'sun' | 'moon' | 'auto' }[] = [
  { value: 'false', icon: 'sun' },
  { value: 'true', icon: 'moon' },
  { value: 'auto', icon: 'auto' },
];

export function DarkModeToggle() {
  const { t } = useTranslation();
  const { preference, theme, setPreference } = useDarkMode();

  return (
    <Dropdown align="end" className="addme-theme-toggle" focusFirstItemOnShow>
      <Dropdown.Toggle
        variant="link"
        className="nav-link btn-touch d-flex align-items-center gap-2"
        aria-label={t('theme.toggle')}
        data-testid="theme-toggle"
      >
        <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
        <span className="d-lg-none">{t('theme.toggle')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {OPTIONS.map((option) => (
          <Dropdown.Item
            as="button"
            key={option.value}
            active={preference === option.value}
            onClick={() => setPreference(option.value)}
            data-testid={`theme-${option.value}`}
          >
            <Icon name={option.icon} /> <span className="ms-2">{t(`theme.${option.value}`)}</span>
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
