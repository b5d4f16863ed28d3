import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUser } from '@/session/session';
import { useAgeConfirmed } from '@/session/useAgeConfirmed';
import { safeHref } from './adRules';
import { type AdChoice, type AdPage, type AdSpotName, type AdViewer, chooseAd } from './chooseAd';
import { type Ad, useAds, useAdsExplain } from './queries';
import './content.css';

/**
 * Code ads run only here: a frame loading the ad's own document (GET /v1/ads/{id}/frame, served
 * with a sandbox policy of its own). Without allow-same-origin its origin is opaque, so the code
 * cannot read the site's cookies or storage, and what it requests carries no session. Popups may
 * open (an ad click) and leave the sandbox: they load the advertiser's page, not ours.
 */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
const MIN_FRAME = 50;
const MAX_FRAME = 320;

export function adFrameSrc(id: number): string {
  return `/v1/ads/${id}/frame`;
}

/** ?debugad (any value but 0) on any page: each slot says which ad it chose and why, or why none. */
export function debugAdsOn(search: string): boolean {
  const value = new URLSearchParams(search).get('debugad');
  return value !== null && value !== '0' && value !== 'false';
}

export function AdCodeFrame({ ad, hidden = false }: { ad: Pick<Ad, 'id' | 'name'>; hidden?: boolean }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(90);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this frame's own size report; anything else it posts is ignored.
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as { addmeAd?: unknown; height?: unknown } | null;
      if (data && data.addmeAd === ad.id && typeof data.height === 'number') {
        setHeight(Math.min(MAX_FRAME, Math.max(MIN_FRAME, Math.ceil(data.height))));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [ad.id]);
  return (
    <iframe
      ref={frame}
      title={t('ads.frameTitle', { name: ad.name })}
      sandbox={AD_SANDBOX}
      src={adFrameSrc(ad.id)}
      referrerPolicy="no-referrer"
      loading="lazy"
      className={hidden ? 'ad-frame-hidden' : 'ad-frame'}
      style={hidden ? undefined : { height }}
      data-testid="ad-frame"
      data-ad-id={ad.id}
    />
  );
}

/** One ad as visitors see it (the admin preview draws with this too). */
export function AdUnit({
  ad,
  spot,
}: {
  ad: Pick<Ad, 'id' | 'name' | 'type' | 'safe_link' | 'image'>;
  spot: AdSpotName;
}) {
  const { t } = useTranslation();
  if (ad.type === 'Code') return <AdCodeFrame ad={ad} hidden={spot.startsWith('global')} />;
  const href = safeHref(ad.safe_link);
  if (!href) return null;
  const label = (
    <span className="badge text-bg-secondary ad-badge">
      {ad.type === 'Crak' ? t('ads.partner') : t('ads.label')}
    </span>
  );
  // A banner picture in the page's slots; the header's strip and Crak ads are text.
  const banner = ad.type === 'Link' && ad.image && spot !== 'header-link';
  return (
    <a
      href={href}
      target="_blank"
      rel="sponsored noopener noreferrer"
      className={banner ? 'ad-banner' : ad.type === 'Crak' ? 'ad-crak' : 'ad-link'}
      data-testid={`ad-${ad.type.toLowerCase()}`}
      data-ad-id={ad.id}
    >
      {banner ? (
        <>
          <img src={ad.image ?? ''} alt={ad.name} loading="lazy" referrerPolicy="no-referrer" />
          {label}
        </>
      ) : (
        <>
          {label}
          <span className="ad-name">{ad.name}</span>
          {ad.type === 'Crak' && <span aria-hidden="true">→</span>}
        </>
      )}
    </a>
  );
}

function DebugNote({ choice }: { choice: AdChoice<Ad> }) {
  const { t } = useTranslation();
  const values = { ...choice.why.values };
  if (choice.why.key === 'chosen') {
    values.orientation = values.orientation || t('ads.anyOrientation');
  }
  return (
    <div
      className="ad-debug small font-monospace"
      data-testid={`ad-debug-${choice.spot}`}
      role="note"
    >
      <strong>{choice.spot}</strong>: {t(`ads.why.${choice.why.key}`, values)}
    </div>
  );
}

function useAdContext(layoutAllowsAds: boolean) {
  const { pathname, search } = useLocation();
  const { user } = useUser();
  const ageConfirmed = useAgeConfirmed();
  const page: AdPage = { pathname, search, layoutAllowsAds };
  const viewer: AdViewer = {
    ageConfirmed,
    vip: !!user && (user.is_promoted || user.is_studio),
    fullAdmin: user?.admin_level === 'Full',
  };
  return { page, viewer, debug: debugAdsOn(search) };
}

/**
 * An ad slot of a layout. 'global' holds both global code spots (hidden frames: their code runs,
 * it draws nothing in the page). The list is loaded once a visit, and only when this page and
 * viewer may get an ad at all.
 */
export function AdSlot({
  spot,
  layoutAllowsAds,
}: {
  spot: AdSpotName | 'global';
  layoutAllowsAds: boolean;
}) {
  const { t } = useTranslation();
  const { page, viewer, debug } = useAdContext(layoutAllowsAds);
  const spots: AdSpotName[] = spot === 'global' ? ['global-code', 'global-popup-code'] : [spot];
  // The route's and viewer's rules alone (no ads given): "no ad for this spot" means they allow it.
  const allowed = spots.some((s) => chooseAd(s, [], page, viewer).why.key === 'noAdForSpot');
  const ads = useAds(allowed && !debug);
  const explain = useAdsExplain(debug);
  const list = debug ? explain.data?.ads : ads.data;
  if (!debug && (!allowed || !list?.length)) return null;
  const choices = spots.map((s) =>
    chooseAd(s, list ?? [], page, { ...viewer, country: explain.data?.country }),
  );
  const shown = choices.filter((c) => c.ad);
  if (spot === 'global') {
    return (
      <>
        {debug && (
          <div className="container-xl">
            {choices.map((c) => (
              <DebugNote key={c.spot} choice={c} />
            ))}
          </div>
        )}
        {shown.map((c) => c.ad && <AdUnit key={c.spot} ad={c.ad} spot={c.spot} />)}
      </>
    );
  }
  const [choice] = choices as [AdChoice<Ad>];
  if (!choice.ad && !debug) return null;
  return (
    <aside
      className={`ad-slot ad-slot-${spot} container-xl`}
      data-testid={`ad-slot-${spot}`}
      aria-label={t('ads.slot')}
    >
      {choice.ad && <AdUnit ad={choice.ad} spot={spot} />}
      {debug && <DebugNote choice={choice} />}
    </aside>
  );
}
