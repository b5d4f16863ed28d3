import { expect, test } from '@playwright/test';
import { bearer, createMember, logIn, preAgree, shot, uniqueHandle } from './helpers';

test('a member comments on a profile with the allowance shown; the owner answers and hides it', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const owner = await createMember(request, `comments-owner-${project}`);
  const created = await request.post('/v1/user/usernames', {
    headers: await bearer(request, owner),
    data: {
      app: 'snapchat',
      username: uniqueHandle('cm'),
      age: 29,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      tags: [],
      description: 'Say hi, I answer in the evening.',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id, username } = ((await created.json()) as { data: { id: number; username: string } })
    .data;
  const commenter = await createMember(request, `comments-member-${project}`);

  await preAgree(page, baseURL as string);
  await logIn(page, commenter);
  await page.goto(`/username/${username}/${id}`);
  const section = page.getByTestId('comments');
  await expect(section.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(section.getByTestId('comment-allowance')).toContainText(
    '3 of 3 comments left today',
  );
  await section.getByLabel('Your comment').fill('Real person, added me back within the hour.');
  await section.getByRole('button', { name: 'Yes' }).click();
  await section.getByRole('button', { name: 'Post comment' }).click();
  const item = section.getByTestId('comment');
  await expect(item).toContainText('Real person, added me back within the hour.');
  await expect(item).toContainText('Member for 0 days');
  // A brand-new account's thumb is shown but not counted.
  await expect(item).toContainText('not counted');
  await expect(section.getByTestId('comment-thumbs')).toContainText('0 yes, 0 no');
  await expect(section.getByTestId('comment-allowance')).toContainText(
    '2 of 3 comments left today',
  );
  await expect(section.getByTestId('comment-blocked')).toContainText('already commented');

  // Translate under the comment: this site has no translation service, and says so.
  await item.getByRole('button', { name: 'Translate' }).click();
  await expect(item.getByRole('status')).toHaveText('Translation is not configured on this site.');
  // With a service configured, the answer shows under the original, which stays as written.
  await page.route('**/v1/translations', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        text: 'Vraie personne, m’a ajouté dans l’heure.',
        source: 'en',
        target: 'en',
        cached: false,
      }),
    }),
  );
  await page.reload();
  await section.getByTestId('comment').getByRole('button', { name: 'Translate' }).click();
  await expect(section.getByTestId('comment').locator('figure')).toContainText(
    'Vraie personne, m’a ajouté dans l’heure.',
  );
  await expect(section.getByTestId('comment')).toContainText(
    'Real person, added me back within the hour.',
  );
  await page.unroute('**/v1/translations');

  // The owner answers once and hides it: hidden for visitors, still shown to the owner.
  await page.context().clearCookies();
  await preAgree(page, baseURL as string);
  await logIn(page, owner);
  await page.goto(`/username/${username}/${id}`);
  await section.getByRole('button', { name: 'Answer' }).click();
  await section.getByPlaceholder('Your answer').fill('Thanks, see you there!');
  await section.getByRole('button', { name: 'Send' }).click();
  await expect(section.getByTestId('comment-answer')).toContainText('Thanks, see you there!');
  await expect(section.getByRole('button', { name: 'Answer' })).toHaveCount(0);
  await shot(page, project, 'comments', 'profile-owner');
  await section.getByRole('button', { name: 'Hide' }).click();
  await expect(item).toContainText('Hidden by the owner');

  await page.context().clearCookies();
  await preAgree(page, baseURL as string);
  await page.goto(`/username/${username}/${id}`);
  await expect(section).toContainText('No comments yet.');
  await expect(section.getByRole('link', { name: 'Log in to comment' })).toBeVisible();
});
