import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { resolve } from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { bootstrapRules } from './scripts/bootstrapRules.ts';
import { i18nAreas } from './scripts/i18nAreas.ts';

// The folder of this file (what CommonJS called __dirname: Vite's native config loader has no such name).
const HERE = import.meta.dirname;
const FLAGS_DIR = resolve(HERE, 'node_modules/flag-icons/flags/4x3');
const FLAG_FILE = /^[a-z]{2}\.svg$/;

/**
 * Country flags (the flag-icons SVG set) served from the app under /flags: copied next to the
 * build, served from node_modules in development. Pages load the few they show as images, so the
 * set never weighs on the JavaScript bundle.
 */
function flagIcons(): Plugin {
  return {
    name: 'addme-flag-icons',
    configureServer(server) {
      server.middlewares.use('/flags', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        const file = resolve(FLAGS_DIR, name);
        if (!FLAG_FILE.test(name) || !existsSync(file)) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle(options) {
      const out = resolve(options.dir ?? 'dist', 'flags');
      cpSync(FLAGS_DIR, out, {
        recursive: true,
        filter: (src) => src === FLAGS_DIR || FLAG_FILE.test(src.split(/[\\/]/).pop() ?? ''),
      });
      // Precompressed beside each flag, as the bundle's files are (the server sends the .br or
      // .gz the browser takes): a few flags are large drawings (Spain's, Mexico's: 80 kB and
      // more), and the cards on a list's first screen load them while the app starts.
      for (const name of readdirSync(out)) {
        if (!FLAG_FILE.test(name)) continue;
        const svg = readFileSync(resolve(out, name));
        writeFileSync(
          resolve(out, `${name}.br`),
          zlib.brotliCompressSync(svg, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
        writeFileSync(resolve(out, `${name}.gz`), zlib.gzipSync(svg, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's package exports only its development build (remix-run/react-router#12532,
 * #14102): warnings and checks meant for a developer then run in every visitor's browser. The
 * production build beside it is the same API without them, so `vite build` takes that one.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = resolve(HERE, 'node_modules/react-router/dist/production');
  return {
    name: 'addme-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return resolve(dist, 'index.mjs');
      if (source === 'react-router/dom') return resolve(dist, 'dom-export.mjs');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    i18nAreas(resolve(HERE, 'src')),
    bootstrapRules(resolve(HERE, 'src'), HERE),
    flagIcons(),
    // Every text file of the build also as .br and .gz, at the highest settings (once, at build
    // time): the server sends the one the browser accepts (backend/addme/core/pages.py).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // `@/x` is `src/x`: every import that crosses a folder uses it (tsconfig.app.json says the same).
    alias: [{ find: /^@\//, replacement: `${resolve(HERE, 'src')}/` }],
  },
  server: {
    proxy: {
      '/v1': { target: 'http://127.0.0.1:8000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // The entry chunk (react-dom, React Router, i18next, the shell) is about 520 kB before
    // compression; what a visitor loads is checked in brotli per page instead (make test-weight).
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: the server reads which chunks and styles each route needs, and names
    // them in the page so they load alongside the app (backend core/firstvisit.py).
    manifest: true,
    // Maps are written for debugging but not linked from the bundles; the server refuses them in
    // production (PUBLIC_SOURCE_MAPS), so 2 MB of source is not public.
    sourcemap: 'hidden',
    rolldownOptions: {
      // The table of the slowest plugin callbacks only when asked (BUILD_TIMINGS=1): a build that
      // went well prints nothing a reader has to act on.
      checks: { bundlerTimings: Boolean(process.env.BUILD_TIMINGS) },
      output: {
        // Fewer, larger chunks on a first visit. Left to itself the bundler cut the entry into 6
        // files and a listing's route into 11 (the shop's into 20), many under 1 kB: a browser
        // on HTTP/1.1 fetches them 6 at a time, one round trip per wave, before the app can run
        // (docs/performance.md, "Fewer requests before the first render").
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in one chunk beside the entry.
            { name: 'app', tags: ['$initial'], priority: 4 },
            // React-Bootstrap and its helpers (the shop's cards, the forms): one chunk for all.
            {
              name: 'react-bootstrap',
              test: /node_modules[\\/](react-bootstrap|@restart|prop-types|dom-helpers|react-transition-group|uncontrollable|classnames|@babel[\\/]runtime|warning|invariant)[\\/]/,
              priority: 3,
            },
            // TanStack Query's parts the entry does not use (mutations): one chunk, not the shop's.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            // The shop's first page (its route, catalogue and cards) in one chunk.
            {
              name: 'shop',
              test: /src[\\/]features[\\/]shop[\\/]ShopCatalogue\.tsx$/,
              priority: 2,
            },
            // The username cards and the paged list, shared by home, the lists and a profile
            // (their dependencies come along).
            {
              name: 'cards',
              test: /src[\\/](components[\\/](UsernameCard|CardGrid|PagedGrid|AppTabs)\.tsx|features[\\/]listings[\\/]queries\.ts)$/,
              priority: 2,
            },
            // The admin area's shared pieces (components/admin): one chunk, loaded by admin
            // screens only; one file each made the entry's table of chunks longer on every page.
            { name: 'admin-ui', test: /src[\\/]components[\\/]admin[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
  },
});
