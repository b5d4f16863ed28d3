import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  bearer,
  createMember,
  keyFromOutbox,
  logIn,
  payByCard,
  png,
  preAgree,
  shot,
} from './helpers';

// Sign-ins hash a password (Argon2) on two shared cores: answers can take a few seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };
// Each test of each project targets a country of its own (sent by the trusted proxy's header), so
// its ads are the most targeted ones for its visitors whatever the tests running beside it (a slot
// shows one ad) and earlier runs leave behind.
const COUNTRY: Record<string, string> = { mobile: 'IS', desktop: 'LI' };
const PROBE_COUNTRY: Record<string, string> = { mobile: 'MC', desktop: 'SM' };

async function visitor(browser: Browser, baseURL: string, country: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': country } });
  const page = await context.newPage();
  await preAgree(page, baseURL);
  return page;
}

async function adminToken(page: Page) {
  const res = await page.request.post('/v1/auth/login', { data: ADMIN });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function removeAds(page: Page, headers: Record<string, string>, ids: number[]) {
  for (const id of ids) {
    const gone = await page.request.delete(`/v1/admin/ads/${id}`, {
      headers,
      data: { reason: 'e2e done' },
    });
    expect(gone.status()).toBe(204);
  }
}

test('an admin creates a Link and a Code ad; visitors past the age gate see them in their spots, not on / nor /shop, not as VIP; ?debugad=1 says why', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  const country = COUNTRY[info.project.name] ?? 'IS';
  const stamp = `${Date.now()}`;
  const linkName = `Banner ${stamp}`;
  const codeName = `Tag ${stamp}`;
  const headers = await adminToken(page);
  await preAgree(page, base);

  // The admin screen: a Link ad with an uploaded banner, then a Code ad.
  await page.goto('/admin/ad');
  await expect(page.getByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
  const form = page.locator('section[aria-labelledby="ad-new"]');
  await form.getByLabel('Name').fill(linkName);
  await form.getByLabel('Header link').check();
  await form.getByLabel('Countries').fill(country);
  await form.getByLabel('Safe link (https)').fill('https://partner.example/summer');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/v1/admin/ads/image'));
  await form
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(7, 320) });
  expect((await uploaded).status()).toBe(201);
  await expect(form.getByLabel('Picture address (https) or uploaded file')).toHaveValue(
    /^\/media\/ads\/.+\.webp$/,
  );
  // The preview is the slots' own drawing.
  await expect(form.getByTestId('ad-preview').getByRole('img', { name: linkName })).toBeVisible();
  await form.getByLabel('Reason').fill('summer partner');
  const createdLink = page.waitForResponse(
    (r) => r.url().endsWith('/v1/admin/ads') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create the ad' }).click();
  const link = (await (await createdLink).json()) as { id: number };
  await expect(page.getByTestId('ad-item').filter({ hasText: linkName })).toContainText('Showing');

  await form.getByLabel('Name').fill(codeName);
  await form.getByLabel('Type').selectOption('Code');
  await form.getByLabel('Top of the page').uncheck();
  await form.getByLabel('Bottom of the page').check();
  await form.getByLabel('Countries').fill(country);
  await form
    .getByLabel('Html and script')
    .fill(
      "<p id='tag'>Loading</p><script>document.getElementById('tag').textContent = 'Code ad ran';</script>",
    );
  // An unsaved draft shows its html only: its script does not run before it is saved.
  await expect(form.frameLocator('[data-testid="ad-draft-frame"]').locator('#tag')).toHaveText(
    'Loading',
  );
  await shot(page, info.project.name, 'admin', 'ads');
  await form.getByLabel('Reason').fill('network tag');
  const createdCode = page.waitForResponse(
    (r) => r.url().endsWith('/v1/admin/ads') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create the ad' }).click();
  const code = (await (await createdCode).json()) as { id: number };
  await expect(page.getByTestId('ad-item').filter({ hasText: codeName })).toContainText('Showing');

  // A visitor from that country, past the age gate, on a listing page.
  const guest = await visitor(browser, base, country);
  await guest.goto('/list');
  const top = guest.getByTestId('ad-slot-layout-top');
  await expect(top.getByRole('img', { name: linkName })).toBeVisible();
  const banner = top.locator(`a[data-ad-id="${link.id}"]`);
  await expect(banner).toHaveAttribute('href', 'https://partner.example/summer');
  await expect(banner).toHaveAttribute('rel', /sponsored/);
  await expect(banner).toHaveAttribute('rel', /noopener/);
  await expect(guest.getByTestId('ad-slot-header-link')).toContainText(linkName);
  const frame = guest
    .getByTestId('ad-slot-layout-bottom')
    .locator(`iframe[data-ad-id="${code.id}"]`);
  await expect(frame).toHaveAttribute('src', `/v1/ads/${code.id}/frame`);
  // Frames load lazily: the bottom slot runs once the visitor scrolls down to it.
  await frame.scrollIntoViewIfNeeded();
  await expect(guest.frameLocator(`iframe[data-ad-id="${code.id}"]`).locator('#tag')).toHaveText(
    'Code ad ran',
  );
  await shot(guest, info.project.name, 'ads', 'listing-slots');

  // ?debugad=1 explains each slot.
  await guest.goto('/list?debugad=1');
  await expect(guest.getByTestId('ad-debug-layout-top')).toHaveText(
    `layout-top: chosen “${linkName}” (countries ${country}, any orientation)`,
  );
  await expect(guest.getByTestId('ad-debug-layout-bottom')).toHaveText(
    `layout-bottom: chosen “${codeName}” (countries ${country}, any orientation)`,
  );
  await expect(guest.getByTestId('ad-debug-global-popup-code')).toBeVisible();
  await shot(guest, info.project.name, 'ads', 'debug');

  // Never on / nor /shop.
  for (const [path, why] of [
    ['/', 'not shown on /'],
    ['/shop', 'not shown on /shop'],
  ] as const) {
    await guest.goto(`${path}?debugad=1`);
    await expect(guest.getByTestId('ad-debug-layout-top')).toHaveText(`layout-top: ${why}`);
    await expect(guest.locator(`[data-ad-id="${link.id}"]`)).toHaveCount(0);
    await expect(guest.locator(`[data-ad-id="${code.id}"]`)).toHaveCount(0);
  }

  // Another visitor who has not answered the age gate: nothing yet.
  const fresh = await (
    await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': country } })
  ).newPage();
  await fresh.goto('/list?debugad=1');
  await expect(fresh.getByTestId('ad-debug-layout-top')).toHaveText(
    'layout-top: the age gate is not confirmed yet',
  );
  await expect(fresh.locator(`[data-ad-id="${link.id}"]`)).toHaveCount(0);

  // A visitor from elsewhere: the server sends them neither.
  const abroad = await visitor(browser, base, 'NZ');
  await abroad.goto('/list?debugad=1');
  await expect(abroad.getByTestId('ad-debug-layout-top')).toBeVisible();
  await expect(abroad.locator(`[data-ad-id="${link.id}"]`)).toHaveCount(0);

  // The same visitor as a VIP member: no ads at all.
  const email = await createMember(request, `adsvip-${info.project.name}`);
  const order = await payByCard(request, email, 'vip-week');
  const key = await keyFromOutbox(request, email, order);
  const applied = await request.post('/v1/user/keys', {
    headers: await bearer(request, email),
    data: { key },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  await logIn(guest, email);
  await guest.goto('/list?debugad=1');
  await expect(guest.getByTestId('ad-debug-layout-top')).toHaveText('layout-top: viewer is VIP');
  await expect(guest.locator(`[data-ad-id="${link.id}"]`)).toHaveCount(0);
  await expect(guest.locator(`[data-ad-id="${code.id}"]`)).toHaveCount(0);

  await removeAds(page, headers, [link.id, code.id]);
});

test('a Code ad cannot read the session nor call the API as the visitor', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(60_000);
  const base = baseURL as string;
  const country = PROBE_COUNTRY[info.project.name] ?? 'MC';
  const headers = await adminToken(page);
  const script = `(async () => {
    const out = {};
    try { out.cookie = document.cookie; } catch (e) { out.cookie = 'blocked: ' + e.name; }
    try { out.storage = String(localStorage.length); } catch (e) { out.storage = 'blocked: ' + e.name; }
    try {
      const r = await fetch('/v1/auth/user', { credentials: 'include' });
      out.fetch = r.status + ' ' + (await r.text());
    } catch (e) { out.fetch = 'blocked: ' + e.name; }
    try { out.parent = parent.document.cookie; } catch (e) { out.parent = 'blocked: ' + e.name; }
    parent.postMessage({ probe: out }, '*');
  })();`;
  const res = await page.request.post('/v1/admin/ads', {
    headers,
    data: {
      name: `Probe ${Date.now()}`,
      spots: ['layout-top'],
      type: 'Code',
      countries: [country],
      code: `<p id="probe">Probe ad</p><script>${script}</script>`,
      reason: 'sandbox proof',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = (await res.json()) as { id: number };

  // A signed-in member: the app itself gets their account.
  const email = await createMember(request, `adprobe-${info.project.name}`);
  const member = await visitor(browser, base, country);
  await logIn(member, email);
  expect(await (await member.request.get('/v1/auth/user')).text()).toContain(email);
  await member.addInitScript({
    content:
      "addEventListener('message', (e) => { if (e.data && e.data.probe) window.__probe = e.data.probe; });",
  });
  await member.goto('/list');
  const frame = member.locator(`iframe[data-ad-id="${made.id}"]`);
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  await frame.scrollIntoViewIfNeeded();
  await expect(member.frameLocator(`iframe[data-ad-id="${made.id}"]`).locator('#probe')).toHaveText(
    'Probe ad',
  );
  await expect(member.locator('#probe')).toHaveCount(0);
  let probe: Record<string, string> | undefined;
  await expect
    .poll(async () => {
      probe = (await member.evaluate('window.__probe')) as Record<string, string> | undefined;
      return probe !== undefined;
    })
    .toBe(true);
  if (!probe) throw new Error('no probe');
  expect(probe.cookie).toMatch(/^blocked/);
  expect(probe.storage).toMatch(/^blocked/);
  expect(probe.parent).toMatch(/^blocked/);
  expect(probe.fetch).toMatch(/^blocked/);
  expect(JSON.stringify(probe)).not.toContain(email);

  await removeAds(page, headers, [made.id]);
});
