import i18n, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

/**
 * The app's `useTranslation`: `{ t, i18n }`, as react-i18next's hook gives, at a fraction of its
 * cost per component. A first visit to a list renders about 270 components that read words;
 * react-i18next's hook rebuilds its options, checks the catalogue and makes a new `t` in each of
 * them on every render, and i18next resolves, interpolates and formats every text again: together
 * about 300 ms of a first visit's main thread at Lighthouse's 4x CPU slowdown.
 *
 * Here every component of one language shares one `t`, and a text read by its key alone (no count,
 * no value: most labels) is looked up once, straight from the catalogue. A text with values is
 * resolved by i18next once per key and values: the catalogues use no formatter (nothing in them
 * reads the clock or the locale's number format beyond the language), so the same key and values
 * always give the same words. (A relative date is worded by lib/format and passed as values.)
 */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

const byLanguage = new Map<string, Translation>();
const plainTexts = new Set<Map<string, string>>();

function translation(language: string): Translation {
  let found = byLanguage.get(language);
  if (!found) {
    if (byLanguage.size === 0) listenForNewWords();
    const fixed = i18n.getFixedT(language) as unknown as (...args: unknown[]) => string;
    const plain = new Map<string, string>();
    plainTexts.add(plain);
    const t = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string' || rest.length > 1) return fixed(key, ...rest);
      if (rest.length === 1) {
        // A text with values (a card's "25 y/o", a list's title): the same key and values give the
        // same words, so i18next resolves each pair once (a list's twenty cards share most).
        const memo = valuesKey(key, rest[0]);
        if (memo === null) return fixed(key, ...rest);
        let text = plain.get(memo);
        if (text === undefined) {
          text = fixed(key, rest[0]) as string;
          if (plain.size >= MAX_REMEMBERED) plain.clear();
          plain.set(memo, text);
        }
        return text;
      }
      let text = plain.get(key);
      if (text === undefined) {
        text = plainText(language, key) ?? fixed(key);
        plain.set(key, text);
      }
      return text;
    };
    found = { t: t as unknown as TFunction, i18n };
    byLanguage.set(language, found);
  }
  return found;
}

/** Texts remembered per language before the memo starts again (keys and values a session reads). */
const MAX_REMEMBERED = 2000;

/**
 * The memo's key for a text read with values, or null when the values are not all plain strings,
 * numbers or booleans (an object, a function, a `returnObjects`: left to i18next every time).
 */
function valuesKey(key: string, options: unknown): string | null {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return null;
  let memo = key;
  for (const [name, value] of Object.entries(options)) {
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && value !== undefined) {
      return null;
    }
    if (name === 'returnObjects' || name === 'lng') return null;
    memo += `\u0000${name}\u0001${kind}:${String(value)}`;
  }
  return memo;
}

/** An area's words arrive with the code that uses it (addArea), French when it is chosen: a text
 * first read before its catalogue was there (the key itself, or the English fallback) is read
 * again. Attached at the first read: i18next's store exists only once `init` has run (i18n/index). */
function listenForNewWords() {
  const forget = () => {
    for (const plain of plainTexts) plain.clear();
  };
  i18n.store.on('added', forget);
  i18n.on('loaded', forget);
}

/**
 * A label read straight from the catalogue: a string with nothing for i18next to do (no `{{value}}`,
 * no `$t(nested)`), in the reader's language. Anything else (a missing key, a fallback to English, a
 * namespace prefix, an object) is left to i18next, which is about 20 times slower per text.
 */
function plainText(language: string, key: string): string | undefined {
  if (key.includes(':')) return undefined;
  const value: unknown = i18n.getResource(language, 'translation', key);
  if (typeof value !== 'string' || value === '' || value.includes('{{') || value.includes('$t(')) {
    return undefined;
  }
  return value;
}

const LanguageContext = createContext<string | null>(null);

function onLanguageChanged(callback: () => void) {
  i18n.on('languageChanged', callback);
  return () => i18n.off('languageChanged', callback);
}

const currentLanguage = () => i18n.language;

/** Re-renders the app in the new language when the reader switches (one subscription in all). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(onLanguageChanged, currentLanguage);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** `{ t, i18n }` in the reader's language. Outside a LanguageProvider (unit tests) it reads the
 * language at each render, and does not re-render when it changes. */
export function useTranslation(): Translation {
  return translation(useContext(LanguageContext) ?? i18n.language);
}
