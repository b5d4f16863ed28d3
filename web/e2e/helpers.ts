import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Skips the age gate the way a visitor who answered yesterday would. */
export async function preAgree(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'ageVerified', value: 'true', url: baseURL }]);
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
    const toggle = page.getByRole('button', { name: 'Menu' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}
