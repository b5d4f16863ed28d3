import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import {
  COOKIES,
  decideReminder,
  endsWithinWindow,
  type ReminderUser,
  reminderTarget,
  shownCookie,
} from './reminders';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(NOW + h * HOUR).toISOString();

// A member with nothing running (the test user's defaults).
const member: ReminderUser = makeUser();

const jar =
  (cookies: Record<string, string> = {}) =>
  (name: string) =>
    cookies[name] ?? null;

const everythingEnding: ReminderUser = {
  is_studio: true,
  studio_ending_at: inHours(24),
  is_automated_topup: true,
  automation_topup_ending_at: inHours(24),
  is_promoted: true,
  promotion_ending_at: inHours(24),
};

describe('endsWithinWindow', () => {
  it('is true up to exactly 3 days ahead, false past it or in the past', () => {
    expect(endsWithinWindow(inHours(1), NOW)).toBe(true);
    expect(endsWithinWindow(inHours(72), NOW)).toBe(true);
    expect(endsWithinWindow(inHours(72.01), NOW)).toBe(false);
    expect(endsWithinWindow(inHours(-1), NOW)).toBe(false);
    expect(endsWithinWindow(null, NOW)).toBe(false);
    expect(endsWithinWindow('not a date', NOW)).toBe(false);
  });
});

describe('decideReminder precedence', () => {
  it('shows the end-studio modal first', () => {
    expect(decideReminder(everythingEnding, jar(), NOW)).toBe('endStudio');
  });

  it('then the end-automation modal when the Studio is not ending', () => {
    const user = { ...everythingEnding, studio_ending_at: inHours(24 * 20) };
    expect(decideReminder(user, jar(), NOW)).toBe('endAutomation');
  });

  it('then the end-promotion modal', () => {
    const user = { ...everythingEnding, is_studio: false, is_automated_topup: false };
    expect(decideReminder(user, jar(), NOW)).toBe('endPromotion');
  });

  it('shows nothing to a VIP whose promotion is far from ending, whatever the counter', () => {
    const user = { ...member, is_promoted: true, promotion_ending_at: inHours(24 * 10) };
    expect(decideReminder(user, jar({ third: '3' }), NOW)).toBeNull();
    expect(decideReminder(user, jar({ third: '9' }), NOW)).toBeNull();
  });

  it('offers the third connection deal at exactly 3 connections', () => {
    expect(decideReminder(member, jar({ third: '2' }), NOW)).toBeNull();
    expect(decideReminder(member, jar({ third: '3' }), NOW)).toBe('thirdConnection');
  });

  it('shows the buy-promotion modal after the third connection', () => {
    expect(decideReminder(member, jar({ third: '4' }), NOW)).toBe('buyPromotion');
  });

  it('shows nothing to a new member without a counter', () => {
    expect(decideReminder(member, jar(), NOW)).toBeNull();
    expect(decideReminder(member, jar({ third: 'junk' }), NOW)).toBeNull();
  });
});

describe('decideReminder cookie windows', () => {
  it('does not repeat the end-studio modal within 22 hours, and does not fall through', () => {
    expect(decideReminder(everythingEnding, jar({ [COOKIES.endStudio]: '1' }), NOW)).toBeNull();
  });

  it('does not repeat the end-automation or end-promotion modals while their cookie lives', () => {
    const automation = { ...everythingEnding, is_studio: false };
    expect(decideReminder(automation, jar({ endautotopup: '1' }), NOW)).toBeNull();
    const promotion = { ...automation, is_automated_topup: false };
    expect(decideReminder(promotion, jar({ end: '1' }), NOW)).toBeNull();
  });

  it('shows the buy-promotion modal once a week (cookie pr)', () => {
    expect(decideReminder(member, jar({ third: '5', pr: '1' }), NOW)).toBeNull();
  });

  it('sets 22-hour cookies for the end reminders and a 7-day one for buy-promotion', () => {
    expect(shownCookie('endStudio')).toEqual({ name: 'endstudio', maxAge: 79_200 });
    expect(shownCookie('endAutomation')).toEqual({ name: 'endautotopup', maxAge: 79_200 });
    expect(shownCookie('endPromotion')).toEqual({ name: 'end', maxAge: 79_200 });
    expect(shownCookie('buyPromotion')).toEqual({ name: 'pr', maxAge: 604_800 });
    expect(shownCookie('thirdConnection')).toBeNull();
  });

  it('ignores an expired Studio: the next rule applies', () => {
    const user = { ...member, is_studio: true, studio_ending_at: inHours(-2) };
    expect(decideReminder(user, jar({ third: '4' }), NOW)).toBe('buyPromotion');
  });
});

describe('end reminders: the window and the renew prompt', () => {
  it('skips a Studio or Auto Top-Up ending beyond 3 days and reminds of the VIP ending in 2', () => {
    const user: ReminderUser = {
      is_studio: true,
      studio_ending_at: inHours(24 * 3 + 1),
      is_automated_topup: true,
      automation_topup_ending_at: inHours(24 * 10),
      is_promoted: true,
      promotion_ending_at: inHours(48),
    };
    expect(decideReminder(user, jar(), NOW)).toBe('endPromotion');
    // Shown once: the 22-hour cookie hides it, and nothing else shows instead.
    expect(decideReminder(user, jar({ end: '1' }), NOW)).toBeNull();
  });

  it('comes back once the 22-hour cookie has expired, while the end is still within 3 days', () => {
    const user = { ...member, is_promoted: true, promotion_ending_at: inHours(48) };
    expect(decideReminder(user, jar({ third: '7' }), NOW)).toBe('endPromotion');
  });

  it('links each end reminder to the product that renews it', () => {
    expect(reminderTarget('endStudio')).toBe('/shop#product-studio-month');
    expect(reminderTarget('endAutomation')).toBe('/shop#product-auto-topup-month');
    expect(reminderTarget('endPromotion')).toBe('/shop#product-vip-month');
    expect(reminderTarget('buyPromotion')).toBe('/shop');
  });
});
