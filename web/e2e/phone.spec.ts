/// <reference lib="dom" />
// The page.evaluate callbacks below run in the browser.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  bearer,
  confirmationPath,
  createMember,
  logIn,
  newVisit,
  PASSWORD,
  preAgree,
  uniqueEmail,
  uniqueHandle,
} from './helpers';
import { expectAxeClean, watchConsole } from './watch';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Waits for the page to settle: the route's content and its data are in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** The share of the viewport's height taken by fixed or sticky bars stacked from its top edge. */
async function topChromeShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bars = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => ['fixed', 'sticky'].includes(getComputedStyle(el).position))
      .map((el) => el.getBoundingClientRect())
      .filter(
        (r) => r.height > 0 && r.width >= window.innerWidth / 2 && r.top < window.innerHeight / 2,
      )
      .sort((a, b) => a.top - b.top);
    let bottom = 0;
    for (const r of bars) if (r.top <= bottom + 1) bottom = Math.max(bottom, r.bottom);
    return bottom / window.innerHeight;
  });
}

test.describe('the home-screen app on a phone', () => {
  test.use({ userAgent: IPHONE });

  test('the app banner shows from the fifth page, with the Safari instructions', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'a phone-only prompt');
    await preAgree(page, baseURL as string);
    const pages = ['/list', '/groups', '/blog', '/help', '/countries'];
    for (const [i, path] of pages.entries()) {
      await page.goto(path);
      await settle(page);
      // The third navigation announces the app: answered by keyboard.
      if (i === 2) {
        const announcement = page.getByRole('dialog', { name: 'AddMe is now an app' });
        await expect(announcement).toBeVisible();
        // The modal is drawn a frame before it listens for keys; it takes the focus once it does,
        // as a keyboard user sees it (an Escape in that first frame was lost on a fast machine).
        await expect(announcement).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // One prompt per visit: the banner comes in a later one.
        await newVisit(page);
      }
      // One view counted per page: a page counted twice would move the announcement and the banner.
      const counted = (await page.context().cookies()).find((c) => c.name === 'impressions');
      expect(counted?.value, `page views counted after ${path}`).toBe(String(i + 1));
      const banner = page.getByTestId('app-banner');
      if (i < 4) await expect(banner).toHaveCount(0);
      else await expect(banner).toBeVisible();
    }
    // With the banner up, what stays fixed at the top (header, banner, alert bar) leaves the reader
    // at least 80% of the screen.
    expect(await topChromeShare(page)).toBeLessThanOrEqual(0.2);

    await page.getByTestId('app-banner').getByRole('button', { name: 'Install' }).click();
    const modal = page.getByRole('dialog', { name: 'Add AddMe to your home screen' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('tab', { name: 'Safari (iPhone)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(modal.getByTestId('install-steps-safari')).toBeVisible();
    await expect(modal.getByTestId('install-steps-safari')).toContainText('Add to Home Screen');
    // Keyboard: the tabs move with the arrow keys, Escape closes. The arrow selects the next tab at
    // once and moves the focus to it in an effect, a frame later; an Enter pressed before the focus
    // moved (as no person types) went to the previous tab and selected it again (a flaky CI run).
    await modal.getByRole('tab', { name: 'Safari (iPhone)' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(modal.getByRole('tab', { name: 'Chrome' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(modal.getByRole('tab', { name: 'Chrome' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);

    // Not on home; and once dismissed, never again.
    await page.goto('/');
    await settle(page);
    await expect(page.getByTestId('app-banner')).toHaveCount(0);
    await page.goto('/tags');
    await page.getByRole('button', { name: 'Hide the app suggestion' }).click();
    await expect(page.getByTestId('app-banner')).toHaveCount(0);
    await page.goto('/shop');
    await settle(page);
    await expect(page.getByTestId('app-banner')).toHaveCount(0);
  });

  test('the announcement shows at the third navigation only, once', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'a phone-only prompt');
    await preAgree(page, baseURL as string);
    await page.goto('/');
    await settle(page);
    // In-app navigations count like page loads.
    await page.goto('/help');
    await settle(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/blog');
    const dialog = page.getByRole('dialog', { name: 'AddMe is now an app' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Show me how' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Show me how' }).click();
    await expect(page.getByRole('dialog', { name: 'Add AddMe to your home screen' })).toBeVisible();
    await page.keyboard.press('Escape');
    for (const path of ['/tags', '/countries']) {
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    const cookie = (await page.context().cookies()).find((c) => c.name === 'announcement');
    expect(cookie?.value).toBe('shown');
    // Kept 7 days.
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  test('Chrome on Android gets the Chrome instructions; a desktop gets no prompt', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'a phone-only prompt');
    const android = await browser.newContext({
      userAgent: ANDROID_CHROME,
      viewport: { width: 390, height: 844 },
    });
    const page = await android.newPage();
    await preAgree(page, baseURL as string);
    for (const path of ['/list', '/groups', '/blog', '/help', '/tags']) {
      await page.goto(path);
      await settle(page);
      const dialog = page.getByRole('dialog', { name: 'AddMe is now an app' });
      if (await dialog.isVisible()) await page.keyboard.press('Escape');
    }
    // One prompt a visit: if the app announcement took this one, the banner comes in the next
    // visit (a new browser session: sessionStorage starts empty).
    if (!(await page.getByTestId('app-banner').isVisible())) {
      await page.evaluate('sessionStorage.clear()');
      await page.goto('/list');
      await settle(page);
    }
    await page.getByTestId('app-banner').getByRole('button', { name: 'Install' }).click();
    const modal = page.getByRole('dialog', { name: 'Add AddMe to your home screen' });
    await expect(modal.getByRole('tab', { name: 'Chrome' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(modal.getByTestId('install-steps-chrome')).toBeVisible();
    await expect(modal.getByTestId('install-steps-chrome')).toContainText('Install app');
    await android.close();

    // The describe's iPhone user agent would carry over: a desktop one, stated.
    const desktop = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      userAgent: DESKTOP_CHROME,
    });
    const dpage = await desktop.newPage();
    await preAgree(dpage, baseURL as string);
    for (const path of ['/list', '/groups', '/blog', '/help', '/tags', '/countries']) {
      await dpage.goto(path);
      await settle(dpage);
    }
    await expect(dpage.getByTestId('app-banner')).toHaveCount(0);
    await expect(dpage.getByRole('dialog')).toHaveCount(0);
    expect((await desktop.cookies()).find((c) => c.name === 'impressions')).toBeUndefined();
    await desktop.close();
  });

  test('the home-screen app is installable and has an offline page', async ({ page, request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
    const sw = await (await request.get('/sw.js')).text();
    expect(sw).toContain('/offline.html');
    await page.goto('/offline.html');
    await expect(page.getByRole('heading', { name: 'AddMe could not be reached' })).toBeVisible();
    await expectAxeClean(page, '/offline.html');
  });
});

/** What the routes need: a listed username, a group, a gallery and a blog post of the seed. */
async function seedRefs(request: APIRequestContext) {
  const list = await (await request.get('/v1/usernames?per_page=5')).json();
  const card = list.data[0] as { id: number; username: string };
  const groups = await (await request.get('/v1/groups?per_page=1')).json();
  const nudes = await (await request.get('/v1/nudes?per_page=1')).json();
  const blog = await (await request.get('/v1/blog')).json();
  return {
    card,
    group: groups.data[0]?.slug as string | undefined,
    nude: nudes.data[0]?.slug as string | undefined,
    post: blog.data[0]?.slug as string,
  };
}

const PUBLIC_ROUTES = [
  '/',
  '/list',
  '/snapchat-usernames',
  '/snapchat-usernames/vip',
  '/kik-usernames/hottest',
  '/telegram-usernames/gender/Female',
  '/snapchat-usernames/orientation/Gay',
  '/kik-usernames/clean',
  '/groups',
  '/snapchat-groups',
  '/snapchat-groups/vip',
  '/kik-groups/hottest',
  '/telegram-groups/gender/Male',
  '/snapchat-groups/orientation/Straight',
  '/nudes',
  '/snapchat-nudes/vip',
  '/tags',
  '/countries',
  '/blog',
  '/help',
  '/contact-us',
  '/terms',
  '/shop',
  '/shop/direct',
  '/shop/direct/old',
  '/shop/privacy-policy',
  '/shop/terms-of-service',
  '/local-swipes',
  '/missing-key',
  '/remove-username',
  '/up',
  '/policy/acceptable-use',
  '/policy/dmca',
  '/policy/privacy',
  '/policy/refunds',
  '/2257',
  '/group',
  '/nude',
  '/profile',
  '/username',
];

const AUTH_ROUTES = [
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/Verification',
  '/auth/email-confirmation',
];

const USER_ROUTES = [
  '/user',
  '/user/account',
  '/user/group',
  '/user/group/create',
  '/user/local-swipes',
  '/user/missing-key',
  '/user/orders',
  '/user/ordersold',
  '/user/submit',
];

async function visit(page: Page, path: string, watch: ReturnType<typeof watchConsole>) {
  await page.goto(path);
  await settle(page);
  watch.expectClean(path);
}

/**
 * axe on the page as loaded, in the theme this viewport checks: light on the phone, dark on the
 * desktop, so every route is checked in both viewports and both themes (contrast depends on the
 * theme, names and landmarks on the layout) at half the cost of every pair, which keeps CI in its
 * time. The theme preference is left on "auto", so the app follows the system scheme live.
 */
async function expectAxeCleanInItsTheme(page: Page, path: string) {
  const theme = test.info().project.name === 'mobile' ? 'light' : 'dark';
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
  await expectAxeClean(page, `${path} (${theme})`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The public routes in groups of four: each group is one test, so the workers share them and a slow
 * moment on a busy machine costs one short test its retry, not a ten-route run its timeout.
 */
const CHUNK = 4;

for (let start = 0; start < PUBLIC_ROUTES.length + 5; start += CHUNK) {
  test(`public routes ${start + 1}-${start + CHUNK}: clean console, axe clean (light on a phone, dark on a desktop)`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await preAgree(page, baseURL as string);
    const refs = await seedRefs(request);
    const routes = [
      ...PUBLIC_ROUTES,
      `/blog/${refs.post}`,
      `/profile/${refs.card.id}`,
      `/username/${refs.card.username}/${refs.card.id}`,
      ...(refs.group ? [`/group/${refs.group}`] : []),
      ...(refs.nude ? [`/nude/${refs.nude}`] : []),
    ].slice(start, start + CHUNK);
    const watch = watchConsole(page);
    for (const path of routes) {
      await visit(page, path, watch);
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      await expectAxeCleanInItsTheme(page, path);
    }
  });
}

test('auth routes answer, clean console, axe clean (light on a phone, dark on a desktop)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await preAgree(page, baseURL as string);
  const watch = watchConsole(page);
  for (const path of AUTH_ROUTES) {
    await visit(page, path, watch);
    await expectAxeCleanInItsTheme(page, path);
  }
});

for (const [part, routes] of [
  ['1', USER_ROUTES.slice(0, 4)],
  ['2', USER_ROUTES.slice(4)],
] as const) {
  test(`user routes (part ${part}) answer, clean console, axe clean (light on a phone, dark on a desktop)`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await preAgree(page, baseURL as string);
    const watch = watchConsole(page);
    const email = await createMember(request, 'routes');
    await logIn(page, email);
    for (const path of routes) {
      await visit(page, path, watch);
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      await expectAxeCleanInItsTheme(page, path);
    }
  });
}

test('the routes that lead somewhere else', async ({ page, baseURL, request }) => {
  await preAgree(page, baseURL as string);
  const refs = await seedRefs(request);
  const watch = watchConsole(page);
  // Optional-parameter forms: the lists, or the member's own page.
  for (const [from, to] of [
    ['/group', /\/groups$/],
    ['/nude', /\/nudes$/],
    ['/profile', /\/list$/],
    ['/username', /\/list$/],
    [`/username/${refs.card.username}`, new RegExp(`/profile/${refs.card.id}$`)],
    ['/username/nobody-has-this-name', /\/list\?q=nobody-has-this-name$/],
    // A short link: a listed username's handle.
    [`/${refs.card.username}`, new RegExp(`/profile/${refs.card.id}$`)],
    ['/auth/Oauth', /\/auth\/login$/],
    ['/auth/Oauth?redirect=%2Fuser%2Forders', /\/auth\/login\?redirect=%2Fuser%2Forders$/],
    ['/maintenance', /\/$/],
  ] as const) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
  watch.expectClean('redirects');

  // A token that names nobody is a real 404: the document says so, the page too, no warning.
  const response = await page.goto('/no-such-short-link');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-page')).toContainText('This page could not be found');
  watch.problems.splice(
    0,
    watch.problems.length,
    // The document's own 404 is the expected answer (Chromium logs it without its URL).
    ...watch.problems.filter(
      (p) => !p.includes('/no-such-short-link') && !p.includes('status of 404'),
    ),
  );
  watch.expectClean('404 page');

  // Signed in: /profile is the member's own page and the callback leads on (/user/ordersold is a
  // page of its own: e2e/upkeep.spec.ts).
  const email = await createMember(request, 'redirects');
  await logIn(page, email);
  for (const [from, to] of [
    ['/profile', /\/user$/],
    ['/auth/Oauth', /\/user$/],
    ['/auth/Oauth?redirect=%2Fuser%2Faccount', /\/user\/account$/],
  ] as const) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
  watch.expectClean('signed-in redirects');
});

test.describe('a language other than English', () => {
  // Requests a service worker answers are not routed by Playwright: the delay below needs them.
  test.use({ serviceWorkers: 'block' });

  test('the locale cookie keeps the language for a year', async ({ page, baseURL }) => {
    await preAgree(page, baseURL as string);
    await page.goto('/help');
    // Written once the first view is drawn (i18n/index.ts).
    const localeCookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
    await expect.poll(async () => (await localeCookie())?.value).toBe('en');
    const cookie = await localeCookie();
    expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400).toBeGreaterThan(364);
    await page.getByRole('button', { name: 'Français' }).click();
    // The French catalogue comes late, as on a slow phone (no service worker here to serve it): the
    // page waits for it and never shows the error page meanwhile (words still on their way suspend).
    await page.route('**/assets/fr-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/error/i);
  });
});

test('a newcomer registers, resends the mail, confirms and lands signed in', async ({
  page,
  baseURL,
  request,
}) => {
  // The e2e server allows a resend every few seconds (CONFIRMATION_RESEND_SECONDS in the
  // Makefile) instead of a minute: the journey is the same, without a real minute's wait.
  test.setTimeout(90_000);
  await preAgree(page, baseURL as string);
  const watch = watchConsole(page);
  const email = uniqueEmail('newcomer');
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel(/I am 18 or older/).check();
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  // The resend button waits out the interval the server would refuse anyway.
  await expect(page.getByRole('button', { name: /Resend possible in \d+ s/ })).toBeDisabled();
  const first = await confirmationPath(request, email);

  // Logging in unconfirmed: the message sits in the form (not over the header), with a resend.
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const notice = page.getByTestId('login-unconfirmed');
  await expect(notice).toContainText(
    'You must confirm your email before you can login. Check your junk and spam folder.',
  );
  await expect(page.locator('.addme-toast, .toast')).toHaveCount(0);
  const header = await page.locator('.addme-navbar').boundingBox();
  const box = await notice.boundingBox();
  expect((box?.y ?? 0) >= (header?.y ?? 0) + (header?.height ?? 0)).toBe(true);
  await expectAxeClean(page, 'the unconfirmed-login message');

  // The server sends at most one mail per resend interval: the newcomer's resend comes after it.
  await expect
    .poll(
      async () => {
        // Count only once the server has answered this click (the button waits between clicks).
        await Promise.all([
          page.waitForResponse((r) => r.url().includes('/v1/auth/email-confirmation/resend')),
          page.getByRole('button', { name: 'Resend the confirmation email' }).click(),
        ]);
        const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`);
        return ((await res.json()) as unknown[]).length;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(2);
  await expect(notice.getByRole('status')).toContainText('we sent it a new link');
  // Two mails now: the new link is the one that is not the first (whatever the outbox's order).
  const mails = (await (
    await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as { body: string }[];
  const links = mails
    .map((m) => /\/auth\/email-confirmation\/[A-Za-z0-9_-]+/.exec(m.body)?.[0])
    .filter((l): l is string => Boolean(l));
  const second = links.find((l) => !first.endsWith(l)) as string;
  expect(second, JSON.stringify(links)).toBeTruthy();

  // The new link confirms and signs in: straight to /user.
  await page.goto(second);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByText('Your email is confirmed. Welcome to your space!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  watch.problems.splice(
    0,
    watch.problems.length,
    // The unconfirmed login's 403 is the expected answer (Chromium logs it without its URL too).
    ...watch.problems.filter(
      (p) =>
        !(p.includes('HTTP 403: POST') && p.includes('/v1/auth/login')) &&
        !p.includes('status of 403'),
    ),
  );
  watch.expectClean('the newcomer path');
});

test('a member with a username can edit it and manage its pictures, axe clean', async ({
  page,
  baseURL,
  request,
}) => {
  await preAgree(page, baseURL as string);
  const email = await createMember(request, 'own');
  const res = await request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app: 'snapchat',
      username: uniqueHandle('own'),
      age: 30,
      gender: 'Male',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'FR',
      description: 'Phone flow test profile.',
      tags: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { id: number } };
  await logIn(page, email);
  const watch = watchConsole(page);
  for (const path of [`/user/edit/${data.id}`, `/user/media/${data.id}`]) {
    await visit(page, path, watch);
    await expectAxeClean(page, path);
  }
});
