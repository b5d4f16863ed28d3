import { expect, type Page, test } from '@playwright/test';
import { openMenuIfCollapsed, preAgree } from './helpers';

/**
 * Visual review: SCREENSHOTS=1 npm run e2e -- screenshots
 * Writes e2e/screenshots/<project>-<theme>-<page>.png (gitignored).
 */
const PAGES = [
  ['home', '/'],
  ['listing', '/snapchat-usernames'],
  ['shop', '/shop'],
  ['contact', '/contact-us'],
  ['login', '/auth/login'],
  ['register', '/auth/register'],
  ['forgot', '/auth/forgot-password'],
  ['terms', '/terms'],
  ['privacy', '/policy/privacy'],
  ['not-found', '/nowhere'],
] as const;

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take review screenshots');

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };

async function withTheme(page: Page, baseURL: string | undefined, theme: 'light' | 'dark') {
  await page
    .context()
    .addCookies([
      { name: 'darkModePreference', value: theme === 'dark' ? 'true' : 'false', url: baseURL },
    ]);
}

/** The first demo member of the Snapchat list: its profile page. */
async function profilePath(page: Page) {
  const res = await page.request.get('/v1/usernames?app=snapchat&per_page=1');
  const [first] = ((await res.json()) as { data: { id: number; username: string }[] }).data;
  if (!first) throw new Error('no demo member to show');
  return `/username/${first.username}/${first.id}`;
}

for (const theme of ['light', 'dark'] as const) {
  for (const [name, path] of PAGES) {
    test(`${theme} ${name}`, async ({ page, baseURL }, info) => {
      await page
        .context()
        .addCookies([
          { name: 'darkModePreference', value: theme === 'dark' ? 'true' : 'false', url: baseURL },
        ]);
      await preAgree(page, baseURL as string);
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: `e2e/screenshots/${info.project.name}-${theme}-${name}.png`,
        fullPage: true,
      });
    });
  }
  test(`${theme} profile`, async ({ page, baseURL }, info) => {
    await withTheme(page, baseURL, theme);
    await preAgree(page, baseURL as string);
    await page.goto(await profilePath(page));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: `e2e/screenshots/${info.project.name}-${theme}-profile.png`,
      fullPage: true,
    });
  });
  test(`${theme} menus`, async ({ page, baseURL }, info) => {
    await withTheme(page, baseURL, theme);
    await preAgree(page, baseURL as string);
    await page.goto('/snapchat-usernames');
    await openMenuIfCollapsed(page);
    await page.locator('#nav-snapchat').click();
    await expect(page.getByRole('link', { name: 'VIP' }).first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `e2e/screenshots/${info.project.name}-${theme}-menu-app.png` });
    await page.keyboard.press('Escape');
    await page.locator('#nav-more').click();
    await expect(page.getByRole('link', { name: 'Countries' }).first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `e2e/screenshots/${info.project.name}-${theme}-menu-more.png` });
  });
  test(`${theme} admin`, async ({ page, baseURL }, info) => {
    await withTheme(page, baseURL, theme);
    const login = await page.request.post('/v1/auth/login', { data: ADMIN });
    expect(login.ok()).toBeTruthy();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: `e2e/screenshots/${info.project.name}-${theme}-admin.png`,
      fullPage: true,
    });
    await openMenuIfCollapsed(page);
    await page.locator('#nav-account').click();
    await page.waitForTimeout(400);
    await page.screenshot({
      path: `e2e/screenshots/${info.project.name}-${theme}-menu-account.png`,
    });
  });
  test(`${theme} age-gate`, async ({ page, baseURL }, info) => {
    await page
      .context()
      .addCookies([
        { name: 'darkModePreference', value: theme === 'dark' ? 'true' : 'false', url: baseURL },
      ]);
    await page.goto('/auth/login');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `e2e/screenshots/${info.project.name}-${theme}-age-gate.png` });
    // A first visit to a list: the gate over the page it guards.
    await page.context().clearCookies();
    await withTheme(page, baseURL, theme);
    await page.goto('/snapchat-usernames');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({
      path: `e2e/screenshots/${info.project.name}-${theme}-age-gate-listing.png`,
    });
  });
}
