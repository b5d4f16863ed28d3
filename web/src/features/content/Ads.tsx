import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { consentsQuery } from '@/api/consents';
import { AdUnit } from '@/components/AdView';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';
import { useAgeConfirmed } from '@/session/useAgeConfirmed';
import { type AdChoice, type AdPage, type AdSpotName, type AdViewer, chooseAd } from './chooseAd';
import { type Ad, useAds, useAdsExplain } from './queries';
import './content.css';

/** ?debugad (any value but 0) on any page: each slot says which ad it chose and why, or why none. */
export function debugAdsOn(search: string): boolean {
  const value = new URLSearchParams(search).get('debugad');
  return value !== null && value !== '0' && value !== 'false';
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
  const vip = !!user && (user.is_promoted || user.is_studio);
  // The member's orientation, only when they opted in (the server sends null otherwise); never
  // asked for visitors, nor for members who get no ads.
  const consents = useQuery({ ...consentsQuery, enabled: !!user && !vip, meta: { silent: true } });
  const viewer: AdViewer = {
    ageConfirmed,
    vip,
    fullAdmin: user?.admin_level === 'Full',
    orientation: consents.data?.ad_orientation ?? null,
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
