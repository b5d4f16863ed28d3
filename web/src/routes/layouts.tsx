import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { VerifyAgeAlert } from '@/components/VerifyAgeAlert';
import { AdminNav, useAdminPageAllowed } from '@/features/admin/AdminNav';
import { AdSlot } from '@/features/content/Ads';
import { AlertBanner } from '@/features/content/AdsAndAlerts';
import { ReminderModal } from '@/features/reminders/ReminderModal';
import { NotEnoughTopUpsModal } from '@/features/wallet/NotEnoughTopUpsModal';
import { Shell, UserSideNav } from '@/layouts/Layouts';

/**
 * The spec's layouts: default, noads, transparent (header over the hero), user (left nav on
 * desktop), admin, and empty (no chrome). The shared chrome is layouts/; here the routes fill its
 * slots with features: the site alert, the ad spots (never on `noads` pages), the economy modals.
 */
function SiteShell({
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

/** The economy modals a member page hosts: not-enough-Top-Ups (opened by actions), reminders. */
function EconomyModals() {
  return (
    <>
      <NotEnoughTopUpsModal />
      <ReminderModal />
    </>
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
    <SiteShell ads={false}>
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
    </SiteShell>
  );
}
