import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Crown } from '@/components/AppBadge';
import { Icon } from '@/components/Icon';
import { Menu, MenuLink } from '@/components/Menu';
import { useConfig } from '@/config/config';
import { APPS } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
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
    // biome-ignore lint/a11y/useSemanticElements: a search form (the <search> element is too new).
    <form
      role="search"
      className="addme-search"
      onSubmit={(e) => {
        e.preventDefault();
        const query = q.trim();
        navigate(query ? `/list?q=${encodeURIComponent(query)}` : '/list');
      }}
    >
      <label htmlFor="header-search" className="form-label visually-hidden">
        {t('nav.search')}
      </label>
      <div className="addme-search-field">
        <Icon name="search" size={18} />
        <input
          id="header-search"
          type="search"
          className="form-control"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('nav.searchPlaceholder')}
          enterKeyHint="search"
        />
      </div>
    </form>
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
    // Bootstrap's navbar in plain markup: the collapse is a disclosure (useCollapsibleNav closes it
    // on a route change, an outside click, a scroll and Escape), the menus are components/Menu.
    <nav
      ref={ref}
      className={`addme-navbar navbar navbar-expand-lg sticky-top ${transparent ? 'addme-navbar-transparent' : ''}`}
    >
      <div className="container-xl">
        <Link to="/" className="addme-brand navbar-brand">
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
        </Link>
        <button
          type="button"
          className={`navbar-toggler btn-touch ${expanded ? '' : 'collapsed'}`}
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label={t('nav.menu')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`navbar-collapse collapse ${expanded ? 'show' : ''}`}>
          <div className="navbar-nav me-auto align-items-lg-center">
            {apps.map((app) => (
              <AppMenu key={app} app={app} />
            ))}
            <Link to="/local-swipes" className="nav-link">
              {t('nav.localSwipes')}
            </Link>
            <Link to="/shop" className="nav-link">
              {t('nav.shop')}
            </Link>
            <Menu id="nav-more" label={t('nav.more')} className="nav-item">
              <MenuLink to="/countries">{t('nav.countries')}</MenuLink>
              <MenuLink to="/blog">{t('nav.blog')}</MenuLink>
              <MenuLink to="/help">{t('nav.help')}</MenuLink>
            </Menu>
          </div>
          <div className="d-lg-flex align-items-center gap-2 addme-nav-end">
            <SearchBox />
            <div className="navbar-nav">
              <DarkModeToggle />
            </div>
            <AccountMenu />
          </div>
        </div>
      </div>
    </nav>
  );
}
