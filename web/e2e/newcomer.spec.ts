import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { preAgree } from './helpers';

/**
 * The first five minutes of a newcomer and a new moderator (issue 32): every page answers what it
 * shows, a page opened by URL starts at the top, the offline page works, and no route logs a CSP
 * violation or an error.
 */

type Sample = { path: string; status: number };
/** One sample path per route of the web router (src/routeWalk.json, kept whole by its vitest). */
const walk = JSON.parse(readFileSync('src/routeWalk.json', 'utf8')) as {
  routes: Record<string, Sample>;
};

/** The demo rows the route walk's {placeholders} name (`make test-e2e` seeds demo members). */
async function placeholders(request: APIRequestContext): Promise<Record<string, string>> {
  type Row = { id: number; slug: string; username: string };
  const first = async (url: string) => {
    const body = (await (await request.get(url)).json()) as { data?: Row[] } | Row[];
    const row = (Array.isArray(body) ? body : (body.data ?? []))[0];
    if (!row) throw new Error(`the demo data has no row at ${url}`);
    return row;
  };
  const listed = await first('/v1/usernames?app=snapchat&per_page=1');
  const group = await first('/v1/groups?per_page=1');
  const post = await first('/v1/blog');
  const gallery = await first('/v1/nudes?per_page=1');
  return {
    profile: String(listed.id),
    username: listed.username,
    group: group.slug,
    group_id: String(group.id),
    post: post.slug,
    gallery: gallery.slug,
    user: '1',
    order: 'a-sample-order-token',
  };
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? name);

/** Console errors, CSP violations and uncaught errors while a page loads and settles. */
function listen(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

const ROUTES = Object.entries(walk.routes);
const CHUNK = 20;

test.describe('the route walk', () => {
  // The document statuses are the backend's test (tests/core/test_route_walk.py); here each page
  // loads in Chromium, once, on the desktop project: no CSP violation, no console error.
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 900, 'desktop only: one walk is enough');
  for (let start = 0; start < ROUTES.length; start += CHUNK) {
    const chunk = ROUTES.slice(start, start + CHUNK);
    test(`routes ${start + 1}-${start + chunk.length}: their status, no CSP violation or console error`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(chunk.length * 8_000);
      await preAgree(page, baseURL as string);
      const values = await placeholders(page.request);
      const problems = listen(page);
      const wrong: string[] = [];
      for (const [pattern, sample] of chunk) {
        const path = fill(sample.path, values);
        problems.length = 0;
        const response = await page.goto(path);
        await page.waitForLoadState('load');
        await page.waitForTimeout(400);
        if (response?.status() !== sample.status)
          wrong.push(`${pattern} ${path}: HTTP ${response?.status()}, expected ${sample.status}`);
        // A 404 document, a sample token refused, a signed-out visitor refused: the pages show those.
        const seen = problems.filter(
          (p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p),
        );
        for (const p of seen) wrong.push(`${pattern} ${path}: ${p}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

test('a page opened by URL starts at the top; back restores where the reader was', async ({
  page,
  baseURL,
}) => {
  await preAgree(page, baseURL as string);
  await page.goto('/snapchat-usernames');
  await expect(page.locator('[data-testid="username-card"]').first()).toBeVisible();
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(300);
  const left = (await page.evaluate('window.scrollY')) as number;
  // Another page, opened by its address (a new document, as a typed URL or a link from elsewhere).
  await page.goto('/telegram-usernames');
  await expect(page.locator('[data-testid="username-card"]').first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate('window.scrollY')).toBe(0);
  // Opened by URL again later, the first page starts at the top too.
  await page.goto('/snapchat-usernames');
  await expect(page.locator('[data-testid="username-card"]').first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate('window.scrollY')).toBe(0);
  // Scrolled, then a link inside the app: the next page starts at the top; back restores.
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(300);
  const before = (await page.evaluate('window.scrollY')) as number;
  // A card in view (a click on one above would scroll up to it first).
  await page.evaluate(`(() => {
    const links = [...document.querySelectorAll('[data-testid="username-card"] a[href^="/username/"]')];
    const inView = links.find((a) => { const r = a.getBoundingClientRect(); return r.top > 80 && r.bottom < innerHeight; });
    inView.setAttribute('data-in-view', '1');
  })()`);
  await page.locator('[data-in-view="1"]').click();
  await expect(page).toHaveURL(/\/username\//);
  await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(before - 50);
  expect(left).toBeGreaterThan(0);
});

test('offline: the page says AddMe could not be reached, and "Try again" brings back the page asked for', async ({
  page,
  context,
  baseURL,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 900, 'the service worker is the same on a phone');
  await preAgree(page, baseURL as string);
  const problems = listen(page);
  await page.goto('/help');
  await page.evaluate('navigator.serviceWorker.ready');
  // The worker controls the next navigation once it has claimed the page.
  await page.reload();
  await expect.poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)')).toBe(true);
  await context.setOffline(true);
  await page.goto('/contact-us').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'AddMe could not be reached' })).toBeVisible();
  expect(page.url()).toContain('/contact-us');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  expect(page.url()).toContain('/contact-us');
  expect(problems.filter((p) => /Content Security Policy|Refused to/.test(p))).toEqual([]);
});
