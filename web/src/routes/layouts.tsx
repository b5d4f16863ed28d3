import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { VerifyAgeAlert } from '@/components/VerifyAgeAlert';
import { lazyWithReload } from '@/errors/chunkReload';
import { AdSlot } from '@/features/content/Ads';
import { AlertBanner } from '@/features/content/AdsAndAlerts';
import { Shell, UserSideNav } from '@/layouts/Layouts';
import { useUser } from '@/session/session';
import { useNotEnoughTopUpsOpen } from '@/stores/notEnoughTopUps';

// Modals a visitor's first page never shows: loaded when wanted, not with every page.
const NotEnoughTopUpsModal = lazy(
  lazyWithReload(() =>
    import('@/features/wallet/NotEnoughTopUpsModal').then((m) => ({
      default: m.NotEnoughTopUpsModal,
    })),
  ),
);
const ReminderModal = lazy(
  lazyWithReload(() =>
    import('@/features/reminders/ReminderModal').then((m) => ({ default: m.ReminderModal })),
  ),
);

/**
 * The spec's layouts: default, noads, transparent (header over the hero), user (left nav on
 * desktop), admin, and empty (no chrome). The shared chrome is layouts/; here the routes fill its
 * slots with features: the site alert, the ad spots (never on `noads` pages), the economy modals.
 */
export function SiteShell({
  transparent = false,
  ads = true,
  children,
}: {
  transparent?: boolean;
  ads?: boolean;
  children: ReactNode;
}) {
  return (
    <Shell
      transparent={transparent}
      ads={ads}
      banner={
        <>
          <VerifyAgeAlert />
          <AlertBanner />
        </>
      }
      ad={(spot) => <AdSlot spot={spot} layoutAllowsAds={ads} />}
    >
      {children}
    </Shell>
  );
}

/**
 * The economy modals a member page hosts: not-enough-Top-Ups (opened by actions; this host is the
 * store's subscriber, so actions know a page can show it) and the reminders (members only). Each is
 * loaded when first wanted, then kept, so it closes (and gives focus back) as a modal does.
 */
function EconomyModals() {
  const open = useNotEnoughTopUpsOpen();
  const { user } = useUser();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return (
    <Suspense fallback={null}>
      {wanted && <NotEnoughTopUpsModal />}
      {user && <ReminderModal />}
    </Suspense>
  );
}

export function DefaultLayout() {
  return (
    <SiteShell>
      <div className="container-xl py-4">
        <Outlet />
      </div>
      <EconomyModals />
    </SiteShell>
  );
}

export function NoAdsLayout() {
  return (
    <SiteShell ads={false}>
      <div className="container-xl py-4">
        <Outlet />
      </div>
    </SiteShell>
  );
}

export function TransparentLayout() {
  return (
    <SiteShell transparent ads={false}>
      <Outlet />
    </SiteShell>
  );
}

export function UserLayout() {
  return (
    <SiteShell ads={false}>
      <div className="container-xl py-4">
        <div className="row g-4">
          <div className="col-lg-3">
            <UserSideNav />
          </div>
          <div className="col-lg-9">
            <Outlet />
          </div>
        </div>
      </div>
      <EconomyModals />
    </SiteShell>
  );
}
