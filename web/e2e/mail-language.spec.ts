import { type APIRequestContext, expect, test } from '@playwright/test';
import { createMember, logIn, preAgree } from './helpers';

/** The subjects of every mail the development outbox holds for `email`. */
async function subjects(request: APIRequestContext, email: string) {
  const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { subject: string }[]).map((m) => m.subject);
}

test("a member who switches the site to French gets the site's mails in French", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = await createMember(request, 'fr-mail');
  expect((await subjects(request, email))[0]).toMatch(/^Confirm your/);
  await preAgree(page, baseURL as string);
  await logIn(page, email);
  await page.goto('/help');
  // The page knows the member is signed in (the account menu is drawn) before the switch is clicked.
  await expect(page.getByTestId('account-menu')).toBeAttached();
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/v1/user/language') && r.status() === 204),
    page.getByRole('button', { name: 'Français' }).click(),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  const forgot = await request.post('/v1/auth/forgot-password', { data: { email } });
  expect(forgot.ok()).toBeTruthy();
  await expect
    .poll(async () => (await subjects(request, email)).some((s) => s.startsWith('Réinitialisez')), {
      timeout: 15_000,
    })
    .toBe(true);
});
