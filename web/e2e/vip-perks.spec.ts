import { expect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  keyFromOutbox,
  logIn,
  payByCard,
  preAgree,
  SCREENSHOTS,
  shot,
} from './helpers';

/** A seeded profile with the most similar usernames: the newest listed Clean snapchat one. */
async function seededProfile(page: Page) {
  const res = await page.request.get('/v1/usernames?app=snapchat&per_page=1');
  expect(res.ok()).toBeTruthy();
  const [card] = ((await res.json()) as { data: { id: number; username: string }[] }).data;
  return card;
}

test('a member sees the suggestions and what VIP adds; a VIP sees more, with reputation scores', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const member = await createMember(request, `vipperk-m-${testInfo.project.name}`);
  await preAgree(page, baseURL as string);
  await logIn(page, member);
  const card = await seededProfile(page);

  await page.goto(`/username/${card.username}/${card.id}`);
  await expect(page.getByTestId('profile')).toBeVisible();
  const suggestions = page.locator('section[aria-labelledby="similar-title"]');
  await expect(suggestions.getByTestId('username-card').first()).toBeVisible();
  expect(await suggestions.getByTestId('username-card').count()).toBeLessThanOrEqual(8);
  await expect(page.getByTestId('more-suggestions')).toContainText('VIP members get');
  await expect(page.getByTestId('reputation')).toHaveCount(0);

  // The same member becomes VIP (a week, by card): the same profile now shows the scores.
  const order = await payByCard(request, member, 'vip-week');
  const key = await keyFromOutbox(request, member, order);
  const applied = await request.post('/v1/user/keys', {
    headers: await bearer(request, member),
    data: { key },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const similar = await page.request.get(`/v1/usernames/${card.id}/similar`);
  const vipCards = (await similar.json()) as { reputation: number | null }[];
  expect(vipCards.every((c) => typeof c.reputation === 'number')).toBe(true);

  await page.reload();
  await expect(
    page.getByTestId('profile').getByRole('meter', { name: 'Reputation' }),
  ).toBeVisible();
  await expect(suggestions.getByTestId('reputation').first()).toBeVisible();
  await expect(suggestions.getByTestId('username-card')).toHaveCount(vipCards.length);
  await expect(page.getByTestId('more-suggestions')).toHaveCount(0);
  if (SCREENSHOTS) await shot(page, testInfo.project.name, 'vip', 'profile-vip');
});
