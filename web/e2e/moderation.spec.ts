import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  logIn,
  png,
  preAgree,
  SCREENSHOTS,
  SHOTS_DIR as SHOTS,
  setTheme,
  uniqueHandle,
} from './helpers';

// The seeded local accounts (README): a Full admin and a Moderator share the local password.
const FULL = 'admin@addme.local';
const MODERATOR = 'moderator@addme.local';
const ADMIN_PASSWORD = 'local-admin-passphrase-2026';

async function adminToken(request: APIRequestContext, email = FULL) {
  const res = await request.post('/v1/auth/login', { data: { email, password: ADMIN_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function logInAdmin(page: Page, email = FULL) {
  const res = await page.request.post('/v1/auth/login', {
    data: { email, password: ADMIN_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A member's username, submitted through the API; a blacklisted word keeps it pending. */
async function submit(request: APIRequestContext, email: string, handle: string, about: string) {
  const res = await request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app: 'snapchat',
      username: handle,
      age: 29,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'CA',
      description: about,
      tags: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { id: number; status: string } }).data;
}

test("a new account's underage report leaves the listing listed, first on a one-hour clock; dismissing asks why", async ({
  page,
  request,
}, testInfo) => {
  const owner = await createMember(request, `own-${testInfo.project.name}`);
  const name = uniqueHandle('adult');
  const listed = await submit(request, owner, name, 'Coffee, hikes and films.');
  expect(listed.status).toBe('approved');
  // A minutes-old account is not in good standing: its report hides nothing by itself.
  const reporter = await createMember(request, `rpt-${testInfo.project.name}`);
  const report = await request.post(`/v1/usernames/${listed.id}/reports`, {
    headers: await bearer(request, reporter),
    data: { type: 'underage', message: 'Looks young' },
  });
  expect(report.ok(), await report.text()).toBeTruthy();
  expect((await request.get(`/v1/usernames/${listed.id}`)).status()).toBe(200);

  await logInAdmin(page, MODERATOR);
  await page.goto('/admin/report?type=underage');
  const group = page.getByTestId('report-group').filter({ hasText: name });
  await expect(group).toBeVisible();
  await expect(group.getByTestId('report-clock')).toContainText(
    /Underage: decide within (59|60) minutes/,
  );
  await expect(group.getByTestId('reporter-standing').first()).toContainText('0 dismissed');
  // No reason: refused before anything is sent.
  await group.getByRole('button', { name: 'Dismiss' }).click();
  await expect(group.getByText('Dismissing an underage report needs a reason')).toBeVisible();
  await group.getByLabel('Reason (saved in the audit log)').fill('Verified adult, ID checked');
  await group.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Reports dismissed.')).toBeVisible();
  await expect(group).toHaveCount(0);

  expect((await request.get(`/v1/usernames/${listed.id}`)).status()).toBe(200);
  await page.goto(`/list?q=${name}`);
  await expect(page.getByTestId('username-card').filter({ hasText: name })).toBeVisible();
});

test('a Full admin approves one pending username and rejects another; the member reads why', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const member = await createMember(request, `pend-${testInfo.project.name}`);
  const other = await createMember(request, `pend2-${testInfo.project.name}`);
  const good = uniqueHandle('held');
  const bad = uniqueHandle('sells');
  expect((await submit(request, member, good, 'Selling nothing, just chatting')).status).toBe(
    'pending',
  );
  expect((await submit(request, other, bad, 'Selling my menu, prices in DM')).status).toBe(
    'pending',
  );

  await logInAdmin(page);
  await page.goto(`/admin/review?q=${good}`);
  const item = page.getByTestId('review-item').filter({ hasText: good });
  await expect(item).toContainText('Blacklist term');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${good} is approved and listed.`)).toBeVisible();
  await page.goto(`/list?q=${good}`);
  await expect(page.getByTestId('username-card').filter({ hasText: good })).toBeVisible();

  await page.goto(`/admin/review?q=${bad}`);
  const rejectMe = page.getByTestId('review-item').filter({ hasText: bad });
  await rejectMe.getByLabel('Reason (saved in the audit log)').fill('No selling on AddMe.');
  await rejectMe.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${bad} is rejected; the member sees the reason.`)).toBeVisible();

  const context = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport });
  const memberPage = await context.newPage();
  await preAgree(memberPage, baseURL as string);
  await logIn(memberPage, other);
  await memberPage.goto('/user');
  await expect(memberPage.getByTestId('rejection-reason')).toHaveText(
    'Reason: No selling on AddMe.',
  );
  await context.close();
});

test('a Full admin decides an unban request and a removal request', async ({
  page,
  request,
}, testInfo) => {
  // Two queues, five members' API calls and a multipart upload: past a minute on a shared machine.
  test.setTimeout(150_000);
  const owner = await createMember(request, `unb-${testInfo.project.name}`);
  const name = uniqueHandle('ban');
  const u = await submit(request, owner, name, 'Music and long walks.');
  const admin = await adminToken(request);
  const ban = await request.post(`/v1/admin/usernames/${u.id}/ban`, {
    headers: admin,
    data: { hours: null, reason: 'e2e lifetime' },
  });
  expect(ban.ok(), await ban.text()).toBeTruthy();
  const ask = await request.post(`/v1/user/usernames/${u.id}/unban-request`, {
    headers: await bearer(request, owner),
    data: { message: 'I fixed my description.' },
  });
  expect(((await ask.json()) as { unbanned: boolean }).unbanned).toBe(false);

  await logInAdmin(page);
  await page.goto('/admin/unban-requests');
  const req = page.getByTestId('unban-item').filter({ hasText: name });
  await expect(req).toContainText('Lifetime ban');
  await req.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Unban accepted: the username is listed again.')).toBeVisible();
  expect((await request.get(`/v1/usernames/${u.id}`)).status()).toBe(200);

  const target = uniqueHandle('mine');
  const listed = await submit(
    request,
    await createMember(request, `rm-${testInfo.project.name}`),
    target,
    'Board games and tea.',
  );
  const removal = await request.post('/v1/remove-username', {
    multipart: {
      username: target,
      app: 'snapchat',
      reason: 'This is my account and I never listed it.',
      email: 'e2e-owner@example.com',
      captcha_token: 'local-captcha-ok',
      screenshot: { name: 'proof.png', mimeType: 'image/png', buffer: png(3, 200) },
    },
  });
  expect(removal.ok(), await removal.text()).toBeTruthy();
  await page.goto('/admin/removal-requests');
  const card = page.getByTestId('removal-item').filter({ hasText: target });
  await expect(card.getByTestId('removal-clock')).toContainText(/4[78] hours left/);
  await card.getByRole('button', { name: 'Show the proof' }).click();
  const proof = card.getByTestId('removal-proof');
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  // The proof is never public: this request context is signed in as a member, never an admin.
  const proofUrl = await proof.getAttribute('src');
  expect([401, 403]).toContain((await request.get(proofUrl as string)).status());
  await card.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Removed; the handle can never be listed again')).toBeVisible();
  expect((await request.get(`/v1/usernames/${listed.id}`)).status()).toBe(404);
});

test('a Moderator does not see Orders, Key generator or Fire Pins', async ({ page }) => {
  await logInAdmin(page, MODERATOR);
  await page.goto('/admin');
  await expect(page.getByTestId('tile-review')).toBeVisible();
  const drawer = page.getByRole('button', { name: /Admin menu/ });
  if (await drawer.isVisible()) await drawer.click();
  const menu = page.getByRole('navigation', { name: 'Admin menu' }).filter({ visible: true });
  await expect(menu.getByRole('link', { name: 'Reports' })).toBeVisible();
  for (const hidden of ['Orders', 'Key generator', 'Fire Pins', 'Contact inbox', 'Audit log']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await page.goto('/admin/order');
  await expect(page.getByTestId('admin-forbidden')).toContainText('Not for your level');
  await expect(page.getByText('No orders were found.')).toHaveCount(0);
});

test('screenshots: every moderation screen, light and dark', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!SCREENSHOTS, 'review screenshots: set SCREENSHOTS=1');
  // Eighteen full-page shots per project: more than the default minute on a shared machine.
  test.setTimeout(240_000);
  const size = testInfo.project.name === 'mobile' ? '390x844' : '1280x800';
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const screens = [
    ['home', '/admin'],
    ['review', '/admin/review'],
    ['reports', '/admin/report'],
    ['comments', '/admin/comments'],
    ['unban', '/admin/unban-requests?status=decided'],
    ['removal', '/admin/removal-requests'],
    ['notices', '/admin/notices'],
    ['contact', '/admin/contact'],
    ['macros', '/admin/macros'],
    ['audit', '/admin/audit'],
  ] as const;
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    const context = await browser.newContext({ viewport, baseURL });
    await setTheme(context, baseURL as string, dark);
    const page = await context.newPage();
    await logInAdmin(page);
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: `${SHOTS}/admin-${name}-${size}-${theme}.png`,
        fullPage: true,
      });
    }
    if (testInfo.project.name === 'mobile') {
      await page.goto('/admin');
      await page.getByRole('button', { name: /Admin menu/ }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/admin-drawer-${size}-${theme}.png` });
    }
    await context.close();
  }
});
