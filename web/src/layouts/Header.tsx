import { useState } from 'react';
import { Container, Form, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Crown } from '@/components/AppBadge';
import { Icon } from '@/components/Icon';
import { useConfig } from '@/config/config';
import { APPS } from '@/config/options';
import { useUser } from '@/session/session';
import { DarkModeToggle } from '@/theme/DarkModeToggle';
import { AccountMenu } from './AccountMenu';
import { AppMenu } from './AppMenu';
import { useCollapsibleNav } from './useCollapsibleNav';

function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <Form
      role="search"
      className="addme-search"
      onSubmit={(e) => {
        e.preventDefault();
        const query = q.trim();
        navigate(query ? `/list?q=${encodeURIComponent(query)}` : '/list');
      }}
    >
      <Form.Label htmlFor="header-search" visuallyHidden>
        {t('nav.search')}
      </Form.Label>
      <div className="addme-search-field">
        <Icon name="search" size={18} />
        <Form.Control
          id="header-search"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('nav.searchPlaceholder')}
          enterKeyHint="search"
        />
      </div>
    </Form>
  );
}

export function Header({ transparent = false }: { transparent?: boolean }) {
  const { t } = useTranslation();
  const { site_name, default_app } = useConfig();
  const { expanded, setExpanded, ref } = useCollapsibleNav();
  const { user } = useUser();
  // Spec section 6: a VIP (or Studio) member sees a crown on the logo.
  const vip = !!user && (user.is_promoted || user.is_studio);
  // The brand's own app comes first in the menu.
  const apps = [default_app, ...APPS.filter((a) => a !== default_app)];

  return (
    <Navbar
      ref={ref}
      expand="lg"
      sticky="top"
      expanded={expanded}
      onToggle={setExpanded}
      className={`addme-navbar ${transparent ? 'addme-navbar-transparent' : ''}`}
    >
      <Container fluid="xl">
        <Navbar.Brand as={Link} to="/" className="addme-brand">
          <span className="addme-logo" aria-hidden="true">
            {site_name.charAt(0)}
            {vip && (
              <span className="addme-logo-crown" data-testid="logo-crown">
                <Crown size={16} />
              </span>
            )}
          </span>
          {site_name}
          {vip && <span className="visually-hidden">{t('nav.vipMember')}</span>}
        </Navbar.Brand>
        {/* React-Bootstrap leaves aria-expanded off the toggler; screen readers need the state. */}
        <Navbar.Toggle
          aria-controls="main-nav"
          aria-expanded={expanded}
          label={t('nav.menu')}
          className="btn-touch"
        />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto align-items-lg-center">
            {apps.map((app) => (
              <AppMenu key={app} app={app} />
            ))}
            <Nav.Link as={Link} to="/local-swipes">
              {t('nav.localSwipes')}
            </Nav.Link>
            <Nav.Link as={Link} to="/shop">
              {t('nav.shop')}
            </Nav.Link>
            <NavDropdown title={t('nav.more')} id="nav-more" focusFirstItemOnShow>
              <NavDropdown.Item as={Link} to="/countries">
                {t('nav.countries')}
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to="/blog">
                {t('nav.blog')}
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to="/help">
                {t('nav.help')}
              </NavDropdown.Item>
            </NavDropdown>
          </Nav>
          <div className="d-lg-flex align-items-center gap-2 addme-nav-end">
            <SearchBox />
            <Nav>
              <DarkModeToggle />
            </Nav>
            <AccountMenu />
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
