import { expect, test } from '@playwright/test';
import { createMember, logIn, preAgree, SCREENSHOTS, shot } from './helpers';

const REASONS: Record<string, string> = {
  fire_pin: 'Fire Pin',
  top_up: 'Top-Up',
  vip: 'VIP',
  promotion: 'Promotion',
};

type Card = { id: number; promoted_reason: string | null };

test('every promoted card on /snapchat-usernames says Promoted, with its reason', async ({
  page,
  baseURL,
}, testInfo) => {
  await preAgree(page, baseURL as string);
  await page.goto('/snapchat-usernames');
  const cards = page.getByTestId('username-card');
  await expect(cards.first()).toBeVisible();
  // What the page shows against what the API said about the same cards.
  // (The page carries its first answer in its HTML: the same list, asked again.)
  const answer = await page.request.get('/v1/usernames?app=snapchat');
  const listed = ((await answer.json()) as { data: Card[] }).data;
  const promoted = listed.filter((c) => c.promoted_reason);
  expect(promoted.length, 'the seed has paid placements on the first page').toBeGreaterThan(0);
  for (const card of listed) {
    const shown = page.locator(`[data-testid="username-card"][data-id="${card.id}"]`);
    const label = shown.getByTestId('promoted');
    if (card.promoted_reason) {
      await expect(label).toHaveText('Promoted');
      await expect(label).toHaveAccessibleName(`Promoted: ${REASONS[card.promoted_reason]}`);
    } else {
      await expect(label).toHaveCount(0);
    }
  }
  // The list says how it is ordered.
  await expect(page.getByTestId('ranking-link')).toHaveAttribute('href', '/help/ranking');
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'staff', 'snapchat-usernames');
});

test('/help/ranking explains the order in plain words, linked from the help centre', async ({
  page,
  baseURL,
}, testInfo) => {
  await preAgree(page, baseURL as string);
  await page.goto('/help');
  await page.getByTestId('help-ranking-link').click();
  await expect(page).toHaveURL(/\/help\/ranking$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'How lists are ordered' }),
  ).toBeVisible();
  const body = page.getByTestId('ranking');
  await expect(body).toContainText('Fire Pin');
  await expect(body).toContainText('Top-Up');
  await expect(body).toContainText('What paying never changes');
  await expect(body.getByRole('note', { name: 'Promoted: Fire Pin' })).toBeVisible();
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'staff', 'help-ranking');
});

test('a member switches orientation ads on, and asks for a copy of their data', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = await createMember(request, `staff-${testInfo.project.name}`);
  await preAgree(page, baseURL as string);
  await logIn(page, email);
  await page.goto('/user/account');
  const consent = page.getByLabel('Use my orientation to choose the ads I see');
  await expect(consent).not.toBeChecked();
  await consent.click();
  await expect(consent).toBeChecked();
  await expect(page.getByTestId('consent-last-change')).toContainText('Switched on');
  await page.reload();
  await expect(page.getByLabel('Use my orientation to choose the ads I see')).toBeChecked();

  await page.getByTestId('export-ask').click();
  await expect(page.getByTestId('export-pending')).toContainText('being prepared');
  const state = await page.request.get('/v1/user/export');
  expect(((await state.json()) as { status: string }).status).toBe('pending');
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'staff', 'account');
});

test('an IP ban over the admin’s own address warns and asks for the range again', async ({
  page,
  baseURL,
}, testInfo) => {
  // The admin's address as the server sees it (the test server trusts 127.0.0.1 as its proxy): a
  // documentation address, so the ban never touches the other tests' writes.
  const own = testInfo.project.name === 'mobile' ? '203.0.113.41' : '203.0.113.42';
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': own });
  await preAgree(page, baseURL as string);
  const login = await page.request.post('/v1/auth/login', {
    data: { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto('/admin/ban');
  const form = page.getByRole('form', { name: 'Ban an IP or a range' });
  await form.getByLabel('IP address or CIDR range').fill(own);
  await form.getByLabel('Reason').fill('Testing the staff guard');
  await form.getByRole('button', { name: 'Ban' }).click();
  const warning = page.getByTestId('covers-staff');
  await expect(warning).toContainText('This ban would catch staff.');
  await expect(warning).toContainText(`your own address (${own})`);
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'staff', 'ip-ban-warning');
  await warning.getByLabel(/type the range again/).fill(`${own}/32`);
  await form.getByRole('button', { name: 'Ban anyway' }).click();
  await expect(page.getByText('Ban recorded.')).toBeVisible();
  const row = page.getByTestId('ban-row').filter({ hasText: own });
  await row.getByRole('button', { name: 'Unban' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByText('Ban lifted.')).toBeVisible();
});
