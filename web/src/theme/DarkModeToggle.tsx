import { Icon } from '@/components/Icon';
import { Menu, MenuButton } from '@/components/Menu';
import { useTranslation } from '@/i18n/useTranslation';
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
    <Menu
      id="theme-toggle"
      align="end"
      className="addme-theme-toggle"
      toggleClassName="nav-link btn-touch d-flex align-items-center gap-2"
      ariaLabel={t('theme.toggle')}
      toggleTestId="theme-toggle"
      label={
        <>
          <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
          <span className="d-lg-none">{t('theme.toggle')}</span>
        </>
      }
    >
      {OPTIONS.map((option) => (
        <MenuButton
          key={option.value}
          active={preference === option.value}
          onClick={() => setPreference(option.value)}
          data-testid={`theme-${option.value}`}
        >
          <Icon name={option.icon} /> <span className="ms-2">{t(`theme.${option.value}`)}</span>
        </MenuButton>
      ))}
    </Menu>
  );
}
