import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The English catalogue travels with the code that uses it. `common` and `apiErrors` (the shell's
 * words, and any failed call's) are bundled with the app; every other area (`shop`, `listings`,
 * `mod`...) is registered by the modules that name one of its keys: a module whose source holds a
 * string starting `shop.` (a key, a key's prefix, an editor's namespace) imports that area first,
 * so it is in the module's chunk, or a chunk it imports, before anything renders with it. A page
 * thus loads the words of its own features, not all 100 kB of them. French is loaded whole when it
 * is chosen (src/i18n/fr.ts).
 */

/** Area (the key's first part) -> its English file in src/i18n/en/. */
export const AREAS: Record<string, string> = {
  ads: 'ads.json',
  catalog: 'catalog.json',
  community: 'community.json',
  guard: 'guard.json',
  legal: 'legal.json',
  listings: 'listings.json',
  mod: 'admin.json',
  ops: 'ops.json',
  people: 'people.json',
  shop: 'shop.json',
  stats: 'stats.json',
  upkeep: 'upkeep.json',
  wallet: 'wallet.json',
};

const USE = new RegExp(`['"\`](${Object.keys(AREAS).join('|')})\\.[A-Za-z$]`, 'g');

/** The areas a module's source names (in quotes or a template, followed by `.` and a key). */
export function areasUsed(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(USE)) if (m[1]) found.add(m[1]);
  return [...found].sort();
}

const VIRTUAL = 'virtual:i18n-area/';

export function i18nAreas(srcDir: string): Plugin {
  const src = resolve(srcDir);
  const i18nDir = resolve(src, 'i18n');
  return {
    name: 'addme-i18n-areas',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const area = id.slice(VIRTUAL.length + 1);
      const file = AREAS[area];
      if (!file) throw new Error(`unknown catalogue area ${area}`);
      return [
        `import words from ${JSON.stringify(resolve(i18nDir, 'en', file))};`,
        `import { addArea } from ${JSON.stringify(resolve(i18nDir, 'index.ts'))};`,
        `addArea(${JSON.stringify(area)}, words);`,
      ].join('\n');
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(src) || file.startsWith(i18nDir) || !/\.(ts|tsx)$/.test(file))
        return null;
      const areas = areasUsed(code);
      if (areas.length === 0) return null;
      const imports = areas.map((a) => `import '${VIRTUAL}${a}';`).join('');
      // One line, so the module's own lines (and its source map) keep their numbers.
      return { code: `${imports}${code}`, map: null };
    },
  };
}
