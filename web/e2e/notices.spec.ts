import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  preAgree,
  SCREENSHOTS,
  SHOTS_DIR,
  setTheme,
  uniqueHandle,
} from './helpers';

// The seeded local accounts (README): a Moderator shares the local admin password.
const MODERATOR = 'moderator@addme.local';
const ADMIN_PASSWORD = 'local-admin-passphrase-2026';

/**
 * An abstract picture (coloured shapes from a seed, never a photograph) drawn in the browser, and
 * the same picture resized to three quarters and re-encoded as a JPEG: what a re-upload usually is.
 */
async function pictureAndCopy(
  page: Page,
  seed: number,
): Promise<{ original: Buffer; copy: Buffer }> {
  // A string, not a function: e2e code is compiled without DOM types.
  const [original, copy] = (await page.evaluate(`(() => {
    let state = ${seed};
    const rand = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const colour = () => 'rgb(' + ((rand() * 255) | 0) + ',' + ((rand() * 255) | 0) + ',' + ((rand() * 255) | 0) + ')';
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, colour());
    gradient.addColorStop(1, colour());
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 640, 480);
    for (let i = 0; i < 14; i++) {
      ctx.fillStyle = colour();
      ctx.beginPath();
      if (rand() < 0.5) ctx.arc(rand() * 640, rand() * 480, 30 + rand() * 120, 0, Math.PI * 2);
      else ctx.rect(rand() * 560, rand() * 400, 40 + rand() * 240, 40 + rand() * 200);
      ctx.fill();
    }
    const small = document.createElement('canvas');
    small.width = 480;
    small.height = 360;
    small.getContext('2d').drawImage(canvas, 0, 0, 480, 360);
    return [canvas.toDataURL('image/png'), small.toDataURL('image/jpeg', 0.8)];
  })()`)) as [string, string];
  const bytes = (url: string) => Buffer.from(url.split(',')[1] as string, 'base64');
  return { original: bytes(original), copy: bytes(copy) };
}

/** A member's listed username with one gallery picture; its gallery's address. */
async function galleryWith(request: APIRequestContext, tag: string, image: Buffer, type: string) {
  const email = await createMember(request, tag);
  const headers = await bearer(request, email);
  const handle = uniqueHandle('ntc');
  const res = await request.post('/v1/user/usernames', {
    headers,
    data: {
      app: 'snapchat',
      username: handle,
      age: 30,
      gender: 'Female',
      orientation: 'Straight',
      type: 'Clean',
      country_code: 'CA',
      description: 'Art, coffee and long walks.',
      tags: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  const upload = await request.post(`/v1/user/usernames/${id}/media`, {
    headers,
    multipart: { files: { name: `pic.${type}`, mimeType: `image/${type}`, buffer: image } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  return { email, headers, id, slug: `${handle}-${id}` };
}

test('a notice for a gallery image: receipt, the moderator removes it and its copy, no re-upload', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const seed = 7 + testInfo.workerIndex * 101 + (Date.now() % 997);
  await page.goto('/terms');
  const { original, copy } = await pictureAndCopy(page, seed);
  const first = await galleryWith(request, `ntc-a-${testInfo.project.name}`, original, 'png');
  const second = await galleryWith(request, `ntc-b-${testInfo.project.name}`, copy, 'jpeg');

  // An anonymous visitor, from the image's own Report link.
  await preAgree(page, baseURL as string);
  await page.goto(`/nude/${first.slug}`);
  await page.getByTestId('report-image').first().click();
  await expect(page).toHaveURL(/\/report-content\?url=/);
  await expect(page.getByLabel('Where is it on AddMe?')).toHaveValue(/\/media\//);
  await page.getByLabel('An intimate image shared without consent').check();
  await page.getByLabel('What is wrong with it').fill('This is me, posted without my consent.');
  await page.getByLabel(/I state in good faith/).check();
  await page.getByLabel('Your full name (your signature)').fill('Jane Example');
  const contact = `e2e-notice-${Date.now()}-${testInfo.workerIndex}@example.com`;
  await page.getByLabel('Your e-mail').fill(contact);
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole('button', { name: 'Send the notice' }).click();
  const reference = (await page.getByTestId('notice-reference').textContent())?.trim() as string;
  expect(reference).toMatch(/^N-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.getByTestId('notice-deadline')).toContainText('We will decide by');

  // The receipt is in the outbox within 5 seconds, with the reference and the deadline.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(contact)}`);
        const mails = (await res.json()) as { subject: string; body: string }[];
        return mails.some(
          (m) => m.body.includes(reference) && m.body.includes('We will decide by'),
        );
      },
      { timeout: 5_000 },
    )
    .toBe(true);

  // A Moderator sees it with its deadline and removes it with a reason; the copy goes too.
  const context = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport });
  const mod = await context.newPage();
  const login = await mod.request.post('/v1/auth/login', {
    data: { email: MODERATOR, password: ADMIN_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  await mod.goto('/admin/notices');
  const card = mod.getByTestId('notice-item').filter({ hasText: reference });
  await expect(card.getByTestId('notice-clock')).toContainText('left to the 24-hour target');
  await expect(card.getByTestId('notice-deadline')).toContainText('Deadline:');
  await card.getByRole('button', { name: 'Look and decide' }).click();
  await expect(card.getByTestId('notice-target')).toHaveCount(1);
  await expect(card.getByTestId('notice-copy')).toHaveCount(1);
  await card.getByLabel(/^Reason \(mailed/).fill('Intimate image shared without consent.');
  await card.getByRole('button', { name: 'Remove' }).click();
  await mod.getByRole('button', { name: 'Confirm' }).click();
  await expect(mod.getByText('Removed 1 item and 1 copies')).toBeVisible();
  await context.close();

  expect((await request.get(`/v1/nudes/${first.slug}`)).status()).toBe(404);
  expect((await request.get(`/v1/nudes/${second.slug}`)).status()).toBe(404);
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(contact)}`);
      return ((await res.json()) as { subject: string }[]).some((m) =>
        m.subject.includes('removed'),
      );
    })
    .toBe(true);

  // Uploading it again, by anyone, is refused.
  const again = await request.post(`/v1/user/usernames/${second.id}/media`, {
    headers: second.headers,
    multipart: { files: { name: 'again.jpg', mimeType: 'image/jpeg', buffer: copy } },
  });
  expect(again.status()).toBe(422);
  expect(((await again.json()) as { code: string }).code).toBe('blocked_image');
});

test('screenshots: /report-content and /admin/notices, light and dark', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(!SCREENSHOTS, 'review screenshots: set SCREENSHOTS=1');
  test.setTimeout(120_000);
  // Something to decide: a notice about a seeded profile, and one that waits a week.
  for (const kind of ['ncii', 'impersonation']) {
    const res = await request.post('/v1/notices', {
      data: {
        kind,
        urls: ['/profile/1', '/profile/2'],
        description: 'These pictures are of me and were posted without my consent.',
        good_faith: true,
        signature: 'Jane Example',
        contact_email: 'e2e-shots@example.com',
        captcha_token: 'local-captcha-ok',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const size = testInfo.project.name === 'mobile' ? '390x844' : '1280x800';
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    const context = await browser.newContext({ viewport: testInfo.project.use.viewport, baseURL });
    await setTheme(context, baseURL as string, dark);
    const page = await context.newPage();
    await preAgree(page, baseURL as string);
    await page.goto('/report-content?url=%2Fprofile%2F1');
    await expect(page.locator('h1')).toBeVisible();
    await page.getByRole('button', { name: 'Send the notice' }).click();
    await page.screenshot({
      path: `${SHOTS_DIR}/notice-form-${size}-${theme}.png`,
      fullPage: true,
    });
    await page.request.post('/v1/auth/login', {
      data: { email: MODERATOR, password: ADMIN_PASSWORD },
    });
    await page.goto('/admin/notices');
    await expect(page.locator('h1')).toBeVisible();
    const open = page.getByRole('button', { name: 'Look and decide' }).first();
    if (await open.isVisible()) await open.click();
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: `${SHOTS_DIR}/admin-notices-${size}-${theme}.png`,
      fullPage: true,
    });
    await context.close();
  }
});
