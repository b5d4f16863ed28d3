import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '@/i18n/useTranslation';
import { Footer } from './Footer';
import { Header } from './Header';

/** Where a layout may show ads (routes/layouts.tsx fills them from the content feature). */
export type AdSpot = 'header-link' | 'layout-top' | 'layout-bottom' | 'global';

/**
 * The site chrome every layout but `empty` shares: skip link, header, footer and the slots the
 * routes fill with features (the site alert, ad spots, the economy modals).
 */
export function Shell({
  transparent = false,
  ads = true,
  banner,
  ad,
  children,
}: {
  transparent?: boolean;
  /** `noads` layouts must never get ads. */
  ads?: boolean;
  banner?: ReactNode;
  ad?: (spot: AdSpot) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="addme-shell d-flex flex-column min-vh-100" data-ads={ads ? 'on' : 'off'}>
      <a href="#main" className="visually-hidden-focusable addme-skip">
        {t('nav.skip')}
      </a>
      <Header transparent={transparent} />
      {banner}
      {ad?.('header-link')}
      {ad?.('layout-top')}
      <main id="main" className="flex-grow-1">
        {children}
      </main>
      {ad?.('layout-bottom')}
      {ad?.('global')}
      <Footer />
    </div>
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
  // The older orders page belongs to Orders.
  { to: '/user/orders', key: 'orders', also: ['/user/ordersold'] },
  { to: '/user/decisions', key: 'decisions' },
  { to: '/user/account', key: 'account' },
] as const satisfies readonly {
  to: string;
  key: string;
  end?: boolean;
  also?: readonly string[];
}[];

/** The member area's left menu (desktop only; the header's account menu has the same links). */
export function UserSideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.userArea')} className="addme-sidenav d-none d-lg-block">
      <div className="nav flex-column">
        {USER_NAV.map((item) => {
          const also = 'also' in item && item.also.some((p) => pathname.startsWith(p));
          return (
            <NavLink
              to={item.to}
              end={'end' in item ? item.end : undefined}
              key={item.to}
              className={({ isActive }) => `nav-link ${isActive || also ? 'active' : ''}`}
              aria-current={also ? 'page' : undefined}
            >
              {t(`nav.${item.key}`)}
            </NavLink>
          );
        })}
      </div>
    </nav>
  );
}
