import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from './watch';

/**
 * A visitor's first page (issue 14): it draws without waiting on the config, the session or its
 * own data (all come with the page, so it asks the API for none of them), loads its route's chunk
 * with the page, and nothing moves once drawn. The age gate shows where the spec says (every page but home).
 */

// The e2e code is compiled without the DOM library: the page's objects are described here.
interface Shift {
  value: number;
  hadRecentInput: boolean;
}

async function recordShifts(page: Page) {
  await page.addInitScript(`
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  `);
}

async function firstProfile(page: Page) {
  const res = await page.request.get('/v1/usernames?app=snapchat&per_page=1');
  const [first] = ((await res.json()) as { data: { id: number; username: string }[] }).data;
  if (!first) throw new Error('no listed username to visit');
  return { path: `/username/${first.username}/${first.id}`, id: first.id };
}

const PAGES = [
  {
    name: 'home',
    gate: false,
    heading: /adults/i,
    data: ['/v1/usernames?app=snapchat&page=1&per_page=8'],
  },
  {
    name: 'listing',
    gate: true,
    heading: 'Snapchat usernames',
    data: [
      '/v1/usernames?app=snapchat&page=1&per_page=24',
      '/v1/countries',
      '/v1/tags?app=snapchat',
    ],
  },
  { name: 'profile', gate: true, heading: null, data: [] as string[] },
  { name: 'shop', gate: true, heading: 'Shop', data: ['/v1/shop/products'] },
] as const;

for (const visit of PAGES) {
  test(`a first visit to ${visit.name}: config, session and its data come with the page, nothing moves`, async ({
    page,
  }) => {
    const watch = watchConsole(page);
    await recordShifts(page);
    let path = { home: '/', listing: '/snapchat-usernames', shop: '/shop', profile: '' }[
      visit.name
    ];
    const data: string[] = [...visit.data];
    if (visit.name === 'profile') {
      const profile = await firstProfile(page);
      path = profile.path;
      data.push(`/v1/usernames/${profile.id}`, `/v1/usernames/${profile.id}/similar`);
    }
    const api: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/v1/')) api.push(`${url.pathname}${url.search}`);
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });

    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    // The route's chunk is named in the page, beside the entry's.
    const routeChunk = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">/g;
    const named = [...html.matchAll(routeChunk)].map((m) => m[1]);
    expect(named.length, 'the page names chunks to load with it').toBeGreaterThan(0);
    expect(html).toContain('id="addme-boot"');

    if (visit.gate) {
      await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
    } else {
      await expect(
        page.getByRole('heading', { level: 1, name: visit.heading ?? undefined }),
      ).toBeVisible();
    }
    await expect(page.getByRole('main')).toBeVisible();
    if (visit.heading && visit.gate) {
      await expect(page.getByRole('heading', { level: 1, name: visit.heading })).toBeAttached();
    }
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_000);
    if (!visit.gate) await expect(page.getByRole('dialog')).toHaveCount(0);

    // Config and "who is signed in" came with the page: a visitor's first page never asks.
    expect(api.filter((u) => u.startsWith('/v1/config'))).toEqual([]);
    expect(api.filter((u) => u.startsWith('/v1/auth/'))).toEqual([]);
    // The page's own data came with it too (the server's default app is Snapchat): not asked for.
    for (const url of data) {
      expect(
        api.filter((u) => u === url),
        url,
      ).toHaveLength(0);
    }
    // ...and it is on the page: the cards (home, lists, a profile's similar ones) or the products.
    const content =
      visit.name === 'shop'
        ? page.getByText('Top-Up', { exact: false })
        : page.locator('a[href^="/username/"]');
    expect(await content.count(), 'the data it came with is drawn').toBeGreaterThan(0);
    // Every chunk the page named was used, none loaded twice.
    for (const chunk of named)
      expect(
        scripts.filter((s) => s === chunk),
        chunk,
      ).toHaveLength(1);
    // Nothing moved after it was drawn (the alert banner is in the first paint, the footer below).
    const shifts = (await page.evaluate('window.__shifts')) as Shift[];
    const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
    expect(cls).toBeLessThan(0.01);
    watch.expectClean(`first visit to ${visit.name}`);
  });
}
