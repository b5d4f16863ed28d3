import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useConfig } from '@/config/config';
import { lazyWithReload } from '@/errors/chunkReload';
import { useTranslation } from '@/i18n/useTranslation';
import { anotherModalOpen } from '@/lib/modals';
import { claimPrompt } from '@/lib/promptBudget';
import { countPageView, dismissBanner } from './pwa';
import './pwa.css';

const AppModals = lazy(lazyWithReload(() => import('./AppModals')));

/** The compact top banner suggesting the app. */
function AppBanner({ onInstall, onDismiss }: { onInstall: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  return (
    <aside className="app-banner" aria-label={t('pwa.bannerLabel')} data-testid="app-banner">
      <div className="container-xl d-flex align-items-center gap-2">
        <img src="/icons/icon-192.png" alt="" width={32} height={32} className="rounded-2" />
        <span className="flex-grow-1 small lh-sm">
          <strong>{t('pwa.bannerTitle', { site: site_name })}</strong>
          <span className="d-block text-body-secondary">{t('pwa.bannerText')}</span>
        </span>
        <button
          type="button"
          className="btn btn-sm btn-primary btn-accent btn-touch"
          onClick={onInstall}
        >
          {t('pwa.bannerInstall')}
        </button>
        <button
          type="button"
          className="btn-close btn-touch"
          aria-label={t('pwa.bannerDismiss')}
          onClick={onDismiss}
        />
      </div>
    </aside>
  );
}

/**
 * The home-screen app's prompts on every page: counts page views (rules in pwa.ts), shows the
 * banner, the announcement (waiting for any other modal, e.g. the age gate, to close first) and the
 * install instructions.
 */
export function AppPrompts() {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  const [banner, setBanner] = useState(false);
  const [announcementDue, setAnnouncementDue] = useState(false);
  const [announcement, setAnnouncement] = useState(false);
  const [install, setInstall] = useState(false);
  // Loaded when one first opens, then kept, so they close (and give focus back) as modals do.
  const [modalsWanted, setModalsWanted] = useState(false);
  if ((announcement || install) && !modalsWanted) setModalsWanted(true);

  useEffect(() => {
    // One view per path change (strict mode runs effects twice).
    if (last.current === pathname) return;
    last.current = pathname;
    const next = countPageView(pathname);
    // One prompt per visit, none in the first (lib/promptBudget.ts): the banner or the announcement.
    // The announcement (once a week at most) goes before the banner when both are due.
    setBanner(next.banner && !next.announcement && claimPrompt('banner'));
    if (next.announcement) setAnnouncementDue(true);
  }, [pathname]);

  useEffect(() => {
    if (!announcementDue) return;
    const id = window.setInterval(() => {
      if (anotherModalOpen()) return;
      window.clearInterval(id);
      setAnnouncementDue(false);
      if (claimPrompt('announcement')) setAnnouncement(true);
    }, 700);
    return () => window.clearInterval(id);
  }, [announcementDue]);

  return (
    <>
      {banner && (
        <AppBanner
          onInstall={() => setInstall(true)}
          onDismiss={() => {
            dismissBanner();
            setBanner(false);
          }}
        />
      )}
      {modalsWanted && (
        <Suspense fallback={null}>
          <AppModals
            announcement={announcement}
            install={install}
            onAnnouncementHide={() => setAnnouncement(false)}
            onInstall={() => {
              setAnnouncement(false);
              setInstall(true);
            }}
            onInstallHide={() => setInstall(false)}
          />
        </Suspense>
      )}
    </>
  );
}
