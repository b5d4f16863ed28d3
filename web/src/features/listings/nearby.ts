import { getCookie, setCookie } from '@/lib/cookies';

/**
 * The nearby-users modal (spec sections 2, 4 and 9): page 2 of a listing raises a flag; the modal
 * shows when the flag is set, it was not dismissed (a 7-day cookie), and no other modal is open.
 */
export const NEARBY_COOKIE = 'nearbyDismissed';
export const NEARBY_COOKIE_MAX_AGE = 604_800;
export const NEARBY_MIN = 45;
export const NEARBY_MAX = 100;

/** The flag is set when the page query is 2 and cleared otherwise. */
export function nearbyFlag(page: string | null | undefined): boolean {
  return page?.trim() === '2';
}

export function shouldShowNearby(state: {
  flag: boolean;
  dismissed: boolean;
  otherModalOpen: boolean;
}): boolean {
  return state.flag && !state.dismissed && !state.otherModalOpen;
}

/** A count between 45 and 100, both included. */
export function nearbyCount(random: () => number = Math.random): number {
  return NEARBY_MIN + Math.floor(random() * (NEARBY_MAX - NEARBY_MIN + 1));
}

export function isNearbyDismissed(): boolean {
  return getCookie(NEARBY_COOKIE) === '1';
}

export function dismissNearby() {
  setCookie(NEARBY_COOKIE, '1', { maxAge: NEARBY_COOKIE_MAX_AGE });
}
