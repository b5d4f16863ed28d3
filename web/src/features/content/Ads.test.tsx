import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '@/test/render';
import { AdSlot } from './Ads';

const code = {
  id: 7,
  name: 'Partner tag',
  spots: ['layout-top'],
  orientation: null,
  type: 'Code',
  countries: ['GLOBAL'],
  safe_link: null,
  image: null,
  refused: {},
};
const link = {
  ...code,
  id: 8,
  name: 'Banner',
  spots: ['layout-bottom'],
  type: 'Link',
  safe_link: 'https://partner.example/go',
  image: 'https://cdn.example/banner.webp',
};

const useAds = vi.fn((enabled: boolean) => ({ data: enabled ? [code, link] : undefined }));
const useAdsExplain = vi.fn((enabled: boolean) => ({
  data: enabled
    ? {
        country: 'FR',
        vip: false,
        full_admin: false,
        ads: [{ ...code, refused: { 'layout-top': 'country' } }, link],
      }
    : undefined,
}));
vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  useAds: (enabled: boolean) => useAds(enabled),
  useAdsExplain: (enabled: boolean) => useAdsExplain(enabled),
}));

const slots = ['/list', '/shop'].map((path) => ({
  path,
  element: (
    <>
      <AdSlot spot="layout-top" layoutAllowsAds />
      <AdSlot spot="layout-bottom" layoutAllowsAds />
    </>
  ),
}));

function passGate() {
  // biome-ignore lint/suspicious/noDocumentCookie: the age gate's answer, as a visitor has it.
  document.cookie = 'ageVerified=true; path=/';
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test's own cookie, cleared.
  document.cookie = 'ageVerified=; path=/; max-age=0';
  useAds.mockClear();
  useAdsExplain.mockClear();
});

describe('ad slots', () => {
  it("run a Code ad only in a sandboxed frame loading its own document, never the site's origin", async () => {
    passGate();
    renderRoutes(slots, { path: '/list' });
    const frame = await screen.findByTestId('ad-frame');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('src')).toBe('/v1/ads/7/frame');
    expect(frame.hasAttribute('srcdoc')).toBe(false);
  });

  it('draw a Link ad as its banner with a sponsored link', async () => {
    passGate();
    renderRoutes(slots, { path: '/list' });
    const banner = await screen.findByRole('link', { name: /Banner/ });
    expect(banner.getAttribute('href')).toBe('https://partner.example/go');
    expect(banner.getAttribute('rel')).toContain('sponsored');
    expect(banner.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('img', { name: 'Banner' }).getAttribute('src')).toBe(
      'https://cdn.example/banner.webp',
    );
  });

  it('are not even requested before the age gate is answered, nor for VIP', () => {
    renderRoutes(slots, { path: '/list' });
    expect(screen.queryByTestId('ad-frame')).toBeNull();
    expect(useAds).not.toHaveBeenCalledWith(true);
    passGate();
    renderRoutes(slots, { path: '/list', user: makeUser({ is_promoted: true }) });
    expect(screen.queryByRole('link', { name: /Banner/ })).toBeNull();
    expect(useAds).not.toHaveBeenCalledWith(true);
  });

  it('with ?debugad=1 say which ad each slot chose and why, or why none', async () => {
    passGate();
    renderRoutes(slots, { path: '/list?debugad=1' });
    expect(await screen.findByTestId('ad-debug-layout-top')).toHaveTextContent(
      'layout-top: no ad for country FR',
    );
    expect(screen.getByTestId('ad-debug-layout-bottom')).toHaveTextContent(
      'layout-bottom: chosen “Banner” (countries GLOBAL, any orientation)',
    );
    renderRoutes(slots, { path: '/shop?debugad=1' });
    expect(
      (await screen.findAllByTestId('ad-debug-layout-top')).map((n) => n.textContent),
    ).toContain('layout-top: not shown on /shop');
  });
});
