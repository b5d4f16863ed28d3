import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bearer, createMember, preAgree, shot, uniqueHandle } from './helpers';

// The seeded local accounts (README): a Moderator shares the local admin password.
const MODERATOR = 'moderator@addme.local';
const ADMIN_PASSWORD = 'local-admin-passphrase-2026';

type Month = {
  month: string;
  complete: boolean;
  notices: Record<string, number>;
  notices_total: number;
  reports_total: number;
  decisions_total: number;
  ncii_counted: number;
  ncii_within_48h: number;
};

/** A Bearer header for the moderator, signed in from its own context (no session cookie on
 * `request`, whose anonymous calls would otherwise be cookie-authenticated and need a CSRF token). */
async function moderatorHeaders(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const own = await playwright.request.newContext({ baseURL });
  const res = await own.post('/v1/auth/login', {
    data: { email: MODERATOR, password: ADMIN_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  await own.dispose();
  return { Authorization: `Bearer ${token}` };
}

async function signInAsModerator(page: Page) {
  const res = await page.request.post('/v1/auth/login', {
    data: { email: MODERATOR, password: ADMIN_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A notice about an intimate image, from anyone; its reference. */
async function ncciNotice(request: APIRequestContext): Promise<string> {
  const res = await request.post('/v1/notices', {
    data: {
      kind: 'ncii',
      urls: ['/profile/1'],
      description: 'A picture of me posted without my consent.',
      good_faith: true,
      signature: 'Jane Example',
      contact_email: 'e2e-transparency@example.com',
      captcha_token: 'local-captcha-ok',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { reference: string } }).data.reference;
}

test('a visitor reads the transparency report from the footer, month by month', async ({
  page,
  baseURL,
}, testInfo) => {
  await preAgree(page, baseURL as string);
  await page.goto('/help');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency' }).click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency report' })).toBeVisible();
  const api = (await (await page.request.get('/v1/transparency')).json()) as { months: Month[] };
  expect(api.months).toHaveLength(12);
  const months = page.getByTestId('transparency-month');
  await expect(months).toHaveCount(12);
  // The running month first, marked; its figures are the API's (the seeded reports are this
  // month's, so it has some).
  const current = months.first();
  await expect(current.getByText('so far')).toBeVisible();
  await expect(current.getByTestId('fig-reports')).toContainText(
    String(api.months[0]?.reports_total),
  );
  await expect(current.getByTestId('fig-decisions')).toContainText(
    String(api.months[0]?.decisions_total),
  );
  await current.getByText('By kind, ground and category').click();
  await expect(current.getByRole('heading', { name: 'Notices by kind' })).toBeVisible();
  await page.getByText('How we count').click();
  await expect(page.getByText(/A notice still open after 48 hours counts as late/)).toBeVisible();
  await shot(page, testInfo.project.name, 'transparency', 'public');
});

test('a moderator decides an intimate-image notice and sees it counted, with the CSV', async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const headers = await moderatorHeaders(playwright, baseURL as string);
  const before = (await (
    await request.get('/v1/admin/transparency?months=1', { headers })
  ).json()) as { months: Month[] };
  const reference = await ncciNotice(request);
  const queue = (await (
    await request.get('/v1/admin/notices?status=open&per_page=100', { headers })
  ).json()) as { data: { id: number; reference: string }[] };
  const notice = queue.data.find((n) => n.reference === reference);
  expect(notice, 'the new notice is in the open queue').toBeTruthy();
  const decided = await request.post(`/v1/admin/notices/${notice?.id}/decide`, {
    headers,
    data: {
      action: 'reject',
      ground: 'terms',
      category: 'non_consensual_behaviour',
      reason: 'The profile shows a drawing, not a person: nothing to remove.',
    },
  });
  expect(decided.ok(), await decided.text()).toBeTruthy();

  const after = (await (
    await request.get('/v1/admin/transparency?months=1', { headers })
  ).json()) as { months: Month[] };
  const [was, now] = [before.months[0] as Month, after.months[0] as Month];
  // Other browser tests may add notices at the same time: at least ours.
  expect(now.notices.ncii).toBeGreaterThanOrEqual((was.notices.ncii ?? 0) + 1);
  expect(now.decisions_total).toBeGreaterThanOrEqual(was.decisions_total + 1);
  expect(now.ncii_within_48h).toBeGreaterThanOrEqual(was.ncii_within_48h + 1);

  await preAgree(page, baseURL as string);
  await signInAsModerator(page);
  await page.goto('/admin/transparency');
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency' })).toBeVisible();
  const current = page.getByTestId('transparency-month').first();
  await expect(current.getByTestId('fig-ncii')).not.toHaveText(/–$/);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('addme-transparency.csv');
  const csv = await (await page.request.get('/v1/admin/transparency.csv?months=2')).text();
  const [head, , thisMonth] = csv.trim().split('\n');
  const columns = (head as string).split(',');
  const cells = (thisMonth as string).split(',');
  expect(cells[columns.indexOf('month')]).toBe(now.month);
  expect(Number(cells[columns.indexOf('notices_ncii')])).toBeGreaterThanOrEqual(now.notices.ncii);
  await shot(page, testInfo.project.name, 'transparency', 'admin');
});

test('a moderator answers a ban dispute from the queue and clears a false hopping flag', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  // Two members claim free Top-Ups from one browser: the second is restricted for account hopping.
  const first = await bearer(
    request,
    await createMember(request, `hop-a-${testInfo.project.name}`),
  );
  const secondEmail = await createMember(request, `hop-b-${testInfo.project.name}`);
  const second = await bearer(request, secondEmail);
  const claim = { captcha_token: 'local-captcha-ok' };
  expect(
    (await (await request.post('/v1/user/free-topup', { headers: first, data: claim })).json())
      .success,
  ).toBe(true);
  const refused = await (
    await request.post('/v1/user/free-topup', { headers: second, data: claim })
  ).json();
  expect(refused.code).toBe('hopping_restricted');
  const account = (await (await request.get('/v1/auth/user', { headers: second })).json()) as {
    id: number;
  };
  // The member disputes it through the contact form.
  const handle = uniqueHandle('hop');
  const sent = await request.post('/v1/contact', {
    headers: second,
    data: {
      reason: 'disputeban',
      reply_email: secondEmail,
      usernames: [handle],
      justification: 'My flatmate and I share one laptop; we are two people.',
      captcha_token: 'local-captcha-ok',
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  await preAgree(page, baseURL as string);
  await signInAsModerator(page);
  await page.goto('/admin/contact-queue?reason=disputeban');
  await expect(page.getByRole('heading', { level: 1, name: "Moderators' queue" })).toBeVisible();
  const message = page.getByTestId('contact-item').filter({ hasText: handle });
  await expect(message).toBeVisible();
  await message.getByRole('link', { name: 'risk and hopping flags' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/flags/${account.id}$`));
  const hopping = page.getByTestId('flag-hopping');
  await expect(hopping).toContainText('Free Top-Ups refused until');
  await shot(page, testInfo.project.name, 'moderators', 'flags');
  await hopping.getByRole('button', { name: 'Clear the account-hopping flag' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Flatmates sharing one laptop');
  await dialog.getByRole('button', { name: 'Clear the account-hopping flag' }).click();
  await expect(page.getByText('Account-hopping restriction lifted.')).toBeVisible();
  await expect(hopping).toContainText('Not restricted.');
  // The member may claim again; then the moderator answers and closes the message.
  expect(
    (await (await request.post('/v1/user/free-topup', { headers: second, data: claim })).json())
      .success,
  ).toBe(true);
  await page.goto('/admin/contact-queue?reason=disputeban');
  await shot(page, testInfo.project.name, 'moderators', 'contact-queue');
  const again = page.getByTestId('contact-item').filter({ hasText: handle });
  await again
    .getByLabel('Reply (sent by e-mail)')
    .fill('We lifted the restriction: sorry for the trouble.');
  await again.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent.')).toBeVisible();
});
