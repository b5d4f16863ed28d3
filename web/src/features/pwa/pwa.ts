import { getCookie, setCookie } from '@/lib/cookies';

/**
 * The home-screen app's prompts (spec sections 2, 4, 5 and 9), as pure rules:
 * - the app banner: mobile only, not standalone, not on home, after 5 or more impressions (page
 *   views, counted in the `impressions` cookie, capped at 5, kept 1 day), never again once dismissed;
 * - the announcement modal: mobile browsers (not standalone) count page navigations in a 7-day
 *   cookie; at the third the modal shows, once.
 */
export const IMPRESSIONS_COOKIE = 'impressions';
export const IMPRESSIONS_CAP = 5;
export const IMPRESSIONS_MAX_AGE = 86_400;
export const BANNER_DISMISSED_COOKIE = 'appBannerDismissed';
export const BANNER_DISMISSED_MAX_AGE = 365 * 86_400;
export const ANNOUNCEMENT_COOKIE = 'announcement';
export const ANNOUNCEMENT_MAX_AGE = 7 * 86_400;
export const ANNOUNCEMENT_AT = 3;
/** The announcement cookie's value once the modal was shown (the counter stops there). */
export const ANNOUNCEMENT_SHOWN = 'shown';

export type Browser = 'safari' | 'chrome' | 'firefox' | 'other';

export function isMobile(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);
}

/** Which install instructions fit: Safari on iPhone, Chrome, Firefox, or any other browser. */
export function detectBrowser(userAgent: string): Browser {
  if (/FxiOS|Firefox\//.test(userAgent)) return 'firefox';
  if (/EdgA?\/|OPR\/|SamsungBrowser|YaBrowser|UCBrowser/.test(userAgent)) return 'other';
  if (/CriOS|Chrome\//.test(userAgent)) return 'chrome';
  if (/iPhone|iPad|iPod/.test(userAgent) && /Safari\//.test(userAgent)) return 'safari';
  return 'other';
}

export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** One more page view: the new count, capped at 5. */
export function nextImpressions(current: string | null): number {
  const n = Number.parseInt(current ?? '0', 10);
  return Math.min(IMPRESSIONS_CAP, (Number.isFinite(n) && n > 0 ? n : 0) + 1);
}

export function shouldShowBanner(state: {
  mobile: boolean;
  standalone: boolean;
  pathname: string;
  impressions: number;
  dismissed: boolean;
}): boolean {
  return (
    state.mobile &&
    !state.standalone &&
    state.pathname !== '/' &&
    state.impressions >= IMPRESSIONS_CAP &&
    !state.dismissed
  );
}

/** The next announcement counter value and whether the modal shows now. */
export function nextAnnouncement(current: string | null): { value: string; show: boolean } {
  if (current === ANNOUNCEMENT_SHOWN) return { value: ANNOUNCEMENT_SHOWN, show: false };
  const n = Number.parseInt(current ?? '0', 10);
  const next = (Number.isFinite(n) && n > 0 ? n : 0) + 1;
  return next >= ANNOUNCEMENT_AT
    ? { value: ANNOUNCEMENT_SHOWN, show: true }
    : { value: String(next), show: false };
}

/** Counts one page view for both prompts; returns what to show. Browser-only. */
export function countPageView(pathname: string): { banner: boolean; announcement: boolean } {
  const mobile = isMobile(navigator.userAgent);
  const standalone = isStandalone();
  if (!mobile || standalone) return { banner: false, announcement: false };
  const impressions = nextImpressions(getCookie(IMPRESSIONS_COOKIE));
  setCookie(IMPRESSIONS_COOKIE, String(impressions), { maxAge: IMPRESSIONS_MAX_AGE });
  const announcement = nextAnnouncement(getCookie(ANNOUNCEMENT_COOKIE));
  setCookie(ANNOUNCEMENT_COOKIE, announcement.value, { maxAge: ANNOUNCEMENT_MAX_AGE });
  return {
    banner: shouldShowBanner({
      mobile,
      standalone,
      pathname,
      impressions,
      dismissed: getCookie(BANNER_DISMISSED_COOKIE) === '1',
    }),
    announcement: announcement.show,
  };
}

export function dismissBanner() {
  setCookie(BANNER_DISMISSED_COOKIE, '1', { maxAge: BANNER_DISMISSED_MAX_AGE });
}

/** Chrome's install prompt, kept from `beforeinstallprompt` so the modal can offer one tap. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: InstallPromptEvent | null = null;

export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
  });
}

export function takeInstallPrompt(): InstallPromptEvent | null {
  const prompt = deferredPrompt;
  deferredPrompt = null;
  return prompt;
}

export const hasInstallPrompt = () => deferredPrompt !== null;
