import { expect, test } from '@playwright/test';
import { confirmationPath, openMenuIfCollapsed, preAgree, uniqueEmail } from './helpers';

test('register, confirm by mail, log in, change password, log out', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  // Several Argon2 hashes on a shared machine: give the whole journey room.
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo.project.name);
  const password = 'correct horse battery staple';
  const newPassword = 'another long passphrase 42';
  await preAgree(page, baseURL as string);

  // Register
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You must agree to the Terms of Service.')).toBeVisible();
  await expect(page.getByText('Please complete the captcha.')).toBeVisible();
  await page.getByLabel(/I am 18 or older/).check();
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-success')).toBeVisible();

  // Login before confirming is refused with the spec's message
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText(
      'You must confirm your email before you can login. Check your junk and spam folder.',
    ),
  ).toBeVisible();

  // Confirm with the link from the outbox
  await page.goto(await confirmationPath(request, email));
  // The link signs the member in and lands on their space
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByText('Your email is confirmed. Welcome to your space!')).toBeVisible();
  // Forget that session to go through the login form as a returning member would
  await page.context().clearCookies({ name: 'addme_session' });
  // The /user page's requests still in flight now come back 401, and a lost session removes the
  // age confirmation (spec sections 4 and 8): leave that page first, then answer the gate again as
  // the returning visitor would have.
  await page.goto('about:blank');
  await preAgree(page, baseURL as string);

  // Login, sent back to a safe redirect
  await page.goto('/auth/login?redirect=%2Fuser%2Faccount');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

  // Guest-only: the login page now sends the member to /user
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/user$/);

  // Change password
  await page.goto('/user/account');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  // Argon2 hashing is bounded on the server: allow for a busy machine.
  await expect(page.getByText('Your password has been updated.')).toBeVisible({ timeout: 15_000 });

  // Log out (the password change may already have ended this session: both end at a visitor)
  await page.goto('/user');
  await expect(page).toHaveURL(/\/user$/);
  await expect(async () => {
    await openMenuIfCollapsed(page);
    await page.getByTestId('account-menu').click({ timeout: 3_000 });
    await page.getByTestId('logout').click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  await openMenuIfCollapsed(page);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'ageVerified')).toBeUndefined();

  // The new password works
  await preAgree(page, baseURL as string);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user$/);
});
