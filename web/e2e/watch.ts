import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The Bootstrap classes the build left out of the stylesheet, since no code names them
 * (scripts/bootstrapRules.ts): read from the build the server serves (WEB_DIST, as `make
 * test-e2e` sets it); none against a development server.
 */
const droppedClasses: string[] = (() => {
  const file = join(process.env.WEB_DIST ?? '', '.vite', 'bootstrap-dropped.json');
  return process.env.WEB_DIST && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
})();

/** No element on the page has a class of Bootstrap's that the build dropped: it would be unstyled. */
export async function expectNoDroppedClass(page: Page, where: string) {
  if (droppedClasses.length === 0) return;
  const found = await page.evaluate(
    `(() => { const dropped = new Set(${JSON.stringify(droppedClasses)}); const out = new Set();
      for (const el of document.querySelectorAll('[class]'))
        for (const c of el.classList) if (dropped.has(c)) out.add(c);
      return [...out].sort(); })()`,
  );
  expect(found, `classes the build dropped from Bootstrap's CSS, on ${where}`).toEqual([]);
}

/**
 * What a visitor would never want to see in their console: errors, React warnings, failed requests
 * and answers of 400 or more. Collects for one page; `expectClean` fails with the list.
 */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error') problems.push(`console error: ${text}`);
    // React Router and React report misuse as warnings.
    if (msg.type() === 'warning' && /React Router|React does not|Warning:/.test(text)) {
      problems.push(`console warning: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A navigation that replaces the page aborts what the old page was loading: not a failure.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  return {
    problems,
    /** Forget what happened so far (e.g. an expected 404 document). */
    reset: () => {
      problems.length = 0;
    },
    expectClean: (where: string) => expect(problems, where).toEqual([]),
  };
}

/** axe on the page as it is: no violation at all (WCAG 2.x A and AA rules and best practices). */
export async function expectAxeClean(page: Page, where: string) {
  // A theme just switched starts colour transitions (Bootstrap's links: 0.15 s); measured mid-way,
  // a colour is neither theme's and axe reports a contrast that no one sees. Finite transitions
  // and animations end first (a string: e2e code is compiled without DOM types). Reading a
  // computed style first makes the browser start the transitions a theme switch has only asked for.
  await page.evaluate(`getComputedStyle(document.documentElement).color, Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => null))),
    new Promise((done) => setTimeout(done, 2000)),
  ])`);
  // Only violations are read: axe then keeps one node per passing rule instead of every node,
  // which is most of its time on a page of cards (every rule still runs on every node).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(summary, `axe on ${where}`).toEqual([]);
  await expectNoDroppedClass(page, where);
}
