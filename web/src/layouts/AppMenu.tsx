import { Menu, MenuHeader, MenuLink } from '@/components/Menu';
import type { AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { appMenu } from './navLinks';

/** An app's menu: its lists, then its lists by gender and by orientation (links kept in the page
 * while the menu is closed, so crawlers follow them). */
export function AppMenu({ app }: { app: AppName }) {
  const { t } = useTranslation();
  const menu = appMenu(app);
  return (
    <Menu
      id={`nav-${app}`}
      className="nav-item addme-app-menu"
      label={
        <span className="d-inline-flex align-items-center gap-2">
          <span className={`app-dot app-dot-${app}`} aria-hidden="true" />
          {t(`apps.${app}`)}
        </span>
      }
    >
      <div className="addme-app-menu-grid">
        <div>
          {menu.main.map((item) => (
            <MenuLink to={item.to} key={item.key}>
              {t(`nav.${item.key}`)}
            </MenuLink>
          ))}
        </div>
        <div>
          <MenuHeader>{t('nav.gender')}</MenuHeader>
          {menu.genders.map((item) => (
            <MenuLink to={item.to} key={item.key}>
              {t(`gender.${item.key}`)}
            </MenuLink>
          ))}
        </div>
        <div>
          <MenuHeader>{t('nav.orientation')}</MenuHeader>
          {menu.orientations.map((item) => (
            <MenuLink to={item.to} key={item.key}>
              {t(`orientation.${item.key}`)}
            </MenuLink>
          ))}
        </div>
      </div>
    </Menu>
  );
}
