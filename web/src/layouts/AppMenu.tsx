import { NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppName } from '@/config/options';
import { appMenu } from './navLinks';

export function AppMenu({ app }: { app: AppName }) {
  const { t } = useTranslation();
  const menu = appMenu(app);
  return (
    <NavDropdown
      title={
        <span className="d-inline-flex align-items-center gap-2">
          <span className={`app-dot app-dot-${app}`} aria-hidden="true" />
          {t(`apps.${app}`)}
        </span>
      }
      id={`nav-${app}`}
      className="addme-app-menu"
      renderMenuOnMount
      focusFirstItemOnShow
    >
      <div className="addme-app-menu-grid">
        <div>
          {menu.main.map((item) => (
            <NavDropdown.Item as={Link} to={item.to} key={item.key}>
              {t(`nav.${item.key}`)}
            </NavDropdown.Item>
          ))}
        </div>
        <div>
          <NavDropdown.Header>{t('nav.gender')}</NavDropdown.Header>
          {menu.genders.map((item) => (
            <NavDropdown.Item as={Link} to={item.to} key={item.key}>
              {t(`gender.${item.key}`)}
            </NavDropdown.Item>
          ))}
        </div>
        <div>
          <NavDropdown.Header>{t('nav.orientation')}</NavDropdown.Header>
          {menu.orientations.map((item) => (
            <NavDropdown.Item as={Link} to={item.to} key={item.key}>
              {t(`orientation.${item.key}`)}
            </NavDropdown.Item>
          ))}
        </div>
      </div>
    </NavDropdown>
  );
}
