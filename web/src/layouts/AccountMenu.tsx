import { Link } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { Menu, MenuAnchor, MenuButton, MenuDivider, MenuLink } from '@/components/Menu';
import { useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';
import { useLogout } from '@/session/useLogout';

/** Spec section 2 "User menu"; visitors get Login and Register. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { swipes_enabled } = useConfig();
  const logout = useLogout();

  if (!user) {
    return (
      <div className="navbar-nav addme-guest-links align-items-lg-center gap-lg-2">
        <Link to="/auth/login" className="nav-link btn-touch">
          {t('nav.login')}
        </Link>
        <ButtonLink to="/auth/register" variant="accent" className="px-3">
          {t('nav.register')}
        </ButtonLink>
      </div>
    );
  }

  const name = user.first_name || t('nav.account');
  return (
    <div className="navbar-nav">
      <Menu
        align="end"
        id="nav-account"
        className="nav-item"
        testId="account-menu"
        label={
          <span className="d-inline-flex align-items-center gap-2">
            <span className="avatar-initial" aria-hidden="true">
              {(user.first_name || user.email).charAt(0).toUpperCase()}
            </span>
            <span>{name}</span>
          </span>
        }
      >
        {user.admin_level && <MenuLink to="/admin">{t('nav.admin')}</MenuLink>}
        <MenuLink to="/user">{t('nav.myUsernames')}</MenuLink>
        <MenuLink to="/user/submit">{t('nav.submit')}</MenuLink>
        {swipes_enabled && (
          <>
            <MenuLink to="/user/local-swipes">{t('nav.localSwipes')}</MenuLink>
            <MenuLink to="/user/local-swipes/favorites">{t('nav.favorites')}</MenuLink>
          </>
        )}
        <MenuAnchor href="/shop" target="_blank" rel="noopener">
          {t('nav.shop')}
        </MenuAnchor>
        <MenuLink to="/user/group/create">{t('nav.createGroup')}</MenuLink>
        <MenuLink to="/user/group">{t('nav.myGroups')}</MenuLink>
        <MenuLink to="/user/orders">{t('nav.orders')}</MenuLink>
        <MenuLink to="/user/decisions">{t('nav.decisions')}</MenuLink>
        <MenuLink to="/user/account">{t('nav.account')}</MenuLink>
        {user.is_studio && <MenuLink to="/user/switch">{t('nav.switchAccount')}</MenuLink>}
        <MenuDivider />
        <MenuButton onClick={() => void logout()} data-testid="logout">
          {t('nav.logout')}
        </MenuButton>
      </Menu>
    </div>
  );
}
