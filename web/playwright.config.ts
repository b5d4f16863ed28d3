import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Chromium's headless shell (Debian's chromium-headless-shell, what Playwright runs headless by
// default): the same Blink without the browser's UI. The 32 route tests took 2.9 min with it instead
// of 3.6 on two cores (docs/performance.md, "The browser tests in half the time"). The full browser
// when the shell is not installed, or CHROMIUM_PATH=/usr/bin/chromium.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const chromiumArgs = [
  ...(executablePath.endsWith('headless-shell') ? [] : ['--headless=new']),
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// The machine's Chromium from apt: `npx playwright install` is never used here.
const launchOptions = {
  executablePath,
  args: chromiumArgs,
};

/** Browser tests that close the whole site while they run (see the site-wide project below). */
const SITE_WIDE = /operations-maintenance\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // The run waits on pages far more than it computes (about a third of two cores busy with two
  // workers), so four workers share the cores; every test makes its own members and data, so any
  // test may run beside any other, and a long file no longer sets the length of the whole run.
  workers: 4,
  fullyParallel: true,
  // Two retries on CI (Playwright's own advice): four browsers and the server share two cores
  // there, and a retried test that passes is still reported as flaky, with a trace of the failure.
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  // Sign-ins hash a password (Argon2, a bounded number at once): with four workers on two cores an
  // answer can take longer than Playwright's default five seconds without anything being wrong.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000',
    headless: true,
    launchOptions,
    // Recording a trace of every test to keep only the failures' was a third of the browser run's
    // time on two cores (the route tests: 2.9 min with, 1.9 without). On CI a trace is recorded
    // when a test is retried (Playwright's advice); locally (no retries) a failure keeps its own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: SITE_WIDE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'desktop',
      testIgnore: SITE_WIDE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // Tests that change the whole site (maintenance mode) run alone, once the others are done.
      name: 'site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['mobile', 'desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
});
