/**
 * The layout reminder modals (spec section 4, "Layout modal precedence"), as a pure decision so the
 * precedence and the cookie windows are testable without a browser.
 *
 * Reading of the spec: the branches are chosen by the account's state, in order; a reminder already
 * shown within its window (its cookie is set) means nothing shows, the next branch is not tried.
 * Studio ending within 3 days -> end-studio; else Auto Top-Up ending within 3 days -> end-automation;
 * else VIP ending within 3 days -> end-promotion; else, if not VIP: the third connection -> an
 * offer, later connections -> the buy-promotion modal at most once a week.
 */
export type Reminder =
  | 'endStudio'
  | 'endAutomation'
  | 'endPromotion'
  | 'thirdConnection'
  | 'buyPromotion';

export const REMINDER_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** Each reminder at most once per 22 hours. */
export const REMINDER_COOKIE_SECONDS = 79_200;
/** The buy-promotion modal at most once a week. */
export const BUY_PROMOTION_COOKIE_SECONDS = 7 * 24 * 60 * 60;
/** The connection counter outlives any reminder window. */
export const THIRD_COOKIE_SECONDS = 365 * 24 * 60 * 60;
export const THIRD_CONNECTION = 3;

/** The spec's cookie names. */
export const COOKIES = {
  endStudio: 'endstudio',
  endAutomation: 'endautotopup',
  endPromotion: 'end',
  third: 'third',
  buyPromotion: 'pr',
} as const;

export interface ReminderUser {
  is_studio: boolean;
  studio_ending_at: string | null;
  is_automated_topup: boolean;
  automation_topup_ending_at: string | null;
  is_promoted: boolean;
  promotion_ending_at: string | null;
}

export type CookieReader = (name: string) => string | null;

/** True when `iso` is in the future and no more than 3 days away. */
export function endsWithinWindow(iso: string | null, now: number): boolean {
  if (!iso) return false;
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return false;
  return end > now && end - now <= REMINDER_WINDOW_MS;
}

export function connectionCount(cookies: CookieReader): number {
  const n = Number.parseInt(cookies(COOKIES.third) ?? '0', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function decideReminder(
  user: ReminderUser,
  cookies: CookieReader,
  now: number = Date.now(),
): Reminder | null {
  const once = (reminder: Reminder, cookie: string) => (cookies(cookie) ? null : reminder);

  if (user.is_studio && endsWithinWindow(user.studio_ending_at, now)) {
    return once('endStudio', COOKIES.endStudio);
  }
  if (user.is_automated_topup && endsWithinWindow(user.automation_topup_ending_at, now)) {
    return once('endAutomation', COOKIES.endAutomation);
  }
  if (user.is_promoted && endsWithinWindow(user.promotion_ending_at, now)) {
    return once('endPromotion', COOKIES.endPromotion);
  }
  if (user.is_promoted) return null;

  const connections = connectionCount(cookies);
  if (connections === THIRD_CONNECTION) return 'thirdConnection';
  if (connections > THIRD_CONNECTION) return once('buyPromotion', COOKIES.buyPromotion);
  return null;
}

/** The cookie (and how long it lives) that marks a reminder as shown. */
export function shownCookie(reminder: Reminder): { name: string; maxAge: number } | null {
  switch (reminder) {
    case 'endStudio':
      return { name: COOKIES.endStudio, maxAge: REMINDER_COOKIE_SECONDS };
    case 'endAutomation':
      return { name: COOKIES.endAutomation, maxAge: REMINDER_COOKIE_SECONDS };
    case 'endPromotion':
      return { name: COOKIES.endPromotion, maxAge: REMINDER_COOKIE_SECONDS };
    case 'buyPromotion':
      return { name: COOKIES.buyPromotion, maxAge: BUY_PROMOTION_COOKIE_SECONDS };
    // The third connection happens once: the counter moves on at the next browser session.
    case 'thirdConnection':
      return null;
  }
}

/** The ending date a reminder talks about. */
export function reminderEnd(reminder: Reminder, user: ReminderUser): string | null {
  if (reminder === 'endStudio') return user.studio_ending_at;
  if (reminder === 'endAutomation') return user.automation_topup_ending_at;
  if (reminder === 'endPromotion') return user.promotion_ending_at;
  return null;
}

/** The shop product that renews what an end reminder is about (the month: the spec's card prices). */
export const RENEW_SKU: Partial<Record<Reminder, string>> = {
  endStudio: 'studio-month',
  endAutomation: 'auto-topup-month',
  endPromotion: 'vip-month',
};

/** Where a reminder's button leads: the renewing product's card in the shop, else the shop. */
export function reminderTarget(reminder: Reminder): string {
  const sku = RENEW_SKU[reminder];
  return sku ? `/shop#product-${sku}` : '/shop';
}
