import { getCookie, setCookie } from '@/lib/cookies';

/** Ad and alert visibility (spec section 5). The server filters too; this is the client's half. */
export const ALERT_DISMISS_SECONDS = 1_209_600;
export const LAYOUT_SPOTS = ['layout-top', 'layout-bottom'] as const;
export const GLOBAL_CODE_SPOTS = ['global-code', 'global-popup-code'] as const;

export interface Viewer {
  pathname: string;
  /** The age gate answered, or a signed-in member (who skips it). */
  ageConfirmed: boolean;
  vip: boolean;
  fullAdmin: boolean;
  /** The layout allows ads (noads, transparent and user layouts do not). */
  layoutAllowsAds: boolean;
}

function clean(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** No ads at all on / and /shop (and its sub-pages), before the age gate is answered, or for VIP. */
export function adsAllowed(v: Viewer): boolean {
  const path = clean(v.pathname);
  if (path === '/' || path === '/shop' || path.startsWith('/shop/')) return false;
  if (!v.ageConfirmed || v.vip) return false;
  return v.layoutAllowsAds;
}

/** Which spot may render for this viewer. */
export function spotAllowed(spot: string, v: Viewer): boolean {
  if (!adsAllowed(v)) return false;
  if ((GLOBAL_CODE_SPOTS as readonly string[]).includes(spot)) {
    const path = clean(v.pathname);
    return !v.fullAdmin && !(path === '/auth' || path.startsWith('/auth/'));
  }
  if ((LAYOUT_SPOTS as readonly string[]).includes(spot)) return !v.fullAdmin;
  return true;
}

/** Code ads run only here: a sandboxed frame without allow-same-origin never sees our cookies. */
export const AD_SANDBOX = 'allow-scripts allow-popups';

/** The alert spot of a page (the server's list is in content/alerts_admin.py); null: global only. */
export function alertSpot(pathname: string): string | null {
  const path = clean(pathname);
  if (path === '/') return 'home';
  const [first = '', second = ''] = path.split('/').slice(1);
  if (first === 'user') {
    if (second === 'local-swipes') return 'swipes';
    if (second === 'group') return 'groups';
    return 'account';
  }
  if (['list', 'nudes', 'username', 'tags', 'countries'].includes(first)) return 'listings';
  if (first === 'local-swipes') return 'swipes';
  if (['shop', 'auth', 'blog', 'help', 'groups'].includes(first)) return first;
  return null;
}

export function alertDismissed(id: number): boolean {
  return getCookie(`alert_${id}`) === '1';
}

export function dismissAlert(id: number) {
  setCookie(`alert_${id}`, '1', { maxAge: ALERT_DISMISS_SECONDS });
}

/** Only http(s) links leave through an ad. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, 'https://invalid.example');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
