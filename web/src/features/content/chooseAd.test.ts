import { describe, expect, it } from 'vitest';
import {
  type AdCandidate,
  type AdPage,
  type AdViewer,
  chooseAd,
  pageOrientation,
} from './chooseAd';

const ad = (id: number, over: Partial<AdCandidate> = {}): AdCandidate => ({
  id,
  name: `Ad ${id}`,
  spots: ['header-link', 'layout-top', 'layout-bottom', 'global-code', 'global-popup-code'],
  orientation: null,
  countries: ['GLOBAL'],
  ...over,
});
const page = (over: Partial<AdPage> = {}): AdPage => ({
  pathname: '/list',
  search: '',
  layoutAllowsAds: true,
  ...over,
});
const viewer = (over: Partial<AdViewer> = {}): AdViewer => ({
  ageConfirmed: true,
  vip: false,
  fullAdmin: false,
  ...over,
});
const why = (choice: { why: { key: string } }) => choice.why.key;

describe('chooseAd', () => {
  it('chooses an ad on a listing page once the age gate is answered', () => {
    const choice = chooseAd('layout-top', [ad(1)], page(), viewer());
    expect(choice.ad?.id).toBe(1);
    expect(choice.why).toEqual({
      key: 'chosen',
      values: { name: 'Ad 1', orientation: '', countries: 'GLOBAL' },
    });
  });

  it('never on / nor on /shop and its pages', () => {
    expect(why(chooseAd('layout-top', [ad(1)], page({ pathname: '/' }), viewer()))).toBe(
      'notOnHome',
    );
    for (const pathname of ['/shop', '/shop/', '/shop/direct', '/shop/checkout/x']) {
      const choice = chooseAd('header-link', [ad(1)], page({ pathname }), viewer());
      expect(choice.ad).toBeNull();
      expect(why(choice)).toBe('notOnShop');
    }
    expect(chooseAd('layout-top', [ad(1)], page({ pathname: '/shopping' }), viewer()).ad).not.toBe(
      null,
    );
  });

  it('no global code ads on /auth pages, other spots still', () => {
    const auth = page({ pathname: '/auth/login' });
    expect(why(chooseAd('global-code', [ad(1)], auth, viewer()))).toBe('notOnAuth');
    expect(why(chooseAd('global-popup-code', [ad(1)], auth, viewer()))).toBe('notOnAuth');
    expect(chooseAd('header-link', [ad(1)], auth, viewer()).ad?.id).toBe(1);
    expect(chooseAd('global-code', [ad(1)], page({ pathname: '/authors' }), viewer()).ad?.id).toBe(
      1,
    );
  });

  it('not in a layout without ads', () => {
    expect(why(chooseAd('layout-top', [ad(1)], page({ layoutAllowsAds: false }), viewer()))).toBe(
      'noAdsLayout',
    );
  });

  it('only after the age gate', () => {
    expect(why(chooseAd('layout-top', [ad(1)], page(), viewer({ ageConfirmed: false })))).toBe(
      'ageGate',
    );
  });

  it('never to VIP members', () => {
    for (const spot of ['header-link', 'layout-top', 'global-code'] as const) {
      expect(why(chooseAd(spot, [ad(1)], page(), viewer({ vip: true })))).toBe('vip');
    }
  });

  it('Full admins see neither layout ads nor global codes, header links still', () => {
    const full = viewer({ fullAdmin: true });
    expect(why(chooseAd('layout-top', [ad(1)], page(), full))).toBe('fullAdmin');
    expect(why(chooseAd('layout-bottom', [ad(1)], page(), full))).toBe('fullAdmin');
    expect(why(chooseAd('global-code', [ad(1)], page(), full))).toBe('fullAdmin');
    expect(chooseAd('header-link', [ad(1)], page(), full).ad?.id).toBe(1);
  });

  it('says when no ad is made for the spot', () => {
    expect(
      why(chooseAd('layout-bottom', [ad(1, { spots: ['layout-top'] })], page(), viewer())),
    ).toBe('noAdForSpot');
    expect(why(chooseAd('layout-top', [], page(), viewer()))).toBe('noAdForSpot');
  });

  it("words the server's refusals: country first", () => {
    const ca = ad(1, { countries: ['CA'], refused: { 'layout-top': 'country' } });
    const later = ad(2, { refused: { 'layout-top': 'not_started' } });
    const choice = chooseAd('layout-top', [later, ca], page(), viewer({ country: 'FR' }));
    expect(choice.ad).toBeNull();
    expect(choice.why).toEqual({ key: 'country', values: { country: 'FR' } });
    expect(why(chooseAd('layout-top', [later], page(), viewer()))).toBe('notStarted');
    // An ad refused in one spot may still be chosen in another.
    const partly = ad(3, { refused: { 'layout-top': 'full_admin' } });
    expect(chooseAd('header-link', [partly], page(), viewer()).ad?.id).toBe(3);
  });

  it("uses the page's orientation, falling back to Straight", () => {
    const gay = ad(1, { orientation: 'Gay' });
    const straight = ad(2, { orientation: 'Straight' });
    const gayPage = page({ pathname: '/kik-usernames/orientation/gay' });
    expect(chooseAd('layout-top', [gay, straight], gayPage, viewer()).ad?.id).toBe(1);
    expect(chooseAd('layout-top', [gay, straight], page(), viewer()).ad?.id).toBe(2);
    expect(
      chooseAd('layout-top', [gay, straight], page({ search: '?orientation=Gay' }), viewer()).ad
        ?.id,
    ).toBe(1);
    const lesbian = page({ search: '?orientation=Lesbian' });
    expect(chooseAd('layout-top', [gay, straight], lesbian, viewer()).why).toEqual({
      key: 'orientation',
      values: { orientation: 'Lesbian' },
    });
  });

  it("uses the member's orientation only when they opted in, else Straight", () => {
    const gay = ad(1, { orientation: 'Gay' });
    const straight = ad(2, { orientation: 'Straight' });
    // Opt-in off: the server sends no orientation, and the ad ignores the member's.
    expect(
      chooseAd('layout-top', [gay, straight], page(), viewer({ orientation: null })).ad?.id,
    ).toBe(2);
    // Opt-in on: the server sends the member's orientation, and the ad uses it.
    expect(
      chooseAd('layout-top', [gay, straight], page(), viewer({ orientation: 'Gay' })).ad?.id,
    ).toBe(1);
    // A page that lists an orientation still chooses by the page.
    const straightPage = page({ pathname: '/snapchat-usernames/orientation/straight' });
    expect(
      chooseAd('layout-top', [gay, straight], straightPage, viewer({ orientation: 'Gay' })).ad?.id,
    ).toBe(2);
  });

  it('prefers the most targeted ad, then the newest', () => {
    const any = ad(5);
    const newer = ad(6);
    const french = ad(3, { countries: ['FR'] });
    const straight = ad(2, { orientation: 'Straight' });
    expect(chooseAd('layout-top', [any, newer], page(), viewer()).ad?.id).toBe(6);
    expect(chooseAd('layout-top', [any, french], page(), viewer()).ad?.id).toBe(3);
    expect(chooseAd('layout-top', [french, straight], page(), viewer()).ad?.id).toBe(2);
  });
});

describe('pageOrientation', () => {
  it('reads the path, then the query, else Straight', () => {
    expect(pageOrientation('/snapchat-usernames/orientation/bisexual', '')).toBe('Bisexual');
    expect(pageOrientation('/list', '?orientation=Other')).toBe('Other');
    expect(pageOrientation('/list', '?orientation=robots')).toBe('Straight');
    expect(pageOrientation('/blog', '')).toBe('Straight');
  });
});
