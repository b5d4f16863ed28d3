import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  keyFromOutbox,
  PASSWORD,
  payByCard,
  preAgree,
  shot,
  uniqueHandle,
} from './helpers';

// Two cores shared with other runs: sign-ins (Argon2) and first loads can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(120_000);

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };

async function adminIn(page: Page, baseURL: string) {
  await preAgree(page, baseURL);
  const res = await page.request.post('/v1/auth/login', { data: ADMIN });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A member's listed username carrying `tags`; returns its handle. */
async function listed(request: APIRequestContext, tags: string[]) {
  const email = await createMember(request, 'catalog');
  const username = uniqueHandle('cat');
  const res = await request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app: 'kik',
      username,
      age: 27,
      gender: 'Female',
      orientation: 'Bisexual',
      type: 'Clean',
      country_code: 'NZ',
      description: 'Catalogue flow test profile.',
      tags,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { email, username };
}

test('an admin merges two tags and the listing shows the merged tag', async ({
  page,
  request,
  baseURL,
}, info) => {
  const suffix = uniqueHandle('').toLowerCase();
  const from = `selfy${suffix}`;
  const into = `selfie${suffix}`;
  const a = await listed(request, [from]);
  const b = await listed(request, [into]);

  await adminIn(page, baseURL as string);
  await page.goto(`/admin/tags?q=${suffix}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  const row = page.getByTestId('admin-tag').filter({ hasText: `#${from}` });
  await expect(row).toContainText('1 username · 1 listed');
  await shot(page, info.project.name, 'catalog', 'tags');
  await row.getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Merge into (the tag that stays)').fill(into);
  await dialog.getByLabel('Reason').fill('Same thing, two spellings');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(`#${from} merged into #${into}.`)).toBeVisible();
  await expect(page.getByTestId('admin-tag').filter({ hasText: `#${from}` })).toHaveCount(0);
  await expect(page.getByTestId('admin-tag').filter({ hasText: `#${into}` })).toContainText(
    '2 usernames · 2 listed',
  );

  // The public list of the tag that stayed shows both usernames, the merged one with its new tag.
  await page.goto(`/kik-usernames/tags/${into}`);
  const cards = page.getByTestId('username-card');
  await expect(cards.filter({ hasText: b.username })).toContainText(`#${into}`);
  await expect(cards.filter({ hasText: a.username })).toContainText(`#${into}`);
  await expect(cards.filter({ hasText: a.username })).not.toContainText(`#${from}`);
});

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/v1/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function userIdOf(request: APIRequestContext, email: string) {
  const res = await request.get(`/v1/admin/users?q=${encodeURIComponent(email)}`, {
    headers: await adminHeaders(request),
  });
  return ((await res.json()) as { data: { id: number }[] }).data[0].id;
}

/** A member's group (the member is granted the Top-Up a group costs). */
async function groupOf(request: APIRequestContext, name: string) {
  const email = await createMember(request, 'catalog-group');
  const id = await userIdOf(request, email);
  const grant = await request.post(`/v1/admin/users/${id}/grants`, {
    headers: await adminHeaders(request),
    data: { top_ups: 1, fire_pins: 0, reason: 'e2e group' },
  });
  expect(grant.ok(), await grant.text()).toBeTruthy();
  const res = await request.post('/v1/user/groups', {
    headers: await bearer(request, email),
    data: {
      app: 'telegram',
      name,
      username: uniqueHandle('grp'),
      description: 'Night chats',
      max_members: 20,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { group: { slug: string } }).group.slug;
}

test('an admin edits a group and removes one', async ({ page, request, baseURL }, info) => {
  const tag = uniqueHandle('');
  const kept = `Owls ${tag}`;
  const spam = `Spam ${tag}`;
  const keptSlug = await groupOf(request, kept);
  await groupOf(request, spam);

  await adminIn(page, baseURL as string);
  await page.goto(`/admin/groups?q=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await expect(page.getByTestId('admin-group')).toHaveCount(2);
  await shot(page, info.project.name, 'catalog', 'groups');

  const row = page.getByTestId('admin-group').filter({ hasText: kept });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Group information').fill('Adults only. Be kind.');
  await dialog.getByLabel('Maximum members').fill('8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group updated.')).toBeVisible();
  await expect(row).toContainText('1 member of 8');
  await expect(row).toContainText('Adults only. Be kind.');

  await page
    .getByTestId('admin-group')
    .filter({ hasText: spam })
    .getByRole('button', { name: 'Remove' })
    .click();
  await dialog.getByLabel('Reason').fill('Spam group');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${spam} was removed.`)).toBeVisible();
  await expect(page.getByTestId('admin-group')).toHaveCount(1);

  // Visitors see the new information.
  await page.goto(`/group/${keptSlug}`);
  await expect(page.getByText('Adults only. Be kind.')).toBeVisible();
});

test('an admin grants VIP and the member sees VIP', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  const email = await createMember(request, 'catalog-vip');
  await adminIn(page, baseURL as string);
  await page.goto('/admin/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  const grant = page.locator('form').filter({ hasText: 'Grant VIP' }).first();
  await grant.getByLabel('E-mail or account number').fill(email);
  await grant.getByLabel('Days').fill('30');
  await grant.getByLabel('Reason').fill('Thanks for the report');
  await grant.getByRole('button', { name: 'Grant VIP' }).click();
  await expect(page.getByText(new RegExp(`${email} is VIP until`))).toBeVisible();
  await page.goto(`/admin/promotions?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('vip-row').filter({ hasText: email })).toContainText('VIP until');
  await shot(page, info.project.name, 'catalog', 'promotions');

  const context = await browser.newContext({
    baseURL: baseURL as string,
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
  });
  const memberPage = await context.newPage();
  await preAgree(memberPage, baseURL as string);
  const login = await memberPage.request.post('/v1/auth/login', {
    data: { email, password: PASSWORD },
  });
  expect(login.ok()).toBeTruthy();
  await memberPage.goto('/user');
  await expect(memberPage.getByText(/VIP until/)).toBeVisible();
  await context.close();
});

test('a moderator pauses an Auto Top-Up and opens switch rules, not tags or groups', async ({
  page,
  request,
  baseURL,
}, info) => {
  const email = await createMember(request, 'catalog-mod');
  const id = await userIdOf(request, email);
  const set = await request.patch(`/v1/admin/users/${id}`, {
    headers: await adminHeaders(request),
    data: { admin_level: 'Moderator', reason: 'e2e' },
  });
  expect(set.ok(), await set.text()).toBeTruthy();
  const moderator = await bearer(request, email);
  for (const api of ['/v1/admin/tags', '/v1/admin/groups']) {
    expect((await request.get(api, { headers: moderator })).status(), api).toBe(403);
  }
  for (const api of ['/v1/admin/promotions', '/v1/admin/automations', '/v1/admin/switch-rules']) {
    expect((await request.get(api, { headers: moderator })).status(), api).toBe(200);
  }

  await preAgree(page, baseURL as string);
  const login = await page.request.post('/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBeTruthy();
  // A member buys Auto Top-Up; the moderator pauses and resumes its schedule.
  const buyer = await createMember(request, 'catalog-auto');
  const key = await keyFromOutbox(
    request,
    buyer,
    await payByCard(request, buyer, 'auto-topup-month'),
  );
  const apply = await request.post('/v1/user/keys', {
    headers: await bearer(request, buyer),
    data: { key },
  });
  expect(apply.ok(), await apply.text()).toBeTruthy();
  await page.goto(`/admin/automations?q=${encodeURIComponent(buyer)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Automations' })).toBeVisible();
  const row = page.getByTestId('automation-row').filter({ hasText: buyer });
  await expect(row).toContainText('Running');
  await expect(row).toContainText('Auto Top-Up until');
  await shot(page, info.project.name, 'catalog', 'automations');
  await row.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(`Top-Ups of ${buyer} paused.`)).toBeVisible();
  await expect(row).toContainText('Paused since');
  await row.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
  await expect(row).toContainText('Running');
  await page.goto('/admin/switch-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Switch rules' })).toBeVisible();
  await expect(page.getByTestId('switch-rule')).toHaveCount(3);
  await shot(page, info.project.name, 'catalog', 'switch-rules');
  await page.goto('/admin/tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Not for your level' })).toBeVisible();
});
