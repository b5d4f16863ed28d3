// @vitest-environment node
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS, areasUsed, keysOfPart, partsUsed } from './i18nAreas';

describe('catalogue areas travel with the code that names their keys', () => {
  it('finds keys, key prefixes and namespaces in quotes and templates', () => {
    const code = [
      "t('shop.title')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template key.
      't(`listings.tabs.${tab}`)',
      '<ScheduleState ns="mod.alerts" />',
      "const x = { context: { login_required: 'listings.dirtyNeedsLogin' } };",
    ].join('\n');
    expect(areasUsed(code)).toEqual(['listings', 'mod', 'shop']);
  });

  it('leaves out the shell (common, apiErrors) and what only looks like an area', () => {
    expect(
      areasUsed("t('nav.menu'); t('apiErrors.x'); stats.total; 'shopping'; './shop.css'"),
    ).toEqual([]);
  });

  it('brings the parts of an area a module names, the whole area when it builds the part', () => {
    const code = [
      "t('community.adult.verify')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template key.
      't(`listings.tabs.${tab}`)',
      '<ScheduleState ns="mod.alerts" />',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template key.
      't(`legal.${doc}.title`)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template key.
      't(`shop.card${kind}`)',
    ].join('\n');
    expect(partsUsed(code)).toEqual([
      'community.adult',
      'legal',
      'listings.tabs',
      'mod.alerts',
      'shop',
    ]);
  });

  it('a part carries its plural and context forms, and nothing that only starts alike', () => {
    const words = { count: 'x', count_one: 'a', count_other: 'b', counter: 'c', other: 'd' };
    expect(keysOfPart(words, 'count')).toEqual(['count', 'count_one', 'count_other']);
  });

  it('names every English file but the shell’s', () => {
    const dir = fileURLToPath(new URL('../src/i18n/en', import.meta.url));
    const files = readdirSync(dir).filter((f) => !['common.json', 'apiErrors.json'].includes(f));
    expect(Object.values(AREAS).sort()).toEqual(files.sort());
  });
});
