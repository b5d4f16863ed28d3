import { expect, test } from '@playwright/test';
import { preAgree, shot } from './helpers';

/**
 * Maintenance closes the whole site, so this file runs alone, after every other browser test (its
 * own project in playwright.config.ts): nothing else may be running while the site is closed.
 */
const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };
const SERVER_DOWN =
  'Our servers are currently down and we are working on getting them back up and running as soon as possible. Please refresh or come back later.';

test('maintenance on sends a visitor to /maintenance, off brings them back', async ({
  browser,
  baseURL,
}, testInfo) => {
  const adminPage = await (await browser.newContext()).newPage();
  const visitor = await (await browser.newContext()).newPage();
  await preAgree(adminPage, baseURL as string);
  await preAgree(visitor, baseURL as string);
  const login = await adminPage.request.post('/v1/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();

  await adminPage.goto('/admin');
  const panel = adminPage.getByTestId('maintenance-panel');
  await expect(panel.getByTestId('maintenance-state')).toHaveText('Off');
  await panel.getByLabel('Reason (kept in the audit log)').fill('e2e: database upgrade');
  await panel.getByRole('button', { name: 'Turn maintenance on' }).click();
  await adminPage.getByTestId('toast').getByRole('button', { name: 'Confirm' }).click();
  try {
    await expect(panel.getByTestId('maintenance-state')).toHaveText('On');
    await shot(adminPage, testInfo.project.name, 'ops', 'maintenance-switch');

    // A visitor lands on /maintenance from anywhere; the API tells them the spec's words.
    await visitor.goto('/shop');
    await expect(visitor).toHaveURL(/\/maintenance$/);
    await expect(visitor.getByTestId('maintenance')).toBeVisible();
    const api = await visitor.request.get('/v1/shop/products');
    expect(api.status()).toBe(503);
    expect(((await api.json()) as { message: string }).message).toBe(SERVER_DOWN);
    await shot(visitor, testInfo.project.name, 'ops', 'maintenance-page');

    // The admin still uses the site.
    await adminPage.goto('/shop');
    await expect(adminPage).toHaveURL(/\/shop$/);
    await expect(adminPage.getByTestId('product-topup-20')).toBeVisible();

    await adminPage.goto('/admin');
    await panel.getByLabel('Reason (kept in the audit log)').fill('e2e: upgrade done');
    await panel.getByRole('button', { name: 'Turn maintenance off' }).click();
    await expect(panel.getByTestId('maintenance-state')).toHaveText('Off');
  } finally {
    // Never leave the site closed, whatever failed above.
    await adminPage.request.put('/v1/admin/maintenance', {
      data: { on: false, reason: 'e2e cleanup' },
      headers: { 'X-CSRF-Token': await csrf(adminPage) },
    });
  }

  // Off: /maintenance sends the visitor home.
  await visitor.goto('/maintenance');
  await expect(visitor).toHaveURL(`${baseURL}/`);
  expect((await visitor.request.get('/v1/shop/products')).status()).toBe(200);
});

async function csrf(page: import('@playwright/test').Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'addme_csrf')?.value ?? '';
}
