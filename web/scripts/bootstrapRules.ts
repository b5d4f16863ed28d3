import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import postcss from 'postcss';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * Bootstrap's stylesheet as the app uses it. Every page loads it before its first paint, and whole
 * it is 23 kB brotli of a page's 175 kB budget, most of it components the app never draws
 * (carousel, popover, tooltip, toast...) and responsive variants of utilities nothing names
 * (`.offset-xxl-3`, `.align-content-lg-between`). The build keeps a rule of Bootstrap's when the
 * app could ever give an element a class it selects:
 *
 * - a class named whole in the app's code (`src/`, `index.html`) or in the React-Bootstrap
 *   components the app imports (and the modules they import);
 * - a class the code builds from a prefix it joins to a value at run time (`btn-${variant}`,
 *   React-Bootstrap's `${bsPrefix}-${size}` with its prefix 'modal'), when every part after the
 *   prefix is one or two words the code names whole (`outline-secondary`; `dialog`, `centered`);
 * - every utility outside a media query (a rule of `!important` declarations only: `.fw-bold`,
 *   `.text-center`): an admin may type any of them into an alert's classes.
 *
 * What was dropped is written to `.vite/bootstrap-dropped.json` (not served): the browser tests
 * fail when a page shows an element with one of those classes (e2e/watch.ts).
 */

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
/** Quoted strings' words: whole class names keep their hyphens. */
const WORD = /[A-Za-z0-9_-]+/g;
/** `btn-${`: a prefix joined to a value at run time. */
const TEMPLATE_HEAD = /([a-z][a-z0-9-]*?)-\$\{/g;
/** React-Bootstrap's default prefix of a component: `useBootstrapPrefix(bsPrefix, 'modal')`. */
const RB_PREFIX = /useBootstrapPrefix\(\s*\w+\s*,\s*['"]([a-z][a-z0-9-]*)['"]/g;
const RB_NAMED = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]react-bootstrap['"]/g;
const RB_DEFAULT = /from\s*['"]react-bootstrap\/([A-Za-z]+)['"]/g;
const RELATIVE = /from\s*["'](\.\/[^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(path);
  }
  return out;
}

/** The React-Bootstrap modules the app's code imports, with every module of the package they import. */
export function reactBootstrapModules(appCode: string[], esmDir: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(RELATIVE)) {
      const rel = m[1] ?? '';
      walk(resolve(dirname(file), rel.endsWith('.js') ? rel : `${rel}.js`));
    }
  };
  for (const code of appCode) {
    for (const m of code.matchAll(RB_NAMED)) {
      for (const part of (m[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) walk(join(esmDir, `${name}.js`));
      }
    }
    for (const m of code.matchAll(RB_DEFAULT)) walk(join(esmDir, `${m[1]}.js`));
  }
  return [...seen].sort();
}

/** Every class `code` names whole, and a test for the classes it builds from a prefix and words. */
export function classesUsed(code: string[]): {
  named: Set<string>;
  canBuild: (cls: string) => boolean;
} {
  const named = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of code) {
    for (const [w] of text.matchAll(WORD)) {
      const word = w.replace(/^-+|-+$/g, '');
      if (word) named.add(word);
    }
    for (const m of text.matchAll(TEMPLATE_HEAD)) if (m[1]) prefixes.add(m[1]);
    for (const m of text.matchAll(RB_PREFIX)) if (m[1]) prefixes.add(m[1]);
  }
  // A prefix, then one value (`outline-secondary`) or two (`dialog` then `centered`), each a word
  // the code names whole.
  const canBuild = (cls: string) => {
    for (const prefix of prefixes) {
      if (!cls.startsWith(`${prefix}-`)) continue;
      const rest = cls.slice(prefix.length + 1);
      if (named.has(rest)) return true;
      const parts = rest.split('-');
      for (let i = 1; i < parts.length; i++) {
        if (named.has(parts.slice(0, i).join('-')) && named.has(parts.slice(i).join('-')))
          return true;
      }
    }
    return false;
  };
  return { named, canBuild };
}

/** Classes of the rules outside media queries whose declarations are all `!important` (utilities). */
export function baseUtilities(css: string): string[] {
  const out = new Set<string>();
  postcss.parse(css).each((node) => {
    if (node.type !== 'rule' || node.nodes.length === 0) return;
    if (!node.nodes.every((d) => d.type !== 'decl' || d.important)) return;
    for (const m of node.selector.matchAll(/\.([A-Za-z0-9_-]+)/g)) if (m[1]) out.add(m[1]);
  });
  return [...out];
}

const classesOf = (css: string) => {
  const out = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const m of rule.selector.matchAll(/\.([A-Za-z][A-Za-z0-9_-]*)/g)) if (m[1]) out.add(m[1]);
  });
  return out;
};

/** Bootstrap's CSS with only the rules the app can use (see above); `dropped` lists the classes gone. */
export async function usedBootstrap(
  css: string,
  code: string[],
): Promise<{ css: string; dropped: string[] }> {
  const { named, canBuild } = classesUsed(code);
  const all = classesOf(css);
  const keep = [...all].filter((cls) => named.has(cls) || canBuild(cls));
  // Element names, attribute names and values ([data-bs-theme=dark], [type=checkbox]) are matched
  // against the code's words too.
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: [...named, ...keep].join(' '), extension: 'classes' }],
    extractors: [{ extensions: ['classes'], extractor: (text: string) => text.split(' ') }],
    css: [{ raw: css }],
    safelist: { standard: baseUtilities(css) },
    keyframes: true,
    fontFace: true,
  });
  const out = result?.css ?? css;
  const left = classesOf(out);
  return { css: out, dropped: [...all].filter((cls) => !left.has(cls)).sort() };
}

const BOOTSTRAP_CSS =
  /[\\/]node_modules[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(\.min)?\.css$/;

export function bootstrapRules(srcDir: string, webDir: string): Plugin {
  let dropped: string[] | null = null;
  return {
    name: 'addme-bootstrap-rules',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!BOOTSTRAP_CSS.test(id.split('?')[0] ?? id)) return null;
      const app = [...sourceFiles(srcDir), join(webDir, 'index.html')].map((f) =>
        readFileSync(f, 'utf8'),
      );
      const rb = reactBootstrapModules(app, join(webDir, 'node_modules/react-bootstrap/esm'));
      const used = await usedBootstrap(code, [...app, ...rb.map((f) => readFileSync(f, 'utf8'))]);
      dropped = used.dropped;
      return { code: used.css, map: null };
    },
    generateBundle() {
      if (dropped === null) return;
      this.emitFile({
        type: 'asset',
        fileName: '.vite/bootstrap-dropped.json',
        source: `${JSON.stringify(dropped)}\n`,
      });
    },
  };
}
