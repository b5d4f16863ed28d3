import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  keyFromOutbox,
  logIn,
  payByCard,
  returningVisitor,
  SCREENSHOTS,
  shot,
} from './helpers';

const DAY = 24 * 3600 * 1000;
// The demo seed's buyer (backend/addme/demo/orders.py): orders over 90 days old, all ended.
const BUYER = { email: 'buyer@demo.addme.local', password: 'demo-member-passphrase' };
const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };

async function signIn(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/v1/auth/login', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function endCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'end');
}

test('a member whose VIP ends in 2 days is reminded once, with a renew link', async ({
  page,
  request,
}, testInfo) => {
  const email = await createMember(request, 'vip-ending');
  const order = await payByCard(request, email, 'vip-week');
  const key = await keyFromOutbox(request, email, order);
  const applied = await request.post('/v1/user/keys', {
    headers: await bearer(request, email),
    data: { key },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  await returningVisitor(page);
  await logIn(page, email);

  // The week bought now ends in 7 days: the browser lives 5 days later, 2 days before the end.
  await page.clock.setFixedTime(new Date(Date.now() + 5 * DAY));
  await page.goto('/user');
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('reminder-endPromotion')).toBeVisible();
  await expect(modal).toContainText('Your VIP ends soon');
  const renew = modal.getByTestId('reminder-renew');
  await expect(renew).toHaveText('Renew VIP (1 month)');
  await expect(renew).toHaveAttribute('href', '/shop#product-vip-month');
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'upkeep', 'end-promotion');

  // Dismissed, it stays hidden on reload and in a new tab: the `end` cookie lives 22 hours.
  await modal.getByRole('button', { name: 'Later' }).click();
  await expect(modal).toHaveCount(0);
  const cookie = await endCookie(page.context());
  expect(cookie).toBeDefined();
  const hours = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(21.9);
  expect(hours).toBeLessThanOrEqual(22);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('reminder-endPromotion')).toHaveCount(0);

  const tab = await page.context().newPage();
  await tab.clock.setFixedTime(new Date(Date.now() + 5 * DAY));
  await tab.goto('/user/orders');
  await expect(tab.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(tab.getByTestId('order').first()).toBeVisible();
  await expect(tab.getByTestId('reminder-endPromotion')).toHaveCount(0);
  await tab.close();

  // Without the cookie (22 hours later), a new visit reminds again; the link opens the product.
  // A new visit is a new browser session (one prompt a visit): the same tab with its session
  // storage emptied, as after the browser was closed and opened again.
  await page.context().clearCookies({ name: 'end' });
  await page.evaluate('sessionStorage.clear()');
  await page.goto('/user');
  await expect(page.getByTestId('reminder-endPromotion')).toBeVisible();
  await page.getByTestId('reminder-renew').click();
  await expect(page).toHaveURL(/\/shop#product-vip-month$/);
  await expect(page.locator('#product-vip-month').getByTestId('product-vip-month')).toBeVisible();
});

test('/user/ordersold lists the older orders, /user/orders links to it', async ({
  page,
}, testInfo) => {
  await signIn(page, BUYER);
  await page.goto('/user/orders');
  const current = page.getByTestId('orders');
  await expect(current.getByTestId('order')).toHaveCount(1);
  await expect(current).toContainText('20 Top-Ups');

  await page.getByTestId('old-orders-link').click();
  await expect(page).toHaveURL(/\/user\/ordersold$/);
  await expect(page.getByRole('heading', { name: 'Older orders', level: 1 })).toBeVisible();
  const old = page.getByTestId('old-orders');
  await expect(old.getByTestId('order')).toHaveCount(3);
  // Newest first: the VIP month (130 days ago), the Studio week, the 50 Top-Ups (400 days ago).
  await expect(old.getByTestId('order').nth(0)).toContainText('VIP (1 month)');
  await expect(old.getByTestId('order').nth(0)).toContainText('Ended on');
  await expect(old.getByTestId('order').nth(1)).toContainText('Studio Key (1 week)');
  await expect(old.getByTestId('order').nth(2)).toContainText('50 Top-Ups');
  await expect(old).not.toContainText('20 Top-Ups');
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'upkeep', 'ordersold');

  await page.getByRole('link', { name: 'Back to my orders' }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
});

test('a Full admin reads the job runs; a member is refused', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, ADMIN);
  await page.goto('/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Job runs', level: 1 })).toBeVisible();
  const filter = page.getByLabel('Job');
  await expect(filter.locator('option')).toContainText([
    'All jobs',
    'Delete small idle groups',
    'Delete usernames idle for 365 days',
    'Delete accounts idle for 365 days',
    'Erase accounts deleted 30 days ago',
    'E-mail entitlement end reminders',
  ]);
  await expect(page.getByTestId('job-runs').or(page.getByTestId('job-runs-empty'))).toBeVisible();
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'upkeep', 'admin-jobs');

  const email = await createMember(request, 'jobs-refused');
  const res = await request.get('/v1/admin/jobs/runs', { headers: await bearer(request, email) });
  expect(res.status()).toBe(403);
});
