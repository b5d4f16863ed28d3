import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bearer, createMember, logIn, preAgree, shot, uniqueHandle } from './helpers';

// The seeded local accounts (README): a Full admin and a Moderator share the local password.
const FULL = 'admin@addme.local';
const MODERATOR = 'moderator@addme.local';
const ADMIN_PASSWORD = 'local-admin-passphrase-2026';
const REASON = 'The description sells a menu, which the terms do not allow.';

async function staffToken(request: APIRequestContext, email: string, password = ADMIN_PASSWORD) {
  const res = await request.post('/v1/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function logInStaff(page: Page, email: string) {
  const res = await page.request.post('/v1/auth/login', {
    data: { email, password: ADMIN_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A second Moderator: a new member the Full admin promotes. */
async function secondModerator(request: APIRequestContext, tag: string) {
  const email = await createMember(request, `mod2-${tag}`);
  const me = await request.get('/v1/auth/user', { headers: await bearer(request, email) });
  const { id } = (await me.json()) as { id: number };
  const promote = await request.patch(`/v1/admin/users/${id}`, {
    headers: await staffToken(request, FULL),
    data: { admin_level: 'Moderator', reason: 'A second moderator for appeals' },
  });
  expect(promote.ok(), await promote.text()).toBeTruthy();
  return email;
}

async function outbox(request: APIRequestContext, email: string) {
  const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  return (await res.json()) as { subject: string; body: string }[];
}

test('a rejection needs a reason, reaches the member, is appealed and reversed by a second moderator', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const owner = await createMember(request, `dec-${project}`);
  const handle = uniqueHandle('menu');
  const submitted = await request.post('/v1/user/usernames', {
    headers: await bearer(request, owner),
    data: {
      app: 'snapchat',
      username: handle,
      age: 29,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'CA',
      description: 'Selling my menu, prices in DM',
      tags: [],
    },
  });
  const { id } = ((await submitted.json()) as { data: { id: number; status: string } }).data;

  // An empty reason is refused, and nothing changes.
  const moderator = await staffToken(request, MODERATOR);
  const empty = await request.post(`/v1/admin/usernames/${id}/reject`, {
    headers: moderator,
    data: { reason: '' },
  });
  expect(empty.status()).toBe(422);
  expect(((await empty.json()) as { errors: Record<string, string[]> }).errors.reason).toBeTruthy();

  // The Moderator rejects it in the review queue, with a reason.
  await preAgree(page, baseURL as string);
  await logInStaff(page, MODERATOR);
  await page.goto('/admin/review');
  const card = page.getByTestId('review-item').filter({ hasText: handle });
  await card.getByLabel('Reason (saved in the audit log)').fill(REASON);
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${handle} is rejected; the member sees the reason.`)).toBeVisible();

  // The member is mailed the statement, and reads it in their area.
  await expect
    .poll(async () => (await outbox(request, owner)).some((m) => m.body.includes(REASON)))
    .toBe(true);
  const mail = (await outbox(request, owner)).find((m) => m.body.includes(REASON));
  expect(mail?.subject).toContain('Username rejected');
  expect(mail?.body).toContain('appeal within 6 months');

  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await preAgree(member, baseURL as string);
  await logIn(member, owner);
  await member.goto('/user/decisions');
  const statement = member.getByTestId('decision-item').filter({ hasText: 'Username rejected' });
  await expect(statement.getByTestId('decision-facts')).toHaveText(REASON);
  await shot(member, project, 'decisions', 'member-statement');
  await statement.getByRole('button', { name: 'Appeal: Username rejected' }).click();
  await member.getByLabel('Why should we look again?').fill('It is a food menu for my cafe.');
  await member.getByRole('button', { name: 'Send the appeal' }).click();
  await expect(member.getByText('Your appeal has been sent.')).toBeVisible();
  await expect(statement.getByTestId('decision-appeal')).toContainText('Appeal open');
  await expect(statement.getByRole('button', { name: /Appeal/ })).toHaveCount(0);

  // A second Moderator reverses it in /admin/appeals: the 7-day clock shows.
  const second = await secondModerator(request, project);
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await preAgree(staff, baseURL as string);
  await logIn(staff, second);
  await staff.goto('/admin/appeals');
  const appeal = staff.getByTestId('appeal-item').filter({ hasText: handle });
  await expect(appeal.getByTestId('appeal-clock')).toContainText('left');
  await shot(staff, project, 'decisions', 'admin-appeals');
  await appeal
    .getByLabel('Reason (saved in the audit log)')
    .fill('A cafe menu is fine: our mistake.');
  await appeal.getByRole('button', { name: 'Reverse' }).click();
  await expect(staff.getByText('the decision is reversed')).toBeVisible();

  // The listing is back, the member is told, and both decisions are in the audit log.
  expect((await request.get(`/v1/usernames/${id}`)).status()).toBe(200);
  await expect
    .poll(async () =>
      (await outbox(request, owner)).some((m) => m.subject.includes('the decision is reversed')),
    )
    .toBe(true);
  await member.reload();
  await expect(member.getByTestId('decision-item').first()).toContainText(
    'Appeal: the decision is reversed',
  );

  await logInStaff(page, FULL);
  await page.goto(`/admin/audit?target=${encodeURIComponent(`username:${id}`)}`);
  await expect(page.getByText('username.reject')).toBeVisible();
  await page.goto('/admin/audit?action=appeal.reverse');
  await expect(page.getByText('A cafe menu is fine: our mistake.').first()).toBeVisible();
  await memberContext.close();
  await staffContext.close();
});
