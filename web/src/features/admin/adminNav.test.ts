import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, navItemFor, visibleNav } from './adminNav';

const MODERATOR = [
  'admin.dashboard',
  'moderation.review',
  'moderation.reports',
  'moderation.notices',
  'moderation.bans',
  'moderation.macros',
  'wallet.promotions',
  'wallet.automations',
  'accounts.switch_rules',
  'trust.age_verification',
];
const routed = new Set(['/admin', '/admin/review', '/admin/report', '/admin/order', '/admin/pins']);

describe('the admin menu', () => {
  it('never offers a moderator the economy tools', () => {
    const paths = visibleNav(MODERATOR, () => true).map((i) => i.path);
    expect(paths).toContain('/admin/report');
    expect(paths).toContain('/admin/notices');
    expect(paths).not.toContain('/admin/order');
    expect(paths).not.toContain('/admin/keygen');
    expect(paths).not.toContain('/admin/pins');
    expect(paths).not.toContain('/admin/users');
  });

  it('offers every level the promotions, automations and switch rules, and Full the tags and groups', () => {
    const paths = visibleNav(MODERATOR, () => true).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/admin/promotions', '/admin/automations', '/admin/switch-rules']),
    );
    expect(paths).not.toContain('/admin/tags');
    expect(paths).not.toContain('/admin/groups');
    const full = visibleNav(
      ADMIN_NAV.map((i) => i.permission),
      () => true,
    ).map((i) => i.path);
    expect(full).toEqual(expect.arrayContaining(['/admin/tags', '/admin/groups']));
  });

  it('shows only entries whose screen is routed', () => {
    const all = ADMIN_NAV.map((i) => i.permission);
    expect(visibleNav(all, (p) => routed.has(p)).map((i) => i.path)).toEqual([
      '/admin',
      '/admin/review',
      '/admin/report',
      '/admin/order',
      '/admin/pins',
    ]);
  });

  it('finds the entry of a nested page, the longest prefix winning', () => {
    expect(navItemFor('/admin/users/12')?.permission).toBe('accounts.users');
    expect(navItemFor('/admin/')?.key).toBe('home');
    expect(navItemFor('/admin/order')?.permission).toBe('shop.orders');
  });
});
