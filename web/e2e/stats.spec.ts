import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD, preAgree, SCREENSHOTS, shot, uniqueEmail } from './helpers';
import { expectAxeClean, watchConsole } from './watch';

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };

/**
 * Each project, and each retry of it, signs up from its own country: parallel runs never count each
 * other, and a retry does not count the signups of the try before it.
 */
const COUNTRY = {
  mobile: [
    ['TV', 'Tuvalu'],
    ['PW', 'Palau'],
    ['KI', 'Kiribati'],
  ],
  desktop: [
    ['NR', 'Nauru'],
    ['MH', 'Marshall Islands'],
    ['AD', 'Andorra'],
  ],
} as const;

const today = () => new Date().toISOString().slice(0, 10);

/** A signup from `country` (the trusted proxy's country header, as in production behind it). */
async function signUpFrom(request: APIRequestContext, country: string) {
  const res = await request.post('/v1/auth/register', {
    headers: { 'CF-IPCountry': country },
    data: {
      email: uniqueEmail(`stats-${country}`),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
      captcha_token: 'local-captcha-ok',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function adminIn(page: Page, baseURL: string) {
  await preAgree(page, baseURL);
  const res = await page.request.post('/v1/auth/login', { data: ADMIN });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('an admin opens the users figures for a day and sees the signups the test made', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const countries = COUNTRY[testInfo.project.name as keyof typeof COUNTRY] ?? COUNTRY.desktop;
  const [code, name] = countries[testInfo.retry % countries.length];
  await signUpFrom(request, code);
  await signUpFrom(request, code);
  await adminIn(page, baseURL as string);

  const day = today();
  const watch = watchConsole(page);
  await page.goto(`/admin/stats/users?start=${day}&end=${day}`);
  await expect(page.getByRole('heading', { name: 'Stats: users' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day);

  // The job runs every 5 minutes; the admin recounts today at once.
  await page.getByRole('button', { name: 'Recount today' }).click();
  await expect(page.getByText('Today and yesterday are recounted.')).toBeVisible();

  // The chart is drawn (a canvas, named for screen readers) with the table of days under it.
  const chart = page.getByTestId('stats-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /Signups: \d+/);
  // Its legend shows the last day's values, never "Time: --".
  const legend = chart.locator('.u-legend');
  await expect(legend).toContainText('Day');
  await expect(legend).not.toContainText('--');
  await expect(legend.locator('.u-value').nth(1)).toHaveText(/^\d/);

  // This project's country counts exactly the two signups made above.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').last()).toHaveText('2');

  // The total is at least those two, and equals the day's row and the table's total.
  const total = page.getByTestId('total-signups');
  await expect(total).toContainText('Signups');
  const shown = number(await total.locator('.fs-4').textContent());
  expect(shown).toBeGreaterThanOrEqual(2);
  const days = page.getByTestId('stats-days');
  await expect(days.locator('tbody tr')).toHaveCount(1);
  expect(number(await days.locator('tbody td').first().textContent())).toBe(shown);
  expect(number(await days.locator('tfoot td').first().textContent())).toBe(shown);

  // The screen is accessible in both themes, and nothing went wrong in the console.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expectAxeClean(page, `/admin/stats/users (${theme})`);
  }
  watch.expectClean('/admin/stats/users');

  // A shortcut changes the range in the address: a week of days, one row each.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/start=\d{4}-\d{2}-\d{2}&end=/);
  await expect(days.locator('tbody tr')).toHaveCount(7);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('every stats page and the admin home, as screenshots', async ({ page, baseURL }, testInfo) => {
  test.skip(!SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
  test.setTimeout(180_000);
  await adminIn(page, baseURL as string);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await shot(page, testInfo.project.name, 'stats', 'admin-home');
  for (const name of [
    'users',
    'usernames',
    'sales',
    'topups',
    'pins',
    'swipes',
    'countries',
    'pages',
  ]) {
    await page.goto(`/admin/stats/${name}`);
    await expect(
      page.getByTestId('stats-chart').or(page.getByText('Nothing to show for this range.')).first(),
    ).toBeVisible();
    await shot(page, testInfo.project.name, 'stats', name);
  }
});
