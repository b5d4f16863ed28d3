import { Nav, NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '@/config/config';
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
      <Nav className="addme-guest-links align-items-lg-center gap-lg-2">
        <Nav.Link as={Link} to="/auth/login" className="btn-touch">
          {t('nav.login')}
        </Nav.Link>
        <Link to="/auth/register" className="btn btn-accent btn-touch px-3">
          {t('nav.register')}
        </Link>
      </Nav>
    );
  }

  const name = user.first_name || t('nav.account');
  return (
    <Nav>
      <NavDropdown
        align="end"
        id="nav-account"
        focusFirstItemOnShow
        data-testid="account-menu"
        title={
          <span className="d-inline-flex align-items-center gap-2">
            <span className="avatar-initial" aria-hidden="true">
              {(user.first_name || user.email).charAt(0).toUpperCase()}
            </span>
            <span>{name}</span>
          </span>
        }
      >
        {user.admin_level && (
          <NavDropdown.Item as={Link} to="/admin">
            {t('nav.admin')}
          </NavDropdown.Item>
        )}
        <NavDropdown.Item as={Link} to="/user">
          {t('nav.myUsernames')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to="/user/submit">
          {t('nav.submit')}
        </NavDropdown.Item>
        {swipes_enabled && (
          <>
            <NavDropdown.Item as={Link} to="/user/local-swipes">
              {t('nav.localSwipes')}
            </NavDropdown.Item>
            <NavDropdown.Item as={Link} to="/user/local-swipes/favorites">
              {t('nav.favorites')}
            </NavDropdown.Item>
          </>
        )}
        <NavDropdown.Item href="/shop" target="_blank" rel="noopener">
          {t('nav.shop')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to="/user/group/create">
          {t('nav.createGroup')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to="/user/group">
          {t('nav.myGroups')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to="/user/orders">
          {t('nav.orders')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to="/user/account">
          {t('nav.account')}
        </NavDropdown.Item>
        {user.is_studio && (
          <NavDropdown.Item as={Link} to="/user/switch">
            {t('nav.switchAccount')}
          </NavDropdown.Item>
        )}
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" onClick={() => void logout()} data-testid="logout">
          {t('nav.logout')}
        </NavDropdown.Item>
      </NavDropdown>
    </Nav>
  );
}
