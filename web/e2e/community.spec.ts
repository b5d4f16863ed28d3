import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  bearer,
  createMember,
  keyFromOutbox,
  logIn,
  payByCard,
  png,
  preAgree,
  shot,
  uniqueHandle,
} from './helpers';

/** Each project checks in far from the other, so parallel runs never meet in a deck. */
const PLACE = {
  mobile: { latitude: 45.5, longitude: -73.57 },
  desktop: { latitude: -33.87, longitude: 151.21 },
} as const;

// ---- accounts, shop and data helpers (the API, as economy.spec.ts does) ----

async function submitUsername(request: APIRequestContext, email: string, app = 'snapchat') {
  const username = uniqueHandle('com');
  const res = await request.post('/v1/user/usernames', {
    headers: await bearer(request, email),
    data: {
      app,
      username,
      age: 27,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'CA',
      description: 'Community flow test profile.',
      tags: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { data: { id: number; status: string } };
  return { username, id: body.data.id };
}

/** A signed card-shop webhook, then the key from the outbox, applied through the API. */
async function buy(request: APIRequestContext, email: string, sku: string) {
  const key = await keyFromOutbox(request, email, await payByCard(request, email, sku));
  const apply = await request.post('/v1/user/keys', {
    headers: await bearer(request, email),
    data: { key },
  });
  expect(apply.ok(), await apply.text()).toBeTruthy();
}

/** The e2e database is this run's own SQLite file: a ban is set there, as an admin would. */
/** Bans a username the way a moderator does, as the seeded local admin (README). */
async function banAsModerator(request: APIRequestContext, usernameId: number, hours: number) {
  const login = await request.post('/v1/auth/login', {
    data: { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const res = await request.post(`/v1/admin/usernames/${usernameId}/ban`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { hours, reason: 'Broke the rules (a browser test).' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

// ---- the flows ----

test('groups: create (1 Top-Up), a second member joins and sees the handle', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const owner = await createMember(request, `grp-owner-${info.project.name}`);
  await preAgree(page, baseURL as string);
  await logIn(page, owner);

  // No Top-Ups: the not-enough-Top-Ups modal instead of the form.
  await page.goto('/user/group/create');
  await expect(page.getByTestId('not-enough-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('group-needs-topup')).toBeVisible();

  await buy(request, owner, 'topup-20');
  await page.goto('/user/group/create');
  await expect(page.getByTestId('group-cost')).toContainText('costs 1 Top-Up');
  await shot(page, info.project.name, 'community', 'group-create');
  const name = `E2E group ${Date.now().toString(36)}`;
  await page.getByLabel('App').selectOption('telegram');
  await page.getByLabel('Group name').fill(name);
  await page.getByLabel('Group username or invite link').fill('https://t.me/+e2eInvite');
  await page.getByLabel('Description').fill('A test group for adults.');
  await page.getByLabel('Maximum members').fill('10');
  await page.getByRole('button', { name: /Create the group/ }).click();
  await expect(page.getByText('Group created.').first()).toBeVisible();
  await expect(page.getByTestId('group')).toContainText(name);
  await expect(page.getByTestId('group-members')).toContainText('1 / 10');
  const groupUrl = new URL(page.url()).pathname;
  await shot(page, info.project.name, 'community', 'group-owner');

  await page.goto('/user/group');
  await expect(page.getByTestId('groups-created')).toContainText(name);

  // A second member joins and then sees the invite link.
  const member = await createMember(request, `grp-member-${info.project.name}`);
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const page2 = await other.newPage();
  await preAgree(page2, baseURL as string);
  await logIn(page2, member);
  await page2.goto(groupUrl);
  await expect(page2.getByTestId('group-handle')).toHaveCount(0);
  await page2.getByRole('button', { name: 'Join' }).click();
  await expect(page2.getByTestId('group-handle')).toBeVisible();
  await expect(page2.getByRole('link', { name: 'Open the invite' })).toHaveAttribute(
    'href',
    'https://t.me/+e2eInvite',
  );
  await expect(page2.getByTestId('group-members')).toContainText('2 / 10');
  await page2.goto('/user/group');
  await expect(page2.getByTestId('groups-joined')).toContainText(name);
  await other.close();

  await page.goto('/telegram-groups');
  await expect(page.getByTestId('group-card').first()).toBeVisible();
  await shot(page, info.project.name, 'community', 'groups');

  // The owner edits, then deletes.
  await page.goto(groupUrl);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Maximum members').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group updated.').first()).toBeVisible();
  await expect(page.getByTestId('group-members')).toContainText('2 / 12');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Group deleted.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/group$/);
});

test('media: pre-check, gallery upload, the public gallery', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const email = await createMember(request, `media-${info.project.name}`);
  const { username, id } = await submitUsername(request, email);
  await preAgree(page, baseURL as string);
  await logIn(page, email);

  await page.goto('/user');
  await page
    .getByTestId('my-username')
    .filter({ hasText: username })
    .getByRole('link', { name: 'Pictures' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/media/${id}$`));
  await expect(page.getByTestId('gallery-count')).toHaveText('0 of 5 pictures');

  const picker = page.locator('[data-testid="gallery-dropzone"] input[type=file]');
  // Six files: nothing is sent, the spec's message shows.
  await picker.setInputFiles(
    Array.from({ length: 6 }, (_, i) => ({
      name: `p${i}.png`,
      mimeType: 'image/png',
      buffer: png(i),
    })),
  );
  await expect(page.getByText('Only 5 files are allowed to upload.').first()).toBeVisible();
  // One file over 4 MB is skipped with the count, the two others go.
  await picker.setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: png(1) },
    { name: 'b.png', mimeType: 'image/png', buffer: png(2) },
    { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(4 * 1024 * 1024 + 10) },
  ]);
  await expect(page.getByText('1 file exceeds the limit of 4MB').first()).toBeVisible();
  await expect(page.getByText('Media Uploaded.').first()).toBeVisible();
  await expect(page.getByTestId('gallery-count')).toHaveText('2 of 5 pictures');
  await expect(page.getByTestId('my-media')).toHaveCount(2);

  await page
    .locator('[data-testid="profile-dropzone"] input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(7) });
  await expect(page.getByText('Profile picture updated.').first()).toBeVisible();
  await shot(page, info.project.name, 'community', 'media');

  await page.getByRole('link', { name: 'See the public gallery' }).click();
  await expect(page.getByTestId('gallery')).toContainText(username);
  await expect(page.getByTestId('gallery-image')).toHaveCount(2);
  await expect(page.getByTestId('adult-overlay')).toHaveCount(0);
  await shot(page, info.project.name, 'community', 'gallery');

  // A visitor before the age gate: the pictures are blurred behind the 18+ overlay.
  await page.context().clearCookies();
  await page.goto('/snapchat-nudes');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('adult-overlay').first()).toBeVisible();
  await expect(page.getByTestId('adult-overlay').first()).toContainText('18+');
  await page.getByRole('button', { name: 'I Agree' }).click();
  await expect(page.getByTestId('adult-overlay')).toHaveCount(0);
  await shot(page, info.project.name, 'community', 'nudes');
});

test('media: thumbnails big enough to judge, my own limit, delete asks first', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const email = await createMember(request, `gallery-${info.project.name}`);
  const { id } = await submitUsername(request, email);
  await preAgree(page, baseURL as string);
  await logIn(page, email);
  await page.goto(`/user/media/${id}`);
  await expect(page.getByTestId('gallery-count')).toHaveText('0 of 5 pictures');
  // The member's own rule only: no other tier's numbers.
  const manager = page.getByTestId('media-manager');
  await expect(manager).toContainText('At most 5 files per upload, 4 MB each');
  await expect(manager).not.toContainText('VIP');

  await page.locator('[data-testid="gallery-dropzone"] input[type=file]').setInputFiles(
    [0, 1, 2].map((i) => ({
      name: `g${i}.png`,
      mimeType: 'image/png',
      buffer: png(20 + i, 256),
    })),
  );
  await expect(page.getByTestId('gallery-count')).toHaveText('3 of 5 pictures');
  const thumbs = page.getByTestId('my-media');
  await expect(thumbs).toHaveCount(3);
  for (const i of [0, 1, 2]) {
    const box = await thumbs.nth(i).locator('img').boundingBox();
    expect(box, 'thumbnail laid out').not.toBeNull();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(120);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(120);
    // The Delete control sits in a corner: it covers a small part of the picture.
    const del = await thumbs.nth(i).getByRole('button', { name: 'Delete picture' }).boundingBox();
    expect(del).not.toBeNull();
    if (box && del) {
      expect(del.width).toBeGreaterThanOrEqual(44);
      expect(del.width * del.height).toBeLessThan((box.width * box.height) / 5);
      expect(del.y).toBeLessThan(box.y + box.height / 3);
      expect(del.x).toBeGreaterThan(box.x + box.width / 2);
    }
  }
  await shot(page, info.project.name, 'community', 'media-grid');

  // Delete asks first; Cancel keeps the picture.
  const second = await thumbs.nth(1).locator('img').getAttribute('src');
  await thumbs.nth(1).getByRole('button', { name: 'Delete picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this picture?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('img')).toHaveAttribute('src', second ?? '');
  await shot(page, info.project.name, 'community', 'media-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(thumbs).toHaveCount(3);
  // Escape answers "no" too.
  await thumbs.nth(1).getByRole('button', { name: 'Delete picture' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(thumbs).toHaveCount(3);

  await thumbs.nth(1).getByRole('button', { name: 'Delete picture' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(thumbs).toHaveCount(2);
  await expect(page.getByTestId('gallery-count')).toHaveText('2 of 5 pictures');
  await expect(page.locator(`[data-testid="my-media"] img[src="${second}"]`)).toHaveCount(0);
  await page.reload();
  await expect(thumbs).toHaveCount(2);

  // A VIP's count reads against the VIP's own limit.
  await buy(request, email, 'vip-week');
  await page.reload();
  await expect(page.getByTestId('gallery-count')).toHaveText('2 of 20 pictures');
  await expect(manager).toContainText('At most 5 files per upload, 4 MB each');
});

test('local swipes: upsell, check-in with geolocation, like, match, favorites', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const place = PLACE[info.project.name as keyof typeof PLACE] ?? PLACE.desktop;
  const me = await createMember(request, `swipe-me-${info.project.name}`);
  const mine = await submitUsername(request, me, 'kik');
  await preAgree(page, baseURL as string);
  await logIn(page, me);

  await page.goto('/local-swipes');
  await expect(page.getByTestId('swipes-landing')).toContainText('about 5 km');
  await expect(page.getByRole('link', { name: 'Become VIP' })).toHaveAttribute('href', '/shop');
  await shot(page, info.project.name, 'community', 'swipes-landing');
  await page.goto('/user/local-swipes');
  await expect(page.getByTestId('swipes-landing')).toBeVisible();

  // Someone nearby who already likes us (VIP, checked in by the API at the same place).
  const them = await createMember(request, `swipe-them-${info.project.name}`);
  const theirs = await submitUsername(request, them, 'kik');
  await buy(request, them, 'vip-week');
  const auth = await bearer(request, them);
  const checkIn = await request.post(`/v1/user/usernames/${theirs.id}/check-in`, {
    headers: auth,
    data: { lat: place.latitude, lng: place.longitude },
  });
  expect(checkIn.ok(), await checkIn.text()).toBeTruthy();

  await buy(request, me, 'vip-week');
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(place);
  await page.goto('/user/local-swipes');
  await expect(page.getByTestId('check-in-prompt')).toBeVisible();
  await shot(page, info.project.name, 'community', 'swipes-check-in');
  await page.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByText(/Near ≈ [-\d.]+, [-\d.]+ \(±\d+ km\)/).first()).toBeVisible();
  await expect(page.getByTestId('deck')).toBeVisible();

  // They like us (API), then we find them in the deck and like them: a match.
  const like = await request.post('/v1/user/swipes', {
    headers: auth,
    data: { from_username_id: theirs.id, to_username_id: mine.id, action: 'like' },
  });
  expect(like.ok(), await like.text()).toBeTruthy();
  for (let i = 0; i < 30; i++) {
    const card = page.getByTestId('swipe-card');
    if ((await card.count()) === 0) break;
    if ((await card.textContent())?.includes(theirs.username)) break;
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(150);
  }
  await expect(page.getByTestId('swipe-card')).toContainText(theirs.username);
  await shot(page, info.project.name, 'community', 'swipes-deck');
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText("It's a match!").first()).toBeVisible();

  await page.getByRole('link', { name: 'Favorites' }).first().click();
  await expect(page.getByTestId('favorites')).toContainText(theirs.username);
  await shot(page, info.project.name, 'community', 'favorites');

  // Geolocation denied: the spec's failure toast.
  await page.context().clearPermissions();
  await page.goto('/user');
  const row = page.getByTestId('my-username').filter({ hasText: mine.username });
  await row.getByRole('button', { name: 'Clear location' }).click();
  await expect(page.getByText('Location cleared.').first()).toBeVisible();
  await row.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByText('Check-In Failed').first()).toBeVisible();
});

test('help, contact form, remove-username, blog and /up', async ({ page, baseURL }, info) => {
  test.setTimeout(90_000);
  await preAgree(page, baseURL as string);
  await page.goto('/help');
  await expect(page.getByTestId('help')).toBeVisible();
  await shot(page, info.project.name, 'community', 'help');
  await page.getByRole('searchbox', { name: 'Search the help' }).fill('zzzz no such question');
  await expect(page.getByTestId('help-no-match')).toBeVisible();

  await page.goto('/contact-us');
  await page.getByLabel('Reason').selectOption('nokey');
  await expect(page.getByLabel('Order number')).toBeVisible();
  await expect(page.getByLabel('Justification')).toHaveCount(0);
  await page.getByLabel('Your e-mail for our reply').fill('e2e-contact@example.com');
  await page.getByLabel('Order number').fill('1234');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The order number is 5 digits.')).toBeVisible();
  await page.getByLabel('Order number').fill('12345');
  await page.getByLabel('E-mail used at checkout').fill('e2e-pay@example.com');
  await page.getByLabel('I checked my junk and spam folders').check();
  await page.getByLabel('No', { exact: true }).check();
  await page.getByLabel("I'm not a robot").check();
  await shot(page, info.project.name, 'community', 'contact');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText(
    'Thank you. Your inquiry has been submitted.',
  );

  await page.goto('/remove-username');
  await page.getByLabel('Username', { exact: true }).fill('nobody-here-zz');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(
    page.getByText('Username could not be found or connexion failed.').first(),
  ).toBeVisible();
  await shot(page, info.project.name, 'community', 'remove-username');

  await page.goto('/blog');
  await expect(page.getByTestId('blog-card').first()).toBeVisible();
  await shot(page, info.project.name, 'community', 'blog');
  await page.getByTestId('blog-card').first().getByRole('link').click();
  await expect(page.getByTestId('blog-post')).toBeVisible();
  await shot(page, info.project.name, 'community', 'blog-post');

  await page.goto('/up');
  await expect(page.getByTestId('up-ok')).toBeVisible();
});

test('unban: the wait time counts down, then the request', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const email = await createMember(request, `unban-${info.project.name}`);
  const { username, id } = await submitUsername(request, email);
  await banAsModerator(request, id, 1);
  await preAgree(page, baseURL as string);
  await logIn(page, email);

  await page.goto(`/user/unban/${id}`);
  await expect(page.getByTestId('unban-wait')).toBeVisible();
  const first = await page.getByTestId('unban-countdown').textContent();
  expect(first).toMatch(/^0?0:59:\d\d$|^00:59:\d\d$/);
  await expect(page.getByTestId('unban-countdown')).not.toHaveText(first as string, {
    timeout: 5_000,
  });
  await shot(page, info.project.name, 'community', 'unban-wait');

  // A moderator shortens the ban to a warning: ready to unban, then the request.
  await banAsModerator(request, id, 0);
  await page.reload();
  await expect(page.getByTestId('unban-ready')).toBeVisible();
  await expect(page.getByTestId('unban')).toContainText(username);
  await page.getByLabel('Message to the moderators').fill('I read the rules again.');
  await page.getByRole('button', { name: 'Request an unban' }).click();
  await expect(
    page
      .getByText(/Your unban request has been created\.|Your username has been unbanned\./)
      .first(),
  ).toBeVisible();
});

test('local swipes: a VIP on a fresh seed who checks in at a demo city sees cards', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // The demo seed checks members in around London, New York, Paris and Berlin (backend/addme/demo/swipes.py).
  const city =
    info.project.name === 'mobile'
      ? { latitude: 48.8566, longitude: 2.3522 }
      : { latitude: 51.5074, longitude: -0.1278 };
  const me = await createMember(request, `swipe-seed-${info.project.name}`);
  await submitUsername(request, me, 'snapchat');
  await buy(request, me, 'vip-week');
  await preAgree(page, baseURL as string);
  await logIn(page, me);
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(city);
  await page.goto('/user/local-swipes');
  await page.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByTestId('deck')).toBeVisible();
  await expect(page.getByTestId('swipe-card')).toBeVisible();
  await expect(page.getByTestId('deck-empty')).toHaveCount(0);
  await shot(page, info.project.name, 'community', 'swipes-seeded-deck');
});
