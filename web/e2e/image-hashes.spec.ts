import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  PASSWORD,
  png,
  preAgree,
  SCREENSHOTS,
  shot,
  uniqueHandle,
} from './helpers';

// Two cores shared with other runs: sign-ins (Argon2) and first loads can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(120_000);

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };
const BLOCKED = 'This image matches one removed from the site and cannot be uploaded.';

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/v1/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function username(request: APIRequestContext, email: string) {
  const res = await request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app: 'snapchat',
      username: uniqueHandle('pdq'),
      age: 29,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'CA',
      description: 'Image hash flow test profile.',
      tags: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function adminLogIn(page: Page, baseURL: string) {
  await preAgree(page, baseURL);
  const res = await page.request.post('/v1/auth/login', { data: ADMIN });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('an imported hash list blocks the upload of a matching picture', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  // A picture a member stored, whose PDQ hash the admin's list then carries.
  const seed = info.project.name === 'mobile' ? 11 : 12;
  const email = await createMember(request, `pdq-${info.project.name}`);
  const id = await username(request, email);
  const stored = await request.post(`/v1/user/usernames/${id}/media`, {
    headers: await bearer(request, email),
    multipart: { files: { name: 'a.png', mimeType: 'image/png', buffer: png(seed, 256) } },
  });
  expect(stored.ok(), await stored.text()).toBeTruthy();
  const mediaId = ((await stored.json()) as { data: { id: number }[] }).data[0]?.id;
  const headers = await adminHeaders(request);
  const gallery = (await (await request.get('/v1/admin/gallery', { headers })).json()) as {
    data: { id: number; pdq: string }[];
  };
  const hash = gallery.data.find((m) => m.id === mediaId)?.pdq as string;
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const removed = await request.delete(`/v1/admin/gallery/${mediaId}`, {
    headers,
    data: { reason: 'Removed for the hash-list test.' },
  });
  expect(removed.ok(), await removed.text()).toBeTruthy();

  await adminLogIn(page, baseURL as string);
  await page.goto('/admin/image-bans');
  await expect(page.getByRole('heading', { level: 1, name: 'Image bans' })).toBeVisible();
  const form = page.getByTestId('hash-import');
  // A wrong line: named, and nothing imported.
  await form.getByLabel('Hash list').setInputFiles({
    name: 'bad.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${hash},100,shared\nnot-a-hash\n`),
  });
  await form.getByLabel('Reason').fill('Partner list');
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('hash-import-problems')).toContainText(
    'line 2: not a PDQ hash (64 hexadecimal digits)',
  );
  await form.getByLabel('Hash list').setInputFiles({
    name: 'list.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`# a partner's list\n${hash},100,shared/a.jpg\n`),
  });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(/hash added/).first()).toBeVisible();
  await page.getByLabel('From').selectOption('import');
  await expect(page.getByTestId('image-bans')).toContainText(hash);
  // The export is the same format, one hash a line.
  const exported = await page.request.get('/v1/admin/image-hashes/export?source=import');
  expect(exported.ok()).toBeTruthy();
  expect(await exported.text()).toContain(`${hash},`);
  await shot(page, info.project.name, 'people', 'image-bans-import');

  // The member tries the same picture again: refused, with the reason in words.
  const member = await browser.newPage();
  await preAgree(member, baseURL as string);
  const signIn = await member.request.post('/v1/auth/login', {
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok()).toBeTruthy();
  await member.goto(`/user/media/${id}`);
  await member
    .locator('[data-testid="gallery-dropzone"] input[type=file]')
    .setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: png(seed, 256) });
  await expect(member.getByText(BLOCKED).first()).toBeVisible();
  await expect(member.getByTestId('gallery-count')).toHaveText('0 of 5 pictures');
  await member.close();
});

test('screens of the image bans, light and dark', async ({ page, baseURL }, info) => {
  test.skip(!SCREENSHOTS, 'review screenshots: set SCREENSHOTS=1');
  await adminLogIn(page, baseURL as string);
  await page.goto('/admin/image-bans');
  await expect(page.getByTestId('hash-import')).toBeVisible();
  await shot(page, info.project.name, 'people', 'image-bans');
});
