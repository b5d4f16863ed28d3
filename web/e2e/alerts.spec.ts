import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createMember, logIn, preAgree, shot } from './helpers';

// Sign-ins hash a password (Argon2) on two shared cores: answers can take a few seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(30_000);

const ADMIN = { email: 'admin@addme.local', password: 'local-admin-passphrase-2026' };

/** Other alerts (the demo's, other tests') are dismissed, so the banner shows the one under test. */
async function dismissOthers(page: Page, baseURL: string, keep: number) {
  const res = await page.request.get('/v1/alerts');
  const alerts = (await res.json()) as { id: number }[];
  await page
    .context()
    .addCookies(
      alerts
        .filter((a) => a.id !== keep)
        .map((a) => ({ name: `alert_${a.id}`, value: '1', url: baseURL })),
    );
}

test('an admin creates an alert that shows in its spot, and not once dismissed', async ({
  page,
  baseURL,
}, info) => {
  const base = baseURL as string;
  const text = `Planned maintenance ${Date.now()}-${info.project.name}`;
  await preAgree(page, base);
  const login = await page.request.post('/v1/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();

  await page.goto('/admin/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const form = page.locator('section[aria-labelledby="alert-new"]');
  await form.getByLabel('Every page').uncheck();
  await form.getByLabel('Help', { exact: true }).check();
  await form.getByLabel('Type').selectOption('warning');
  await form.getByLabel('Icon').selectOption('zap');
  await form.getByLabel('Text').fill(text);
  // The preview is the banner's own drawing.
  await expect(form.getByTestId('alert-preview')).toContainText(text);
  await shot(page, info.project.name, 'admin', 'alerts');
  await form.getByLabel('Reason').fill('maintenance window');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/v1/admin/alerts') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create the alert' }).click();
  const made = (await (await created).json()) as { id: number };
  await expect(page.getByTestId('alert-item').filter({ hasText: text })).toContainText('Showing');

  await dismissOthers(page, base, made.id);
  const mine = page.locator(`[data-testid="site-alert"][data-alert-id="${made.id}"]`);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mine).toHaveCount(0);
  await page.goto('/help');
  await expect(mine).toContainText(text);
  await expect(mine).toHaveClass(/alert-warning/);
  await mine.getByRole('button', { name: 'Dismiss' }).click();
  await expect(mine).toHaveCount(0);
  const cookies = await page.context().cookies(base);
  const dismissal = cookies.find((c) => c.name === `alert_${made.id}`);
  expect(dismissal?.value).toBe('1');
  // 14 days (1209600 s), give or take the test's own seconds.
  expect((dismissal?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(1_209_600 - 120);
  const loaded = page.waitForResponse((r) => r.url().includes('/v1/alerts'));
  await page.reload();
  await loaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mine).toHaveCount(0);

  // Clean up, with a reason, so other runs see their own alerts.
  const token = ((await login.json()) as { token: string }).token;
  const gone = await page.request.delete(`/v1/admin/alerts/${made.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { reason: 'e2e done' },
  });
  expect(gone.status()).toBe(204);
});

test('an html and script alert cannot read the session nor call the API as the visitor', async ({
  page,
  baseURL,
}, info) => {
  const base = baseURL as string;
  const email = await createMember(page.request, 'alertprobe');
  await logIn(page, email);
  await preAgree(page, base);
  // The member is signed in: the app itself gets their account.
  const own = await page.request.get('/v1/auth/user');
  expect(await own.text()).toContain(email);

  const admin = await page.request.post('/v1/auth/login', { data: ADMIN });
  const { token } = (await admin.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  // The admin signed in through the API with a bearer token; the browser's session stays the member's.
  await logIn(page, email);
  const script = `(async () => {
    const out = {};
    try { out.cookie = document.cookie; } catch (e) { out.cookie = 'blocked: ' + e.name; }
    try { out.storage = String(localStorage.length); } catch (e) { out.storage = 'blocked: ' + e.name; }
    try {
      const r = await fetch('/v1/auth/user', { credentials: 'include' });
      out.fetch = r.status + ' ' + (await r.text());
    } catch (e) { out.fetch = 'blocked: ' + e.name; }
    try { out.parent = parent.document.cookie; } catch (e) { out.parent = 'blocked: ' + e.name; }
    parent.postMessage({ probe: out, run: ${JSON.stringify(info.project.name)} }, '*');
  })();`;
  const res = await page.request.post('/v1/admin/alerts', {
    headers,
    data: {
      spots: ['help'],
      type: 'info',
      html: '<p id="probe">Probe alert <b>bold</b></p>',
      script,
      reason: 'sandbox proof',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = (await res.json()) as { id: number };
  await dismissOthers(page, base, made.id);
  // Strings, not functions: e2e code is compiled without DOM types.
  await page.addInitScript({
    content:
      "addEventListener('message', (e) => { if (e.data && e.data.probe) window.__probe = e.data.probe; });",
  });

  await page.goto('/help');
  const mine = page.locator(`[data-testid="site-alert"][data-alert-id="${made.id}"]`);
  const frame = mine.getByTestId('alert-frame');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  // The html is drawn (in the frame), never in the page itself.
  await expect(
    page.frameLocator(`[data-alert-id="${made.id}"] iframe`).locator('#probe b'),
  ).toHaveText('bold');
  await expect(page.locator('#probe')).toHaveCount(0);
  // Polled with evaluate: the site's policy forbids the string evaluation waitForFunction uses.
  let probe: Record<string, string> | undefined;
  await expect
    .poll(async () => {
      probe = (await page.evaluate('window.__probe')) as Record<string, string> | undefined;
      return probe !== undefined;
    })
    .toBe(true);
  if (!probe) throw new Error('no probe');
  expect(probe.cookie).toMatch(/^blocked/);
  expect(probe.storage).toMatch(/^blocked/);
  expect(probe.parent).toMatch(/^blocked/);
  // Refused outright (the frame's policy and sandbox): no answer, let alone the member's account.
  expect(probe.fetch).toMatch(/^blocked/);
  expect(JSON.stringify(probe)).not.toContain(email);

  const gone = await page.request.delete(`/v1/admin/alerts/${made.id}`, {
    headers,
    data: { reason: 'e2e done' },
  });
  expect(gone.status()).toBe(204);
});
