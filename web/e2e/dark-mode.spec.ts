import { expect, test } from '@playwright/test';
import { openMenuIfCollapsed } from './helpers';

test('dark mode is kept across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  await openMenuIfCollapsed(page);
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('theme-true').click();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'darkModePreference');
  expect(cookie?.value).toBe('true');
  // Kept for a year.
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 86400);
});
