import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '@/lib/cookies';
import { i18nFormatter } from '@/lib/format';
import enAdmin from './en/admin.json';
import enAds from './en/ads.json';
import enApiErrors from './en/apiErrors.json';
import enCatalog from './en/catalog.json';
import enCommon from './en/common.json';
import enCommunity from './en/community.json';
import enGuard from './en/guard.json';
import enLegal from './en/legal.json';
import enListings from './en/listings.json';
import enOps from './en/ops.json';
import enPeople from './en/people.json';
import enShop from './en/shop.json';
import enStats from './en/stats.json';
import enUpkeep from './en/upkeep.json';
import enWallet from './en/wallet.json';

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
  setCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_MAX_AGE });
  document.documentElement.lang = locale;
  return locale;
}

/** Switch the language: the cookie remembers it for a year. */
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

// Counts and dates inside texts are formatted in the reader's language by the app's one formatter.
void i18n
  .use(otherLocales)
  .use(initReactI18next)
  .use(i18nFormatter)
  .init({
    partialBundledLanguages: true,
    resources: {
      en: {
        translation: {
          ...enCommon,
          ads: enAds,
          apiErrors: enApiErrors,
          catalog: enCatalog,
          community: enCommunity,
          guard: enGuard,
          legal: enLegal,
          listings: enListings,
          mod: enAdmin,
          ops: enOps,
          people: enPeople,
          shop: enShop,
          upkeep: enUpkeep,

          stats: enStats,
          wallet: enWallet,
        },
      },
    },
    lng: initialLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });

export default i18n;
