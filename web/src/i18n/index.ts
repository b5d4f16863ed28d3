import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '@/lib/cookies';
import { i18nFormatter } from '@/lib/format';
import enApiErrors from './en/apiErrors.json';
import enCommon from './en/common.json';

export const LOCALES = ['en', 'fr'] as const;

/** The spec's locale strategy uses English only; French is kept complete for when it is switched on. */
export const DEFAULT_LOCALE = 'en';
export type Locale = (typeof LOCALES)[number];

/** The spec's locale cookie: kept 365 days, read back on every visit. */
export const LOCALE_COOKIE = 'i18n_redirected';
const LOCALE_MAX_AGE = 365 * 24 * 3600;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function initialLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const saved = getCookie(LOCALE_COOKIE);
  const locale = isLocale(saved) ? saved : DEFAULT_LOCALE;
  // Kept for another year, once the page has loaded: a cookie written now would make the page's
  // next cookie read (the age gate's, in the first render) wait on the browser again.
  const keep = () => setCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_MAX_AGE });
  if (document.readyState === 'complete') keep();
  else window.addEventListener('load', keep, { once: true });
  document.documentElement.lang = locale;
  return locale;
}

/** Switch the language: the cookie remembers it for a year (a signed-in member's account remembers
 * it too: session/language.ts, so their mails follow). */
export function setLocale(locale: Locale) {
  setCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_MAX_AGE });
  document.documentElement.lang = locale;
  void i18n.changeLanguage(locale);
}

/** French is fetched when it is chosen: every visitor would otherwise download both catalogues
 * (about 20 kB compressed of the entry bundle) to read one. English, the default, is bundled. */
const otherLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language !== 'fr') return callback(null, {});
    import('./fr').then(
      (m) => callback(null, m.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const startLocale = initialLocale();

// Counts and dates inside texts are formatted in the reader's language by the app's one formatter.
const initialised = i18n
  .use(otherLocales)
  .use(initReactI18next)
  .use(i18nFormatter)
  .init({
    partialBundledLanguages: true,
    resources: {
      en: {
        // The shell's words and any failed call's; every other area comes with the code that
        // uses it (addArea, from scripts/i18nAreas.ts).
        translation: { ...enCommon, apiErrors: enApiErrors },
      },
    },
    lng: startLocale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });

/**
 * Resolves once the reader's catalogue is there: `null` for English (bundled, there at once). A
 * French reader's first render waits for it, since a component asking for words that are still on
 * their way suspends, and outside a Suspense boundary that shows the error page.
 */
export const languageReady: Promise<unknown> | null =
  startLocale === DEFAULT_LOCALE ? null : initialised;

/**
 * Adds one area of the English catalogue (`shop`, `listings`...): the build makes every module that
 * names a key of the area call this before it runs (scripts/i18nAreas.ts).
 */
export function addArea(area: string, words: Record<string, unknown>) {
  i18n.addResourceBundle('en', 'translation', { [area]: words }, true, true);
}

export default i18n;
