import { describe, expect, it } from 'vitest';
import { countryOption, countryOptions } from './countries';

/** What the browser would have said: Intl's names, in Intl's alphabetical order for the language. */
function fromIntl(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const compare = new Intl.Collator(locale).compare;
  return countryOptions('de')
    .map(({ code }) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => compare(a.name, b.name));
}

describe('country names', () => {
  it.each(['en', 'fr'])('are written out in %s exactly as Intl names and sorts them', (locale) => {
    const options = countryOptions(locale);
    expect(options.length).toBeGreaterThan(240);
    expect(options).toEqual(fromIntl(locale));
  });

  it('name one country in the UI language, and nothing for a code that is not one', () => {
    expect(countryOption('en', 'DE')).toEqual([{ code: 'DE', name: 'Germany' }]);
    expect(countryOption('fr', 'DE')).toEqual([{ code: 'DE', name: 'Allemagne' }]);
    expect(countryOption('fr', 'XX')).toEqual([]);
    expect(countryOption('en', undefined)).toEqual([]);
  });

  it('ask the browser in any other language', () => {
    expect(countryOption('de', 'FR')).toEqual([{ code: 'FR', name: 'Frankreich' }]);
    expect(countryOptions('de')).toEqual(fromIntl('de'));
  });
});
