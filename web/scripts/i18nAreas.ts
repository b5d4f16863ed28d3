import { readFileSync } from 'node:fs';
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
 *
 * An area travels in parts, one per key of its second level: a module that names
 * `community.adult.verify` brings `community.adult` (with its plural and context forms,
 * `adult_one`...), not the groups' and the blog's words; the header's two words of an area no
 * longer put the whole area in every page's first visit. A module that builds the second level at
 * run time (`legal.${doc}`) or names a part the area does not have brings every part of the area.
 */

/** Area (the key's first part) -> its English file in src/i18n/en/. */
export const AREAS: Record<string, string> = {
  ads: 'ads.json',
  catalog: 'catalog.json',
  community: 'community.json',
  decisions: 'decisions.json',
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

const USE = new RegExp(
  `['"\`](${Object.keys(AREAS).join('|')})\\.([A-Za-z_][A-Za-z0-9_]*)?(\\$\\{)?`,
  'g',
);

/** The areas a module's source names (in quotes or a template, followed by `.` and a key). */
export function areasUsed(code: string): string[] {
  return [...new Set(partsUsed(code).map((part) => part.split('.')[0] ?? part))].sort();
}

/**
 * The parts of areas a module's source names: `area.key` for a key of the area's second level
 * named whole, `area` for an area whose second level is built at run time.
 */
export function partsUsed(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(USE)) {
    const [, area, key, interpolated] = m;
    if (!area || (!key && !interpolated)) continue;
    found.add(key && !interpolated ? `${area}.${key}` : area);
  }
  return [...found].sort();
}

/** The top-level keys of an area's words that a part brings: `adult`, and `adult_one`, `adult_other`. */
export function keysOfPart(words: Record<string, unknown>, key: string): string[] {
  return Object.keys(words).filter((k) => k === key || k.startsWith(`${key}_`));
}

const VIRTUAL = 'virtual:i18n-area/';

export function i18nAreas(srcDir: string): Plugin {
  const src = resolve(srcDir);
  const i18nDir = resolve(src, 'i18n');
  const words = (area: string): Record<string, unknown> => {
    const file = AREAS[area];
    if (!file) throw new Error(`unknown catalogue area ${area}`);
    return JSON.parse(readFileSync(resolve(i18nDir, 'en', file), 'utf8'));
  };
  /** The parts' modules for what a module names: a whole area is every part of it. */
  const partModules = (part: string): string[] => {
    const [area = part, key] = part.split('.');
    const all = words(area);
    const keys = key ? keysOfPart(all, key) : [];
    // A key the area does not have (a prefix completed at run time): every part, to be safe.
    const chosen = keys.length > 0 ? keys : Object.keys(all);
    return chosen.map((k) => `${VIRTUAL}${area}.${k}`);
  };
  return {
    name: 'addme-i18n-areas',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const [area = '', key = ''] = id.slice(VIRTUAL.length + 1).split('.');
      const all = words(area);
      if (!(key in all)) throw new Error(`unknown catalogue key ${area}.${key}`);
      this.addWatchFile(resolve(i18nDir, 'en', AREAS[area] ?? ''));
      return [
        `import { addArea } from ${JSON.stringify(resolve(i18nDir, 'index.ts'))};`,
        `addArea(${JSON.stringify(area)}, ${JSON.stringify({ [key]: all[key] })});`,
      ].join('\n');
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(src) || file.startsWith(i18nDir) || !/\.(ts|tsx)$/.test(file))
        return null;
      const modules = [...new Set(partsUsed(code).flatMap(partModules))].sort();
      if (modules.length === 0) return null;
      const imports = modules.map((m) => `import '${m}';`).join('');
      // One line, so the module's own lines (and its source map) keep their numbers.
      return { code: `${imports}${code}`, map: null };
    },
  };
}
