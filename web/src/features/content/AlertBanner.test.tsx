import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { draftDocument, frameSrc, parseStyle } from '@/components/AlertView';
import { renderRoutes } from '@/test/render';
import { AlertBanner } from './AdsAndAlerts';
import type { Alert } from './queries';

const base = {
  dismissible: true,
  html: '',
  script: '',
  icon: null,
  classes: null,
  style: null,
};
const alerts = vi.fn((): Alert[] => [
  {
    ...base,
    id: 7,
    spots: ['shop'],
    type: 'warning',
    text: '<b>not markup</b>',
    icon: 'zap',
    classes: 'fw-bold',
    style: 'background: rgb(1, 2, 3); color: url(x)',
  },
]);
vi.mock('./queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./queries')>()),
  useAlerts: () => ({ data: alerts() }),
}));

const banner = [{ path: '*', element: <AlertBanner /> }];

describe('alerts', () => {
  it('show their text as text, with icon, classes and style, only in their spot', async () => {
    renderRoutes(banner, { path: '/shop' });
    const shown = await screen.findByTestId('site-alert');
    expect(shown.textContent).toContain('<b>not markup</b>');
    expect(shown.querySelector('b')).toBeNull();
    expect(shown.className).toContain('alert-warning');
    expect(shown.className).toContain('fw-bold');
    expect(shown.style.background).toBe('rgb(1, 2, 3)');
    expect(shown.style.color).toBe('');
    expect(screen.getByTestId('alert-icon')).toBeTruthy();
  });

  it('are not shown outside their spot', () => {
    renderRoutes(banner, { path: '/blog' });
    expect(screen.queryByTestId('site-alert')).toBeNull();
  });

  it('stay dismissed for 14 days through a cookie of their own', async () => {
    renderRoutes(banner, { path: '/shop' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('site-alert')).toBeNull();
    expect(document.cookie).toContain('alert_7=1');
    renderRoutes(banner, { path: '/shop' });
    expect(screen.queryByTestId('site-alert')).toBeNull();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's own cookie.
    document.cookie = 'alert_7=; max-age=0; path=/';
  });

  it('run html and script only in a frame sandboxed without same-origin', async () => {
    alerts.mockReturnValue([
      {
        ...base,
        id: 8,
        spots: ['global'],
        type: 'info',
        text: '',
        html: '<p>Hello</p>',
        script: 'parent.postMessage(document.cookie, "*")',
      },
    ]);
    renderRoutes(banner, { path: '/blog' });
    const frame = await screen.findByTestId('alert-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    // Its own document, served with a sandbox policy; never the html inlined into the page.
    expect(frame.getAttribute('src')).toMatch(/^\/v1\/alerts\/8\/frame/);
    expect(frame.getAttribute('srcdoc')).toBeNull();
    expect(screen.getByTestId('site-alert').querySelector('p')).toBeNull();
  });
});

describe('alert pieces', () => {
  it('keep only plain style declarations', () => {
    expect(parseStyle('color: #fff; --bs-alert-bg: #000; background:url(x); nonsense')).toEqual({
      color: '#fff',
      '--bs-alert-bg': '#000',
    });
  });

  it('pass only a plain colour to the frame, and a draft its html without script', () => {
    expect(frameSrc(3, 'rgb(1, 2, 3)')).toBe('/v1/alerts/3/frame?color=rgb(1%2C%202%2C%203)');
    expect(frameSrc(3, 'red;}</style>')).toBe('/v1/alerts/3/frame');
    expect(draftDocument('<i>x</i>', 'red')).toContain('<body><i>x</i></body>');
  });
});
