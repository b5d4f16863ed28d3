import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AlertBody, alertFrameProps } from '@/components/AlertView';
import { useUser } from '@/session/session';
import { useAgeConfirmed } from '@/session/useAgeConfirmed';
import {
  AD_SANDBOX,
  adsAllowed,
  alertDismissed,
  alertSpot,
  dismissAlert,
  safeHref,
  spotAllowed,
  type Viewer,
} from './adRules';
import { type Ad, type Alert, useAds, useAlerts } from './queries';
import './content.css';

const ROTATE_MS = 8000;

function useViewer(layoutAllowsAds: boolean): Viewer {
  const { pathname } = useLocation();
  const { user } = useUser();
  const ageConfirmed = useAgeConfirmed();
  return {
    pathname,
    ageConfirmed,
    vip: !!user && (user.is_promoted || user.is_studio),
    fullAdmin: user?.admin_level === 'Full',
    layoutAllowsAds,
  };
}

/** Alerts an admin made non-dismissible may still be folded away on a phone, for this visit only. */
const HIDDEN_KEY = 'alertsHiddenThisVisit';
function hiddenThisVisit(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(HIDDEN_KEY) ?? '[]') as number[];
  } catch {
    return [];
  }
}
function hideThisVisit(id: number) {
  try {
    sessionStorage.setItem(HIDDEN_KEY, JSON.stringify([...hiddenThisVisit(), id]));
  } catch {
    // Private mode without storage: it stays hidden until the next page load.
  }
}

/**
 * The rotating alert banner, one compact line on a phone (tap the text to read it all). Alert text
 * is shown as text, never as markup; html and script alerts run in a sandboxed frame (AlertView). Dismissible alerts are dismissed for 14 days; on a phone any
 * alert can be folded away for the visit, so it never holds the top of every page.
 */
export function AlertBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const alerts = useAlerts(true);
  const [dismissed, setDismissed] = useState<number[]>(() => hiddenThisVisit());
  const [index, setIndex] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const spot = alertSpot(pathname);
  const visible = (alerts.data ?? []).filter(
    (a: Alert) =>
      (a.spots.includes('global') ||
        (spot !== null && a.spots.includes(spot)) ||
        a.spots.length === 0) &&
      !dismissed.includes(a.id) &&
      !alertDismissed(a.id),
  );
  useEffect(() => {
    if (visible.length < 2 || expanded) return;
    const timer = setInterval(() => setIndex((i) => i + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [visible.length, expanded]);
  if (!visible.length) return null;
  const alert = visible[index % visible.length] as Alert;
  const close = () => {
    if (alert.dismissible) dismissAlert(alert.id);
    else hideThisVisit(alert.id);
    setDismissed((d) => [...d, alert.id]);
  };
  const frame = alertFrameProps(alert, expanded);
  return (
    <div
      className={frame.className}
      style={frame.style}
      role="status"
      data-testid="site-alert"
      data-alert-id={alert.id}
    >
      <div className="container-xl d-flex align-items-center gap-2">
        <AlertBody alert={alert} expanded={expanded} onToggle={() => setExpanded((e) => !e)} />
        <button
          type="button"
          className={`btn-close btn-touch ${alert.dismissible ? '' : 'd-lg-none'}`}
          aria-label={t('community.alerts.dismiss')}
          onClick={close}
        />
      </div>
    </div>
  );
}

function CodeFrame({ ad, hidden = false }: { ad: Ad; hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <iframe
      title={t('community.ads.frameTitle', { name: ad.name })}
      // Admin-authored code: scripts and popups only, never the site's origin or cookies.
      sandbox={AD_SANDBOX}
      srcDoc={ad.code}
      referrerPolicy="no-referrer"
      loading="lazy"
      className={hidden ? 'ad-frame-hidden' : 'ad-frame'}
      data-testid="ad-frame"
    />
  );
}

function AdUnit({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  if (ad.type === 'Code') return <CodeFrame ad={ad} />;
  const href = safeHref(ad.safe_link);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer sponsored nofollow"
      className="ad-link"
      data-testid="ad-link"
    >
      <span className="badge text-bg-secondary me-2">{t('community.ads.label')}</span>
      {ad.name}
    </a>
  );
}

/** Ad slots of a layout: header links and layout-top above the page, layout-bottom below it. */
export function AdSlot({
  spot,
  layoutAllowsAds,
}: {
  spot: 'layout-top' | 'layout-bottom' | 'header-link' | 'global';
  layoutAllowsAds: boolean;
}) {
  const viewer = useViewer(layoutAllowsAds);
  const on = adsAllowed(viewer);
  // The server falls back to Straight when no orientation is given (spec section 5).
  const ads = useAds(on, undefined);
  if (!on || !ads.data?.length) return null;
  if (spot === 'global') {
    const codes = ads.data.filter(
      (ad) =>
        ad.type === 'Code' &&
        ad.spots.some((s) => s.startsWith('global') && spotAllowed(s, viewer)),
    );
    return (
      <>
        {codes.map((ad) => (
          <CodeFrame key={ad.id} ad={ad} hidden />
        ))}
      </>
    );
  }
  const here = ads.data.filter((ad) => ad.spots.includes(spot) && spotAllowed(spot, viewer));
  if (!here.length) return null;
  return (
    <aside
      className={`ad-slot ad-slot-${spot} container-xl`}
      data-testid={`ad-${spot}`}
      aria-label="ad"
    >
      {here.map((ad) => (
        <AdUnit key={ad.id} ad={ad} />
      ))}
    </aside>
  );
}
