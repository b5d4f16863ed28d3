import { getCookie, removeCookie, setCookie } from '@/lib/cookies';

export const AGE_COOKIE = 'ageVerified';
export const AGE_COOKIE_SECONDS = 86400;
export const LEAVE_URL = 'https://www.google.com';

/** Routes a visitor may read before answering the age gate. */
const OPEN_PATHS = new Set(['/', '/terms']);

export function isAgeConfirmed(): boolean {
  return getCookie(AGE_COOKIE) === 'true';
}

export function confirmAge() {
  setCookie(AGE_COOKIE, 'true', { maxAge: AGE_COOKIE_SECONDS });
}

/** Logout and a lost session remove the confirmation (spec sections 4 and 8). */
export function clearAgeConfirmation() {
  removeCookie(AGE_COOKIE);
}

export function shouldShowAgeGate({
  pathname,
  signedIn,
  confirmed,
}: {
  pathname: string;
  signedIn: boolean;
  confirmed: boolean;
}): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !signedIn && !confirmed && !OPEN_PATHS.has(path);
}

/** Indirection so tests can see where I Disagree sends the visitor. */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};

export function leaveSite() {
  browser.go(LEAVE_URL);
}
