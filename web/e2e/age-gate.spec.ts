import { expect, test } from '@playwright/test';

test.describe('age gate', () => {
  test('is not shown on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('I Agree lets the visitor in and is remembered', async ({ page }) => {
    await page.goto('/auth/login');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Adults only');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'I Agree' }).click();
    await expect(dialog).toBeHidden();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ageVerified')?.value).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('I Disagree leaves the site', async ({ page }) => {
    // The machine has no internet: answer the leave URL locally.
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>left</title>' }),
    );
    await page.goto('/auth/register');
    await page.getByRole('button', { name: 'I Disagree' }).click();
    await expect(page).toHaveURL(/^https:\/\/www\.google\.com/);
  });
});
