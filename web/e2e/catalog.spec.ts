import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { bearer, createMember, preAgree, shot, uniqueHandle } from './helpers';

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
  await expect(
    page.getByTestId('admin-tag').filter({ hasText: `#${into}` }),
  ).toContainText('2 usernames · 2 listed');

  // The public list of the tag that stayed shows both usernames, the merged one with its new tag.
  await page.goto(`/kik-usernames/tags/${into}`);
  const cards = page.getByTestId('username-card');
  await expect(cards.filter({ hasText: b.username })).toContainText(`#${into}`);
  await expect(cards.filter({ hasText: a.username })).toContainText(`#${into}`);
  await expect(cards.filter({ hasText: a.username })).not.toContainText(`#${from}`);
});
