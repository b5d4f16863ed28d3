import { ORIENTATIONS } from '@/config/options';

/**
 * Which ad goes in a slot, and why (or why none): ONE pure function for every rule of spec
 * section 5 the client owns. The server already dropped what it decides (country, VIP, Full admin,
 * schedule: backend content/ads_rules.py); in the debug view (?debugad=1) it sends every ad with
 * the spots it refuses and why, and this function words them too.
 */

export const AD_SPOTS = [
  'header-link',
  'layout-top',
  'layout-bottom',
  'global-code',
  'global-popup-code',
] as const;
export type AdSpotName = (typeof AD_SPOTS)[number];
const LAYOUT_SPOTS: readonly string[] = ['layout-top', 'layout-bottom'];
const GLOBAL_CODE_SPOTS: readonly string[] = ['global-code', 'global-popup-code'];
/** Spec section 5: the page's orientation, else Straight. */
export const FALLBACK_ORIENTATION = 'Straight';

export interface AdCandidate {
  id: number;
  name: string;
  spots: readonly string[];
  orientation: string | null;
  countries: readonly string[];
  /** Debug view only: spot -> the server's reason for not sending the ad there. */
  refused?: Readonly<Record<string, string>>;
}

export interface AdPage {
  pathname: string;
  /** The query string, for ?orientation= on listing pages. */
  search: string;
  /** noads, transparent, user and admin layouts have no ad slots. */
  layoutAllowsAds: boolean;
}

export interface AdViewer {
  /** The age gate answered (signed-in members skip it). */
  ageConfirmed: boolean;
  /** VIP or Studio: no ads at all. */
  vip: boolean;
  fullAdmin: boolean;
  /** The country the server saw (debug view only), for "no ad for country FR". */
  country?: string | null;
  /**
   * The member's own orientation, sent by the server only when they opted in (account page,
   * GET /v1/user/consents); without it the choice falls back to Straight (GDPR Art. 9).
   */
  orientation?: string | null;
}

/** An i18n key under `ads.why` and its values. */
export interface AdWhy {
  key:
    | 'chosen'
    | 'notOnHome'
    | 'notOnShop'
    | 'noAdsLayout'
    | 'ageGate'
    | 'vip'
    | 'fullAdmin'
    | 'notOnAuth'
    | 'noAdForSpot'
    | 'country'
    | 'notStarted'
    | 'ended'
    | 'inactive'
    | 'orientation';
  values?: Record<string, string>;
}

export interface AdChoice<A extends AdCandidate> {
  spot: AdSpotName;
  ad: A | null;
  why: AdWhy;
}

function clean(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

const byName = (value: string | null | undefined) =>
  ORIENTATIONS.find((o) => o.toLowerCase() === (value ?? '').toLowerCase());

/**
 * The orientation an ad is chosen for: the one a page lists (/{app}-usernames/orientation/gay,
 * ?orientation=Gay), else the member's own when they opted in (`consented`), else Straight.
 */
export function pageOrientation(
  pathname: string,
  search: string,
  consented?: string | null,
): string {
  const parts = clean(pathname).split('/');
  const at = parts.indexOf('orientation');
  const fromPath = at > 0 ? byName(parts[at + 1]) : undefined;
  return (
    fromPath ??
    byName(new URLSearchParams(search).get('orientation')) ??
    byName(consented) ??
    FALLBACK_ORIENTATION
  );
}

// When every ad for a spot is refused by the server, the most telling reason is shown.
const SERVER_REASONS: readonly [string, AdWhy['key']][] = [
  ['country', 'country'],
  ['not_started', 'notStarted'],
  ['ended', 'ended'],
  ['inactive', 'inactive'],
  ['vip', 'vip'],
  ['full_admin', 'fullAdmin'],
];

export function chooseAd<A extends AdCandidate>(
  spot: AdSpotName,
  ads: readonly A[],
  page: AdPage,
  viewer: AdViewer,
): AdChoice<A> {
  const none = (key: AdWhy['key'], values?: Record<string, string>): AdChoice<A> => ({
    spot,
    ad: null,
    why: values ? { key, values } : { key },
  });
  const path = clean(page.pathname);
  // Route rules first: they hold for every viewer.
  if (path === '/') return none('notOnHome');
  if (under(path, '/shop')) return none('notOnShop');
  if (GLOBAL_CODE_SPOTS.includes(spot) && under(path, '/auth')) return none('notOnAuth');
  if (!page.layoutAllowsAds) return none('noAdsLayout');
  if (!viewer.ageConfirmed) return none('ageGate');
  if (viewer.vip) return none('vip');
  if (viewer.fullAdmin && (LAYOUT_SPOTS.includes(spot) || GLOBAL_CODE_SPOTS.includes(spot))) {
    return none('fullAdmin');
  }
  const forSpot = ads.filter((ad) => ad.spots.includes(spot));
  if (!forSpot.length) return none('noAdForSpot');
  const sent = forSpot.filter((ad) => !ad.refused?.[spot]);
  if (!sent.length) {
    const reasons = new Set(forSpot.map((ad) => ad.refused?.[spot]));
    const [, key] = SERVER_REASONS.find(([code]) => reasons.has(code)) ?? ['', 'noAdForSpot'];
    return key === 'country' ? none(key, { country: viewer.country || '?' }) : none(key);
  }
  const orientation = pageOrientation(page.pathname, page.search, viewer.orientation);
  const fits = sent.filter((ad) => !ad.orientation || ad.orientation === orientation);
  if (!fits.length) return none('orientation', { orientation });
  // The most targeted ad first: its own orientation, then its own countries, then the newest.
  const score = (ad: A) => (ad.orientation ? 2 : 0) + (ad.countries.includes('GLOBAL') ? 0 : 1);
  const ad = [...fits].sort((a, b) => score(b) - score(a) || b.id - a.id)[0] as A;
  return {
    spot,
    ad,
    why: {
      key: 'chosen',
      values: {
        name: ad.name,
        orientation: ad.orientation ?? '',
        countries: ad.countries.join(', '),
      },
    },
  };
}
