import { expect, test } from '@playwright/test';
import { preAgree } from './helpers';
import { expectNoDroppedClass, watchConsole } from './watch';

/**
 * The build keeps only the Bootstrap rules the app's code can use (scripts/bootstrapRules.ts). The
 * public, auth and member routes are checked by the route sweep (phone.spec.ts, through axe's
 * helper); the admin screens, where most of the forms, tables and badges are, here: each as a Full
 * admin, in one viewport (a dropped class is dropped at every width).
 */
const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };
const SCREENS = [
  '',
  'review',
  'report',
  'unban-requests',
  'removal-requests',
  'contact',
  'macros',
  'audit',
  'jobs',
  'blog',
  'edit/blog',
  'ad',
  'alerts',
  'tags',
  'groups',
  'promotions',
  'automations',
  'switch-rules',
  'order',
  'keygen',
  'pins',
  'stats',
  'users',
  'ban',
  'blacklist',
  'trackers',
  'image-bans',
  'gallery',
  'ondato',
  'ondato/stats',
];
const CHUNK = 10;

for (let start = 0; start < SCREENS.length; start += CHUNK) {
  test(`admin screens ${start + 1}-${start + CHUNK}: no class the stylesheet dropped, clean console`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one viewport is enough for the stylesheet');
    test.setTimeout(120_000);
    await preAgree(page, baseURL as string);
    const res = await page.request.post('/v1/auth/login', { data: ADMIN });
    expect(res.ok(), await res.text()).toBeTruthy();
    const watch = watchConsole(page);
    for (const screen of SCREENS.slice(start, start + CHUNK)) {
      const path = `/admin${screen ? `/${screen}` : ''}`;
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      // Some screens ask again every few seconds (the jobs, the queues): no network idle to wait
      // for, only their first answers.
      await page.waitForLoadState('load');
      await expect(page.locator('[aria-busy="true"], .placeholder-glow')).toHaveCount(0, {
        timeout: 15_000,
      });
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      await expectNoDroppedClass(page, path);
      watch.expectClean(path);
    }
  });
}
