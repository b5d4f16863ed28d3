import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMember, logIn, preAgree } from './helpers';

/**
 * Every modal and menu with the keyboard alone (issue 15): opened with Enter or Space, focus moves
 * into it and stays there while it is open (Tab and Shift+Tab wrap inside a modal; the arrows keep
 * to a menu's items), Escape closes it, and focus goes back to what opened it.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

// The e2e folder is type-checked without the DOM library: the page's objects are described here.
interface PageNode {
  contains(other: unknown): boolean;
  ownerDocument: { activeElement: unknown };
}

const focusedInside = (box: Locator) =>
  box.evaluate((el) => {
    const node = el as unknown as PageNode;
    const active = node.ownerDocument.activeElement;
    return !!active && node.contains(active);
  });

/** Focus is inside `box` now, and after each of `presses` presses of `key`. */
async function expectFocusStaysIn(page: Page, box: Locator, key: string, presses: number) {
  await expect.poll(() => focusedInside(box)).toBe(true);
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    expect(await focusedInside(box), `focus left after ${i + 1} × ${key}`).toBe(true);
  }
}

/** Focuses the opener as Tab would, then opens with `key`. */
async function openWith(opener: Locator, key: 'Enter' | 'Space') {
  await opener.focus();
  await expect(opener).toBeFocused();
  await opener.press(key);
}

/** A modal: focus inside and trapped, Escape closes, focus back on `opener` (when one). */
async function checkModal(page: Page, name: RegExp | string, opener: Locator | null) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const stops = await dialog
    .locator(
      'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]',
    )
    .count();
  await expectFocusStaysIn(page, dialog, 'Tab', stops + 1);
  await expectFocusStaysIn(page, dialog, 'Shift+Tab', stops + 1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (opener) await expect(opener).toBeFocused();
}

/** A dropdown menu: open, focus on its first item, arrows keep to it, Escape back to the toggle. */
async function checkMenu(page: Page, toggle: Locator, key: 'Enter' | 'Space') {
  await openWith(toggle, key);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = toggle
    .locator('xpath=ancestor::*[contains(@class,"dropdown")][1]')
    .locator('.dropdown-menu');
  await expect(menu).toBeVisible();
  const items = await menu.locator('.dropdown-item').count();
  await expectFocusStaysIn(page, menu, 'ArrowDown', items + 1);
  await expectFocusStaysIn(page, menu, 'ArrowUp', 2);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
}

/** On a phone the header's menus sit in the collapsed navigation: open it by keyboard first. */
async function openNavByKeyboard(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) >= 992) return;
  const toggler = page.getByRole('button', { name: 'Menu' });
  await openWith(toggler, 'Enter');
  await expect(toggler).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#main-nav')).toHaveClass(/\bshow\b/);
}

test('the header menus, by keyboard', async ({ page, baseURL }) => {
  await preAgree(page, baseURL as string);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const nav = page.locator('#main-nav');

  // The phone's collapsed navigation is a disclosure: Escape folds it and focus stays on its button.
  const toggler = page.getByRole('button', { name: 'Menu' });
  if ((page.viewportSize()?.width ?? 1280) < 992) {
    await openNavByKeyboard(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggler).toHaveAttribute('aria-expanded', 'false');
    await expect(toggler).toBeFocused();
    await openNavByKeyboard(page);
  }

  const toggles = nav.locator('.dropdown-toggle');
  // Three apps, More, the theme.
  await expect.poll(() => toggles.count()).toBeGreaterThanOrEqual(5);
  const count = await toggles.count();
  for (let i = 0; i < count; i++) {
    await checkMenu(page, toggles.nth(i), i % 2 ? 'Space' : 'Enter');
  }
});

test('the report modal and the age gate, by keyboard', async ({ page, baseURL }) => {
  // The age gate cannot be dismissed: focus is kept in it and Escape leaves it open.
  await page.goto('/list');
  const gate = page.getByRole('dialog');
  await expect(gate).toBeVisible();
  await expectFocusStaysIn(page, gate, 'Tab', 4);
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();

  await preAgree(page, baseURL as string);
  await page.goto('/list');
  const profile = page.getByTestId('cards').getByRole('link').first();
  await profile.focus();
  await profile.press('Enter');
  const report = page.getByRole('button', { name: 'Report' });
  await openWith(report, 'Enter');
  await checkModal(page, /report/i, report);
  await openWith(report, 'Space');
  await checkModal(page, /report/i, report);
});

test('the app banner, its install instructions and the announcement, by keyboard', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await preAgree(page, baseURL as string);
  // A phone visitor past the fifth page, one navigation before the announcement.
  await context.addCookies([
    { name: 'impressions', value: '5', url: baseURL as string },
    { name: 'announcement', value: '2', url: baseURL as string },
  ]);
  await page.goto('/blog');
  // The announcement opens by itself: focus moves in; Escape closes it.
  await checkModal(page, /home screen|app/i, null);
  // One prompt per visit: the banner shows in the next one.
  await page.evaluate('sessionStorage.clear()');
  await page.goto('/help');

  const install = page.getByTestId('app-banner').getByRole('button', { name: /install|add/i });
  await openWith(install, 'Enter');
  await checkModal(page, /home screen/i, install);
  await context.close();
});

test('the account menu and the not-enough-Top-Ups modal, by keyboard', async ({
  page,
  baseURL,
  request,
}) => {
  const email = await createMember(request, 'keys');
  await preAgree(page, baseURL as string);
  await logIn(page, email);
  // A new member has no Top-Up: the create-group form opens the modal by itself.
  await page.goto('/user/group/create');
  await checkModal(page, /top-up/i, null);
  const again = page.getByTestId('group-needs-topup').getByRole('button');
  await openWith(again, 'Space');
  await checkModal(page, /top-up/i, again);

  await openNavByKeyboard(page);
  await checkMenu(page, page.getByTestId('account-menu').locator('.dropdown-toggle'), 'Enter');
});
