import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { AdminNav, useAdminPageAllowed } from '@/features/admin/AdminNav';
import { AdSlot, AlertBanner } from '@/features/content/AdsAndAlerts';
import { WalletHost } from '@/features/wallet/WalletHost';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * The spec's layouts: default, noads, transparent (header over the hero), user (left nav on
 * desktop), admin, and empty (no chrome). Ad slots belong to a later issue; `noads` marks the pages
 * that must never get them.
 */
function Shell({
  transparent = false,
  ads = true,
  children,
}: {
  transparent?: boolean;
  ads?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="addme-shell d-flex flex-column min-vh-100" data-ads={ads ? 'on' : 'off'}>
      <a href="#main" className="visually-hidden-focusable addme-skip">
        {t('nav.skip')}
      </a>
      <Header transparent={transparent} />
      <AlertBanner />
      <AdSlot spot="header-link" layoutAllowsAds={ads} />
      <AdSlot spot="layout-top" layoutAllowsAds={ads} />
      <main id="main" className="flex-grow-1">
        {children}
      </main>
      <AdSlot spot="layout-bottom" layoutAllowsAds={ads} />
      <AdSlot spot="global" layoutAllowsAds={ads} />
      <Footer />
    </div>
  );
}

export function DefaultLayout() {
  return (
    <Shell>
      <div className="container-xl py-4">
        <Outlet />
      </div>
      <WalletHost />
    </Shell>
  );
}

export function NoAdsLayout() {
  return (
    <Shell ads={false}>
      <div className="container-xl py-4">
        <Outlet />
      </div>
    </Shell>
  );
}

export function TransparentLayout() {
  return (
    <Shell transparent ads={false}>
      <Outlet />
    </Shell>
  );
}

export function EmptyLayout() {
  return (
    <main id="main" className="min-vh-100 d-flex align-items-center justify-content-center p-3">
      <Outlet />
    </main>
  );
}

const USER_NAV = [
  { to: '/user', key: 'myUsernames', end: true },
  { to: '/user/submit', key: 'submit' },
  { to: '/user/group', key: 'myGroups' },
  { to: '/user/orders', key: 'orders' },
  { to: '/user/account', key: 'account' },
];

function SideNav({ items, label }: { items: typeof USER_NAV; label: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="addme-sidenav d-none d-lg-block">
      <Nav className="flex-column">
        {items.map((item) => (
          <Nav.Link as={NavLink} to={item.to} end={item.end} key={item.to}>
            {t(`nav.${item.key}`)}
          </Nav.Link>
        ))}
      </Nav>
    </nav>
  );
}

export function UserLayout() {
  const { t } = useTranslation();
  return (
    <Shell ads={false}>
      <div className="container-xl py-4">
        <div className="row g-4">
          <div className="col-lg-3">
            <SideNav items={USER_NAV} label={t('nav.userArea')} />
          </div>
          <div className="col-lg-9">
            <Outlet />
          </div>
        </div>
      </div>
      <WalletHost />
    </Shell>
  );
}

function AdminOutlet() {
  const { t } = useTranslation();
  const allowed = useAdminPageAllowed();
  if (allowed === false) {
    return (
      <div className="addme-card p-4" role="alert" data-testid="admin-forbidden">
        <h1 className="h4">{t('mod.forbidden.title')}</h1>
        <p className="mb-0">{t('mod.forbidden.text')}</p>
      </div>
    );
  }
  return <Outlet />;
}

export function AdminLayout() {
  return (
    <Shell ads={false}>
      <div className="container-fluid py-4 px-lg-4">
        <div className="row g-4">
          <div className="col-lg-2">
            <AdminNav />
          </div>
          <div className="col-lg-10">
            <AdminOutlet />
          </div>
        </div>
      </div>
    </Shell>
  );
}
