import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AdSlot } from './AdsAndAlerts';

const ad = {
  id: 1,
  name: 'Partner',
  spots: ['layout-top'],
  orientation: null,
  type: 'Code',
  code: '<script>document.write(document.cookie)</script>',
  safe_link: null,
  image: null,
};

const useAds = vi.fn((enabled: boolean) => ({ data: enabled ? [ad] : undefined }));
vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  useAds: (enabled: boolean) => useAds(enabled),
}));

const slot = [{ path: '/list', element: <AdSlot spot="layout-top" layoutAllowsAds /> }];

describe('code ads', () => {
  it('run only in a sandboxed frame without same-origin access', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the age gate's answer, as a visitor has it.
    document.cookie = 'ageVerified=true; path=/';
    renderRoutes(slot, { path: '/list' });
    const frame = await screen.findByTestId('ad-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toBe(ad.code);
  });

  it('are not even requested before the age gate is answered', () => {
    useAds.mockClear();
    renderRoutes(slot, { path: '/list' });
    expect(screen.queryByTestId('ad-frame')).toBeNull();
    expect(useAds).toHaveBeenCalledWith(false);
    expect(useAds).not.toHaveBeenCalledWith(true);
  });
});
