import { expect, type Page, test } from '@playwright/test';
import { createMember, logIn, preAgree, SCREENSHOTS, shot } from './helpers';

/**
 * Trust: age verification where the law requires it. The e2e server trusts 127.0.0.1 as its proxy
 * and reads the visitor's place from CF-IPCountry / CF-Region-Code (Makefile), so these visitors
 * are "in Texas", one of the seeded jurisdictions; verification runs on the offline simulator.
 */
test.describe('age verification in a required region', () => {
  test.use({ extraHTTPHeaders: { 'CF-IPCountry': 'US', 'CF-Region-Code': 'TX' } });

  test('a visitor sees blurred media, verifies with the simulator and sees it', async ({
    page,
    baseURL,
  }, info) => {
    await preAgree(page, baseURL as string);
    await page.goto('/nudes');
    const card = page.getByTestId('nude-card').first();
    await expect(card.getByTestId('adult-overlay')).toBeVisible();
    await expect(card.locator('[data-blurred="true"]')).toHaveCount(1);
    const alert = page.getByTestId('verify-age-alert');
    await expect(alert).toContainText('US-TX');
    if (SCREENSHOTS) await shot(page, info.project.name, 'trust', 'blurred');

    // The overlay's own Verify button starts the flow.
    await card.getByRole('button', { name: 'Verify Age' }).click();
    await expect(page).toHaveURL(/\/age-verification\/simulator\?session=sim_/);
    await page.getByRole('button', { name: 'Pass: I am an adult' }).click();

    // Back where they were, with the media shown and the alert gone.
    await expect(page).toHaveURL(/\/nudes$/);
    await expect(page.getByText('Your age is verified: adult pictures are shown.')).toBeVisible();
    await expect(page.getByTestId('nude-card').first().getByTestId('adult-overlay')).toHaveCount(0);
    await expect(page.getByTestId('verify-age-alert')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('nude-card').first().getByTestId('adult-overlay')).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ageVerification')?.httpOnly).toBe(true);
  });

  test('a failed verification shows the spec’s message', async ({ page, baseURL }) => {
    await preAgree(page, baseURL as string);
    await page.goto('/nudes');
    await page.getByTestId('verify-age-alert').getByRole('button', { name: 'Verify Age' }).click();
    await page.getByLabel('Failure reason (optional)').fill('Document expired');
    await page.getByRole('button', { name: 'Fail the check' }).click();
    await expect(page.getByTestId('age-verification-error')).toHaveText(
      'An error occurred during the age verification process: Document expired',
    );
    // Nothing was unlocked by the failure.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByTestId('nude-card').first().getByTestId('adult-overlay')).toBeVisible();
  });
});

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };

test('a Full admin adds a place to the list and its visitors must verify', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one admin edit per run: the list is shared');
  await preAgree(page, baseURL as string);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/admin/ondato');
  await expect(page.getByTestId('jurisdictions')).toContainText('US-TX');
  await page.getByRole('button', { name: 'Add a place' }).click();
  await page.getByLabel('Country (2 letters)').fill('BR');
  await page.getByLabel('In force from').fill('2025-03-01');
  await page.getByLabel('Law', { exact: true }).fill('A test law for the browser test');
  await page.getByLabel('Reason (audit log)').fill('new law in force');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('jurisdictions')).toContainText('A test law for the browser test');
  if (SCREENSHOTS) await shot(page, info.project.name, 'trust', 'admin-ondato');

  const visitor = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'CF-IPCountry': 'BR' },
  });
  const other = await visitor.newPage();
  await preAgree(other, baseURL as string);
  await other.goto('/nudes');
  await expect(other.getByTestId('verify-age-alert')).toContainText('BR');
  await visitor.close();
});

/** The user home's free Top-Up: its button, the captcha (the local checkbox), the claim. */
async function claimFreeTopUp(page: Page) {
  await page.getByTestId('free-topup').click();
  await page.getByLabel("I'm not a robot").check();
  await page.getByTestId('free-topup-claim').click();
}

test.describe('free Top-Ups and abuse', () => {
  test('a visitor from a hosting network cannot claim a free Top-Up', async ({
    browser,
    request,
    baseURL,
  }) => {
    const email = await createMember(request, 'trust-vps');
    // Through the e2e server's trusted proxy, the caller is at a DigitalOcean address.
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': '138.68.1.1' },
    });
    const page = await context.newPage();
    await preAgree(page, baseURL as string);
    await logIn(page, email);
    await page.goto('/user');
    await claimFreeTopUp(page);
    await expect(
      page.getByText('Free Top-Ups are not available on a high-risk connection').first(),
    ).toBeVisible();
    await context.close();
  });

  test('a second account from the same device is restricted', async ({
    page,
    request,
    baseURL,
  }) => {
    const first = await createMember(request, 'trust-hop-a');
    const second = await createMember(request, 'trust-hop-b');
    await preAgree(page, baseURL as string);
    await logIn(page, first);
    await page.goto('/user');
    await claimFreeTopUp(page);
    await expect(page.getByTestId('stat-topUps')).toHaveText('1');

    // Same browser (its device cookie), another account.
    await page.request.post('/v1/auth/logout');
    await logIn(page, second);
    await page.goto('/user');
    await claimFreeTopUp(page);
    await expect(page.getByText(/account hopping/).first()).toBeVisible();
    await expect(page.getByTestId('stat-topUps')).toHaveText('0');
  });
});
