import { expect, type Page, test } from '@playwright/test';
import { bearer, createMember, preAgree, shot, uniqueHandle } from './helpers';

// The seeded local Moderator (README).
const MODERATOR = 'moderator@addme.local';
const ADMIN_PASSWORD = 'local-admin-passphrase-2026';

async function logInModerator(page: Page) {
  const res = await page.request.post('/v1/auth/login', {
    data: { email: MODERATOR, password: ADMIN_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a moderator removes a reported comment with a reason, and it leaves the profile', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const owner = await createMember(request, `cmod-owner-${project}`);
  const handle = uniqueHandle('cmod');
  const created = await request.post('/v1/user/usernames', {
    headers: await bearer(request, owner),
    data: {
      app: 'snapchat',
      username: handle,
      age: 27,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      tags: [],
      description: 'Evenings only, say hi first.',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const text = `Total fake, never answers ${handle}`;
  const commenter = await createMember(request, `cmod-author-${project}`);
  const posted = await request.post(`/v1/usernames/${id}/comments`, {
    headers: await bearer(request, commenter),
    data: { text },
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();
  const cid = ((await posted.json()) as { comment: { id: number } }).comment.id;
  const reporter = await createMember(request, `cmod-reporter-${project}`);
  const reported = await request.post(`/v1/usernames/${id}/comments/${cid}/reports`, {
    headers: await bearer(request, reporter),
    data: { message: 'Insults the owner without any facts' },
  });
  expect(reported.ok(), await reported.text()).toBeTruthy();

  await preAgree(page, baseURL as string);
  const section = page.getByTestId('comments');
  await page.goto(`/username/${handle}/${id}`);
  await expect(section).toContainText(text);

  await logInModerator(page);
  await page.goto('/admin/comments?kind=reported');
  await expect(page.getByRole('heading', { name: 'Comments', level: 1 })).toBeVisible();
  const card = page.getByTestId('comment-case').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: handle })).toBeVisible();
  await expect(card.getByTestId('comment-reports')).toContainText(
    'Insults the owner without any facts',
  );
  await expect(card).toContainText('1 report');
  await shot(page, project, 'admin', 'comments');

  // A reason is required: too short, and nothing is sent.
  await card.getByLabel('Reason (saved in the audit log)').fill('rude');
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByRole('alert')).toContainText('at least 10 characters');
  await card
    .getByLabel('Reason (saved in the audit log)')
    .fill('Accusations without facts break the comment rules.');
  await card.getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('toast').getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText('Comment removed; its author has been sent the decision.'),
  ).toBeVisible();
  await expect(card).toHaveCount(0);

  // Gone from the profile for everyone.
  await page.context().clearCookies();
  await preAgree(page, baseURL as string);
  await page.goto(`/username/${handle}/${id}`);
  await expect(section.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(section).toContainText('No comments yet.');
  await expect(section).not.toContainText(text);
});
