import { type APIRequestContext, expect, test } from '@playwright/test';
import { bearer, createMember, logIn, preAgree, shot, uniqueHandle } from './helpers';

// Minors, never listed (issue 29): the member reads why a minor's text is refused, under the field
// that holds it; a possible minor waits first in the moderators' queue with its badge.
const FULL = 'admin@addme.local';
const ADMIN_PASSWORD = 'local-admin-passphrase-2026';

async function submit(request: APIRequestContext, email: string, handle: string, about: string) {
  return request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app: 'snapchat',
      username: handle,
      age: 24,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'CA',
      description: about,
      tags: [],
    },
  });
}

test('a description that reads as a minor is refused with the reason under it', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = await createMember(request, `minor-${testInfo.project.name}`);
  await preAgree(page, baseURL as string);
  await logIn(page, email);
  await page.goto('/user/submit');
  await page.locator('label[for="form-app-snapchat"]').click();
  await page.getByLabel('Snapchat username').fill(uniqueHandle('kit'));
  await page.getByLabel('Age', { exact: true }).fill('24');
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Orientation').selectOption('Straight');
  await page.getByLabel('About me').fill('school girl 16, snap me');
  await page.getByRole('button', { name: 'Submit username' }).click();
  const error = page.locator('#form-description-error');
  await expect(error).toContainText('AddMe is for adults only');
  await expect(error).toContainText('school girl 16');
  await expect(page).toHaveURL(/\/user\/submit$/);
  await shot(page, testInfo.project.name, 'minors', 'refused');
});

test('a possible minor waits first in the review queue with its badge', async ({
  page,
  request,
}, testInfo) => {
  const email = await createMember(request, `minor2-${testInfo.project.name}`);
  const handle = uniqueHandle('held');
  const res = await submit(request, email, handle, 'S.c.h.o.o.l g i r l, snap me');
  expect(res.ok(), await res.text()).toBeTruthy();
  expect(((await res.json()) as { data: { status: string } }).data.status).toBe('pending');
  const login = await page.request.post('/v1/auth/login', {
    data: { email: FULL, password: ADMIN_PASSWORD },
  });
  expect(login.ok()).toBeTruthy();
  await page.goto('/admin/review');
  // Possible minors come before every other pending username (each project adds one).
  await expect(page.getByTestId('review-item').first().getByTestId('possible-minor')).toBeVisible();
  const mine = page.getByTestId('review-item').filter({ hasText: handle });
  await expect(mine.getByTestId('possible-minor')).toHaveText('Possible minor');
  await shot(page, testInfo.project.name, 'minors', 'review-queue');
  await page.goto('/admin');
  await expect(page.getByTestId('outbox-figure')).toBeVisible();
  await shot(page, testInfo.project.name, 'minors', 'admin-health');
});
