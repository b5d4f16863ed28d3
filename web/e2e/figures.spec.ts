import { expect, test } from '@playwright/test';
import { bearer, createMember, logIn, preAgree, shot, uniqueHandle } from './helpers';

test('an owner sees today’s view and message click on the figures chart of /user', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const email = await createMember(request, `figures-${project}`);
  const headers = await bearer(request, email);
  const username = uniqueHandle('fig');
  const created = await request.post('/v1/user/usernames', {
    headers,
    data: {
      // Not Snapchat: other specs open the first card of the Snapchat list, which would view it too.
      app: 'telegram',
      username,
      age: 26,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'IS',
      description: 'Figures test profile.',
      tags: [],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { data: { id: number; status: string } }).data.id;

  // A visitor finds it by searching and opens its profile (the view counts under "Search"), then
  // taps Message (the call the profile's button makes; the app's own link leaves the site).
  await preAgree(page, baseURL as string);
  await page.goto(`/list?q=${username}`);
  const viewed = page.waitForResponse(
    (r) => r.url().includes(`/v1/usernames/${id}/view?source=search`) && r.status() === 204,
  );
  await page
    .getByTestId('username-card')
    .filter({ hasText: username })
    .getByRole('link', { name: username })
    .click();
  await viewed;
  expect((await request.post(`/v1/usernames/${id}/message-click`)).status()).toBe(204);

  await logIn(page, email);
  await page.goto('/user');
  const item = page.locator(`[data-testid="my-username"][data-id="${id}"]`);
  await expect(item).toBeVisible();
  // The first approved username opens its figures at once; the chart is drawn.
  const figures = item.getByTestId('figures');
  await expect(figures).toBeVisible();
  await expect(figures.getByTestId('figures-today')).toContainText('1 view · 1 message click');
  await expect(figures.getByTestId('figures-views-total')).toHaveText('1');
  await expect(figures.getByTestId('figures-place')).toContainText(/#\d+/);
  await expect(figures.getByTestId('figures-sources')).toHaveText('Search: 1 view (100%)');
  await expect(figures.getByTestId('figures-chart').locator('canvas')).toBeVisible();
  await expect(figures.getByRole('img', { name: /1 view, 1 message click\b/ })).toBeAttached();
  // A free member: 7 and 30 days, and the way to VIP for 90 days and the CSV.
  await expect(figures.getByRole('button', { name: '90 days' })).toHaveCount(0);
  await expect(figures.getByTestId('figures-csv')).toHaveCount(0);
  await expect(figures.getByRole('link', { name: 'Become VIP' })).toBeVisible();

  // The day-by-day table shows today's row first.
  await figures.getByText('Day by day').click();
  const firstRow = figures.getByTestId('figures-days').locator('tbody tr').first();
  await expect(firstRow.locator('td').nth(0)).toHaveText('1');
  await expect(firstRow.locator('td').nth(1)).toHaveText('1');
  await figures.getByText('Day by day').click();
  await figures.getByRole('button', { name: '7 days' }).click();
  await expect(figures.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(figures.getByTestId('figures-today')).toContainText('1 view ·');
  await figures.getByRole('button', { name: '30 days' }).click();
  await expect(figures.getByTestId('figures-chart').locator('canvas')).toBeVisible();

  // A Top-Up marks today on the chart and says what it did to views.
  const claim = await request.post('/v1/user/free-topup', {
    headers,
    data: { captcha_token: 'local-captcha-ok' },
  });
  expect((await claim.json()).success, await claim.text()).toBe(true);
  await page.reload();
  await expect(figures.getByText('No Top-Up or Fire Pin used')).toBeVisible();
  await item.getByRole('button', { name: 'Top-Up' }).click();
  await expect(figures.getByTestId('figures-boosts')).toContainText(
    '1 Top-Up: 1 view that day (no earlier day to compare with)',
  );
  await shot(page, project, 'figures', 'user');

  // Hidden and shown again from the toggle.
  await item.getByTestId('figures-toggle').click();
  await expect(item.getByTestId('figures')).toHaveCount(0);
  await item.getByTestId('figures-toggle').click();
  await expect(item.getByTestId('figures-today')).toContainText('1 message click');
});
