import { expect, test } from '@playwright/test';
import { preAgree } from './helpers';

test('an unknown page shows the 404 page with ways back', async ({ page, baseURL }) => {
  await preAgree(page, baseURL as string);
  await page.goto('/this-page-does-not-exist');
  const error = page.getByTestId('error-page');
  await expect(error).toContainText('404');
  await expect(error.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await expect(error.getByRole('link', { name: 'Snapchat', exact: true })).toHaveAttribute(
    'href',
    '/snapchat-usernames',
  );
  await error.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
