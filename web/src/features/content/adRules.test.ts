import { describe, expect, it } from 'vitest';
import { adsAllowed, safeHref, spotAllowed, type Viewer } from './adRules';

const viewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  pathname: '/list',
  ageConfirmed: true,
  vip: false,
  fullAdmin: false,
  layoutAllowsAds: true,
  ...overrides,
});

describe('ad visibility', () => {
  it('shows ads on a listing page after the age gate', () => {
    expect(adsAllowed(viewer())).toBe(true);
    expect(spotAllowed('layout-top', viewer())).toBe(true);
    expect(spotAllowed('global-code', viewer())).toBe(true);
  });

  it('never on / or /shop', () => {
    for (const pathname of ['/', '/shop', '/shop/', '/shop/direct']) {
      expect(adsAllowed(viewer({ pathname }))).toBe(false);
    }
  });

  it('no global code ads on /auth routes', () => {
    expect(spotAllowed('global-code', viewer({ pathname: '/auth/login' }))).toBe(false);
    expect(spotAllowed('global-popup-code', viewer({ pathname: '/auth/register' }))).toBe(false);
    expect(spotAllowed('global-code', viewer({ pathname: '/authors' }))).toBe(true);
  });

  it('not before the age gate is answered', () => {
    expect(adsAllowed(viewer({ ageConfirmed: false }))).toBe(false);
    expect(spotAllowed('header-link', viewer({ ageConfirmed: false }))).toBe(false);
  });

  it('not for VIP members', () => {
    expect(adsAllowed(viewer({ vip: true }))).toBe(false);
  });

  it('Full admins see neither layout ads nor global codes', () => {
    expect(spotAllowed('layout-bottom', viewer({ fullAdmin: true }))).toBe(false);
    expect(spotAllowed('global-code', viewer({ fullAdmin: true }))).toBe(false);
  });

  it('not in a layout without ads', () => {
    expect(adsAllowed(viewer({ layoutAllowsAds: false }))).toBe(false);
  });

  it('ad links are http(s) only', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://ads.example/x')).toBe('https://ads.example/x');
  });
});
