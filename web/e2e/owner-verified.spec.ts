import { createHash, createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearer, createMember, logIn, preAgree, shot, uniqueHandle } from './helpers';

// The server runs with this bot token in this spec's run (TELEGRAM_BOT_TOKEN, docs/operations.md).
const TOKEN = process.env.TELEGRAM_BOT_TOKEN ?? '';

/** A Login Widget payload signed as Telegram signs it. */
function signed(fields: Record<string, string | number>) {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const key = createHash('sha256').update(TOKEN).digest();
  return { ...fields, hash: createHmac('sha256', key).update(check).digest('hex') };
}

test('a Telegram owner proves the handle: badge on the card and profile, Verified owners filter', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(!TOKEN, 'needs TELEGRAM_BOT_TOKEN on the server');
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const email = await createMember(request, `owner-${project}`);
  const headers = await bearer(request, email);
  const name = `${uniqueHandle('own')}_tg`;
  const base = { age: 27, gender: 'Female', orientation: 'Bisexual', type: 'Clean', tags: [] };
  const created = await request.post('/v1/user/usernames', {
    headers,
    data: { ...base, app: 'telegram', username: name, description: 'Owner verified test.' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  // A free member lists one username: the Snapchat one is another member's.
  const snapOwner = await createMember(request, `owner-snap-${project}`);
  const snap = await request.post('/v1/user/usernames', {
    headers: await bearer(request, snapOwner),
    data: {
      ...base,
      app: 'snapchat',
      username: `${name.slice(0, 12)}sn`,
      description: 'Code test.',
    },
  });
  expect(snap.ok(), await snap.text()).toBeTruthy();
  const snapId = ((await snap.json()) as { data: { id: number } }).data.id;

  await preAgree(page, baseURL as string);
  await logIn(page, email);
  // The owner's page offers Telegram's login (the widget itself loads from telegram.org).
  await page.goto(`/user/edit/${id}`);
  await expect(page.getByTestId('owner-verification')).toContainText('Log in with Telegram as');
  await expect(page.getByTestId('telegram-login')).toBeAttached();

  const auth = Math.floor(Date.now() / 1000) - 30;
  const verify = await request.post(`/v1/user/usernames/${id}/ownership/telegram`, {
    headers,
    data: signed({ id: 4242, first_name: 'Ada', username: name.toUpperCase(), auth_date: auth }),
  });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('owner-verification').getByTestId('owner-verified')).toBeVisible();
  await shot(page, project, 'owner', 'verified-panel');

  // Snapchat: a code to put in the bio.
  await logIn(page, snapOwner);
  await page.goto(`/user/edit/${snapId}`);
  await page.getByRole('button', { name: 'Get a code' }).click();
  await expect(page.getByTestId('ownership-code')).toHaveText(/^[A-Z2-9]{8}$/);
  await shot(page, project, 'owner', 'code-panel');

  // The card and the profile carry the badge, with its accessible name.
  await page.goto('/list?verified=1');
  const card = page.getByTestId('username-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Verified owner' })).toBeVisible();
  await expect(page.getByTestId('filter-verified').first()).toHaveAttribute('aria-pressed', 'true');
  // Only verified owners in this list: every card carries the badge.
  const cards = page.getByTestId('username-card');
  await expect(cards.getByRole('img', { name: 'Verified owner' })).toHaveCount(await cards.count());
  await shot(page, project, 'owner', 'verified-list');
  await card.getByRole('link', { name }).click();
  await expect(page.getByTestId('profile').getByTestId('owner-verified').first()).toContainText(
    'Verified owner',
  );
  await shot(page, project, 'owner', 'profile');
});
