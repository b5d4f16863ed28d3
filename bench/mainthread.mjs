// A first visit's main-thread work, A against B in one run: each visit is a fresh browser context
// (no cookie, so the age gate shows where the spec says), the CPU slowed down 4x as Lighthouse
// does, and V8's sampling profiler running from the navigation until 3 s after `load`. Busy time
// is every sample that is not idle; "JS" leaves out (program) (style, layout, paint and the rest
// of the browser's own work) and the garbage collector. The runs alternate A, B, A, B... so a
// machine that slows down for a while slows both; the medians are printed.
//
//   node bench/mainthread.mjs --a http://127.0.0.1:8141 --b http://127.0.0.1:8142 \
//     --path /snapchat-usernames --runs 7
//
// Two builds side by side: build each into its own folder (`npm run build -- --outDir /tmp/distA`)
// and serve each with `python3 bench/lighthouse.py --serve --dist /tmp/distA --port 8141`.
// Playwright comes from web/node_modules; the browser is Debian's Chromium (CHROME_PATH).
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright');

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    path: { type: 'string', default: '/snapchat-usernames' },
    runs: { type: 'string', default: '7' },
  },
});
if (!values.a) {
  console.error('usage: node bench/mainthread.mjs --a URL [--b URL] [--path /x] [--runs N]');
  process.exit(2);
}
const variants = Object.entries({ A: values.a, B: values.b }).filter(([, url]) => url);
const runs = Number(values.runs);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function visit(url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  const names = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let busy = 0;
  let js = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = names.get(id);
    if (name === '(idle)') return;
    busy += ms;
    if (name !== '(program)' && name !== '(garbage collector)') js += ms;
  });
  return { busy, js };
}

const results = Object.fromEntries(variants.map(([name]) => [name, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, base] of variants) results[name].push(await visit(base + values.path));
}
await browser.close();

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`${values.path}: main thread at 4x, median of ${runs} first visits (ms)`);
for (const [name, base] of variants) {
  const rows = results[name];
  console.log(
    `${name} ${base}: busy ${median(rows.map((r) => r.busy)).toFixed(0)}, JS ${median(rows.map((r) => r.js)).toFixed(0)}` +
      `  (busy per run: ${rows.map((r) => r.busy.toFixed(0)).join(' ')})`,
  );
}
