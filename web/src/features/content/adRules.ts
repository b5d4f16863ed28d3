import { getCookie, setCookie } from '@/lib/cookies';

/** Alert visibility and the links ads may use (which ad shows where: chooseAd.ts). */
export const ALERT_DISMISS_SECONDS = 1_209_600;
function clean(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

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

/** Only http(s) links leave through an ad (the drawing is shared with the admin preview). */
export { safeHref } from '@/components/AdView';
