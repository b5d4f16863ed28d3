import { createHmac } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

const WEBHOOK_SECRET = process.env.SHOP_WEBHOOK_SECRET ?? 'dev-shop-webhook-secret';

/** Every member the browser tests create shares this password. */
export const PASSWORD = 'e2e member passphrase 42';

export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Skips the age gate the way a visitor who answered yesterday would (a returning visitor). */
export async function preAgree(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'ageVerified', value: 'true', url: baseURL }]);
  await returningVisitor(page);
}

/** A browser that has opened the site before: its first visit, which asks nothing, is over
 * (web/src/lib/promptBudget.ts). */
export async function returningVisitor(page: Page) {
  await page.addInitScript("localStorage.setItem('addme.seen-before', '1')");
}

/** The browser closed and opened again: a new visit, with a prompt of its own. */
export async function newVisit(page: Page) {
  await page.evaluate('sessionStorage.clear()');
}

/** Reads the confirmation link from the backend's non-production outbox. */
export async function confirmationPath(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return null;
        const mails = (await res.json()) as { body: string }[];
        for (const mail of mails) {
          const m = /https?:\/\/[^\s"'<>]+\/auth\/email-confirmation\/[A-Za-z0-9_-]+/.exec(
            mail.body,
          );
          if (m) link = m[0];
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return new URL(link as unknown as string).pathname;
}

/** On a phone the menu is collapsed: open it before using what is inside. */
export async function openMenuIfCollapsed(page: Page) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 992) {
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    // The menu closes on scroll and route change by design; on a busy machine a late layout shift
    // can close it right after it opened, so open it until it stays open.
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
      // Fully open, as a person would wait: mid-animation the items are not where they end up,
      // and a click there can scroll the page, which closes the menu.
      await expect(page.locator('#main-nav')).toHaveClass(/\bshow\b/, { timeout: 2_000 });
      await expect(page.locator('#main-nav')).not.toHaveClass(/\bcollapsing\b/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
}

/** A handle no one else has: letters and digits fit every app's format. */
export const uniqueHandle = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e3)}`;

/** Registers through the API and confirms with the link from the outbox; returns the e-mail. */
export async function createMember(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const register = await request.post('/v1/auth/register', {
    data: {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
      captcha_token: 'local-captcha-ok',
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const token = (await confirmationPath(request, email)).split('/').pop() as string;
  const confirm = await request.post('/v1/auth/email-confirmation', { data: { token } });
  expect(confirm.ok(), await confirm.text()).toBeTruthy();
  return email;
}

/** An Authorization header for API calls made as that member. */
export async function bearer(request: APIRequestContext, email: string) {
  const res = await request.post('/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Logs the page's browser context in (the server sets the session cookie). */
export async function logIn(page: Page, email: string) {
  const res = await page.request.post('/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The theme a returning visitor chose, before the page loads. */
export async function setTheme(context: BrowserContext, baseURL: string, dark: boolean) {
  await context.addCookies([
    { name: 'darkModePreference', value: dark ? 'true' : 'false', url: baseURL },
  ]);
}

/** The card shop's orders/paid webhook, signed like Shopify signs it. */
export async function payByCard(request: APIRequestContext, email: string, sku: string) {
  const orderNumber = String(10000 + Math.floor(Math.random() * 89999));
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const raw = JSON.stringify({
    id,
    order_number: orderNumber,
    email,
    line_items: [{ sku, quantity: 1 }],
  });
  const hmac = createHmac('sha256', WEBHOOK_SECRET).update(raw, 'utf8').digest('base64');
  const res = await request.post('/v1/webhooks/shop', {
    data: raw,
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Hmac-Sha256': hmac,
      'X-Shopify-Webhook-Id': `wh-${id}`,
      'X-Shopify-Topic': 'orders/paid',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return orderNumber;
}

/** Reads the key for `orderNumber` from the development outbox. */
export async function keyFromOutbox(
  request: APIRequestContext,
  email: string,
  orderNumber: string,
) {
  let key: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return null;
        const mails = (await res.json()) as { subject?: string; body: string }[];
        for (const mail of mails) {
          if (!mail.body.includes(`Order number: ${orderNumber}`)) continue;
          const m = /: ([0-9A-Z]{4,6}(?:-[0-9A-Z]{4,6}){2,6})\s*$/m.exec(mail.body);
          if (m) key = m[1];
        }
        return key;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return key as unknown as string;
}

/** A small generated PNG (a colour block): never a photograph. */
export function png(seed: number, size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++)
      rows.push((x * 4 + seed * 50) & 255, (y * 4) & 255, (seed * 90) & 255);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Review screenshots are for people to look at, not assertions: only with SCREENSHOTS=1. */
export const SCREENSHOTS = Boolean(process.env.SCREENSHOTS);
export const SHOTS_DIR = 'e2e/screenshots';

/**
 * Full-page review screenshots of the page as it is, light then dark (the theme applied the way
 * the dark-mode toggle applies it), written as `<project>-<theme>-<area>-<name>.png`. A no-op
 * without SCREENSHOTS=1, so the CI run spends no time on pictures nobody looks at.
 */
export async function shot(page: Page, project: string, area: string, name: string) {
  if (!SCREENSHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    // A string, not a function: e2e code is compiled without DOM types.
    await page.evaluate(
      `document.documentElement.setAttribute('data-bs-theme', '${theme}');` +
        `document.body.classList.remove('dark', 'light');` +
        `document.body.classList.add('${theme}');`,
    );
    await page.screenshot({
      path: `${SHOTS_DIR}/${project}-${theme}-${area}-${name}.png`,
      fullPage: true,
    });
  }
}
