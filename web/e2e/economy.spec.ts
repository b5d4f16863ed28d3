import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  keyFromOutbox,
  logIn,
  payByCard,
  preAgree,
  SCREENSHOTS,
  SHOTS_DIR as SHOTS,
  setTheme,
  uniqueEmail,
  uniqueHandle,
} from './helpers';

/** Each project gets its own list (app + country) so parallel runs never race for first place. */
const LANE = {
  mobile: { app: 'kik', country: 'LU' },
  desktop: { app: 'kik', country: 'MT' },
} as const;

async function submitUsername(
  request: APIRequestContext,
  email: string,
  lane: { app: string; country: string },
) {
  const username = uniqueHandle('eco');
  const res = await request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app: lane.app,
      username,
      age: 29,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: lane.country,
      description: 'Economy flow test profile.',
      tags: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return username;
}

async function applyKey(page: Page, key: string) {
  await page.goto('/user/orders');
  await page.getByLabel('Private key').fill(` ${key.toLowerCase()} `);
  await page.getByRole('button', { name: 'Apply key' }).click();
  await expect(page.getByText(/Order applied\./).first()).toBeVisible();
}

async function firstCard(page: Page, lane: { app: string; country: string }) {
  await page.goto(`/${lane.app}-usernames?country=${lane.country}`);
  const first = page.getByTestId('username-card').first();
  await expect(first).toBeVisible();
  return first;
}

test('Top-Up without Top-Ups, a card purchase, a key, Top-Up, Fire Pin and a new slot', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const lane = LANE[testInfo.project.name as keyof typeof LANE] ?? LANE.desktop;
  const email = await createMember(request, `eco-${testInfo.project.name}`);
  const handle = await submitUsername(request, email, lane);
  await preAgree(page, baseURL as string);
  await logIn(page, email);

  // No Top-Ups: pressing Top-Up opens the not-enough-Top-Ups modal, with the free claim and the shop.
  await page.goto('/user');
  const mine = page.getByTestId('my-username').filter({ hasText: handle });
  await expect(mine).toBeVisible();
  await expect(page.getByTestId('stat-topUps')).toHaveText('0');
  await mine.getByRole('button', { name: 'Top-Up' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('not-enough-modal')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Get free Top-Up' })).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // /user/orders before any purchase.
  await page.goto('/user/orders');
  await expect(page.getByText('No orders were found.')).toBeVisible();
  await page.getByLabel('Private key').fill('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
  await page.getByRole('button', { name: 'Apply key' }).click();
  await expect(page.getByText('Error, contact support please').first()).toBeVisible();

  // A card purchase of 20 Top-Ups: the webhook, the key by e-mail, the key applied.
  const order = await payByCard(request, email, 'topup-20');
  const key = await keyFromOutbox(request, email, order);
  await applyKey(page, key);
  await expect(page.getByText(/20 Top-Ups/).first()).toBeVisible();
  const row = page.getByTestId('order').filter({ hasText: `#${order}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(key.slice(-4));

  // The same key again: already applied (409).
  await page.getByLabel('Private key').fill(key);
  await page.getByRole('button', { name: 'Apply key' }).click();
  await expect(page.locator('#private-key-error')).toBeVisible();

  // Top-Up: the username goes first in its list.
  await page.goto('/user');
  await expect(page.getByTestId('stat-topUps')).toHaveText('20');
  await mine.getByRole('button', { name: 'Top-Up' }).click();
  await expect(page.getByTestId('stat-topUps')).toHaveText('19');
  // First of the list, after any Fire Pin still running from an earlier run on the same database.
  await firstCard(page, lane);
  await expect(
    page.locator('[data-testid="username-card"]:not(.ucard-pinned)').first(),
  ).toContainText(handle);

  // A Fire Pin bought by card holds it first, even above a newer Top-Up by someone else.
  const pinOrder = await payByCard(request, email, 'fire-pin');
  await applyKey(page, await keyFromOutbox(request, email, pinOrder));
  await page.goto('/user');
  await expect(page.getByTestId('stat-firePins')).toHaveText('1');
  await mine.getByRole('button', { name: 'Fire Pin' }).click();
  await expect(page.getByTestId('stat-firePins')).toHaveText('0');

  const rival = await createMember(request, `eco-rival-${testInfo.project.name}`);
  const rivalHandle = await submitUsername(request, rival, lane);
  const rivalOrder = await payByCard(request, rival, 'topup-20');
  const rivalKey = await keyFromOutbox(request, rival, rivalOrder);
  const auth = await bearer(request, rival);
  expect(
    (await request.post('/v1/user/keys', { headers: auth, data: { key: rivalKey } })).ok(),
  ).toBe(true);
  const mineRes = await request.get('/v1/user/usernames', { headers: auth });
  const rivalId = ((await mineRes.json()) as { data: { id: number }[] }).data[0].id;
  const topped = await request.post(`/v1/user/usernames/${rivalId}/topup`, { headers: auth });
  expect(((await topped.json()) as { success: boolean }).success).toBe(true);

  const cards = page.getByTestId('username-card');
  await firstCard(page, lane);
  await expect(cards.first()).toContainText(handle);
  await expect(cards.first()).toHaveClass(/ucard-pinned/);
  await expect(
    page.locator('[data-testid="username-card"]:not(.ucard-pinned)').first(),
  ).toContainText(rivalHandle);

  // One slot used of one: buying a slot costs 2 x 1 Top-Ups and raises the limit to 2.
  await page.goto('/user');
  await expect(page.getByTestId('stat-usernames')).toHaveText('1 / 1');
  await page.getByTestId('add-username').click();
  const slot = page.getByRole('dialog');
  await expect(slot.getByTestId('slot-purchasable')).toBeVisible();
  await slot.getByRole('button', { name: 'Buy a slot (2 Top-Ups)' }).click();
  await expect(page.getByTestId('stat-usernames')).toHaveText('1 / 2');
  await expect(page.getByTestId('stat-topUps')).toHaveText('17');
});

test('direct crypto order: live fee preview, then payment instructions', async ({
  page,
  baseURL,
  context,
}) => {
  await preAgree(page, baseURL as string);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/shop/direct');
  await expect(page.getByTestId('fee-rule')).toContainText('1 key +30%');
  const total = page.getByTestId('preview-total');
  await expect(total).toHaveText('$0.00');

  await page.getByRole('button', { name: 'One more 20 Top-Ups' }).click();
  await expect(total).toHaveText('$7.80');
  await page.getByRole('button', { name: 'One more Fire Pin' }).click();
  await expect(page.getByTestId('preview-fee')).toHaveText('$1.65');
  await expect(total).toHaveText('$12.65');
  await page.getByRole('button', { name: 'One more Fire Pin' }).click();
  await page.getByRole('button', { name: 'One more Fire Pin' }).click();
  await expect(total).toHaveText('$21.00');
  // What a phone sees while picking further down: the live total stays in view.
  await page.getByTestId('product-vip-week').scrollIntoViewIfNeeded();
  if ((page.viewportSize()?.width ?? 1280) < 992) {
    await expect(page.getByTestId('sticky-total')).toBeInViewport();
  }

  // Without a receiving address configured (the default e2e server), crypto says it is closed.
  const catalogue = (await (await page.request.get('/v1/shop/products')).json()) as {
    networks: string[];
  };
  if (!catalogue.networks.includes('solana')) {
    await expect(page.getByTestId('crypto-closed')).toBeVisible();
    return;
  }

  await page.getByLabel('E-mail for the keys').fill(uniqueEmail('crypto'));
  await page.getByLabel(/Solana Pay/).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  const pay = page.getByTestId('payment-instructions');
  await expect(pay).toBeVisible();
  await expect(pay).toContainText(/Order number\s*\d{5}/);
  await expect(page.getByTestId('pay-link')).toHaveAttribute('href', /^solana:/);
  await pay.getByRole('button', { name: 'Copy the address' }).click();
  await expect(
    page.getByText(/Copied to the clipboard|Oops, unable to copy/).first(),
  ).toBeVisible();
  await expect(pay).toContainText('not settled within 24 hours');
});

test('screenshots: shop, direct shop, orders and user home in light and dark', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(!SCREENSHOTS, 'review screenshots: set SCREENSHOTS=1');
  test.setTimeout(120_000);
  const size = testInfo.project.name === 'mobile' ? '390x844' : '1280x800';
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const lane = LANE[testInfo.project.name as keyof typeof LANE] ?? LANE.desktop;
  const email = await createMember(request, `eco-shot-${testInfo.project.name}`);
  await submitUsername(request, email, lane);
  const order = await payByCard(request, email, 'vip-month');
  const key = await keyFromOutbox(request, email, order);
  expect(
    (
      await request.post('/v1/user/keys', {
        headers: await bearer(request, email),
        data: { key },
      })
    ).ok(),
  ).toBe(true);

  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    const context = await browser.newContext({ viewport, baseURL });
    await setTheme(context, baseURL as string, dark);
    const page = await context.newPage();
    await preAgree(page, baseURL as string);
    await logIn(page, email);
    await page.goto('/shop');
    await expect(page.getByTestId('product-vip-month')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shop-${size}-${theme}.png`, fullPage: true });
    await page.goto('/shop/direct');
    await page.getByRole('button', { name: 'One more 50 Top-Ups' }).click();
    await page.getByRole('button', { name: 'One more Fire Pin' }).click();
    await page.screenshot({ path: `${SHOTS}/shop-direct-${size}-${theme}.png`, fullPage: true });
    // What a phone sees while picking: the live total stays in view.
    await page.getByTestId('product-vip-week').scrollIntoViewIfNeeded();
    if (size === '390x844') await expect(page.getByTestId('sticky-total')).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/shop-direct-view-${size}-${theme}.png` });
    await page.goto('/user/orders');
    await expect(page.getByTestId('order').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/orders-${size}-${theme}.png`, fullPage: true });
    await page.goto('/user');
    await expect(page.getByTestId('my-username').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/user-economy-${size}-${theme}.png`, fullPage: true });
    await context.close();
  }
});
