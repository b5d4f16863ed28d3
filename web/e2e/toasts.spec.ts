/// <reference lib="dom" />
// The page.evaluate callbacks below run in the browser.
import { expect, test } from '@playwright/test';
import { createMember, logIn, preAgree } from './helpers';

// A well-formed key nobody was sold: the server answers 404, the page says so in a toast.
const UNKNOWN_KEY = 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ';

test('a toast never covers the header, and the same error twice shows once', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const member = await createMember(request, `toasts-${testInfo.project.name}`);
  await preAgree(page, baseURL as string);
  await logIn(page, member);
  await page.goto('/user/orders');
  const form = page.getByTestId('apply-key');
  await form.getByLabel('Private key').fill(UNKNOWN_KEY);
  const apply = form.getByRole('button', { name: 'Apply key' });
  await apply.click();
  const toast = page.locator('.addme-toast');
  await expect(toast).toHaveCount(1);
  await apply.click();
  await expect(form.getByRole('button', { name: 'Apply key' })).toBeEnabled();
  // The second identical answer does not stack a second toast.
  await expect(toast).toHaveCount(1);

  const header = await page.locator('.addme-navbar').boundingBox();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(header && box && viewport).toBeTruthy();
  if (!header || !box || !viewport) return;
  // Below the header on a desktop; at the bottom on a phone; over neither side of the header.
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  if (phone) expect(box.y + box.height).toBeGreaterThan(viewport.height / 2);
  // The header's controls still take the click where they are drawn.
  const account = page.locator('.addme-navbar').getByRole('button').last();
  const at = await account.boundingBox();
  if (at) {
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('.addme-toast') !== null,
      [at.x + at.width / 2, at.y + at.height / 2],
    );
    expect(hit).toBe(false);
  }
});
