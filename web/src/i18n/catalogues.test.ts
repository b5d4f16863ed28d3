import { describe, expect, it } from 'vitest';

/** French must be complete: every English key has a French text with the same placeholders. */
type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const inLocale = (locale: string) =>
  Object.keys(files)
    .filter((path) => path.startsWith(`./${locale}/`))
    .map((path) => path.slice(locale.length + 3))
    .sort();
const namespaces = inLocale('en');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const read = (locale: string, ns: string): Map<string, string> =>
  flatten(files[`./${locale}/${ns}`] ?? {});

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

describe('the French catalogue', () => {
  it('has every namespace of the English one', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(inLocale('fr')).toEqual(namespaces);
  });

  for (const ns of namespaces) {
    it(`${ns}: every English key exists in French`, () => {
      const en = read('en', ns);
      const fr = read('fr', ns);
      const missing = [...en.keys()].filter((k) => !fr.has(k));
      expect(missing).toEqual([]);
      const stray = [...fr.keys()].filter((k) => !en.has(k));
      expect(stray).toEqual([]);
    });

    it(`${ns}: French keeps the English placeholders and markup`, () => {
      const en = read('en', ns);
      const fr = read('fr', ns);
      const mismatched = [...en.entries()]
        .filter(([k]) => fr.has(k))
        .filter(
          ([k, v]) =>
            JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(fr.get(k) ?? '')) ||
            JSON.stringify(tags(v)) !== JSON.stringify(tags(fr.get(k) ?? '')),
        )
        .map(([k]) => k);
      expect(mismatched).toEqual([]);
    });

    it(`${ns}: no French text is left empty where English has one`, () => {
      const en = read('en', ns);
      const empty = [...read('fr', ns).entries()]
        .filter(([k, v]) => v.trim() === '' && (en.get(k) ?? '').trim() !== '')
        .map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }
});
