import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '@/lib/cookies';
import enAdmin from './en/admin.json';
import enApiErrors from './en/apiErrors.json';
import enCommon from './en/common.json';
import enCommunity from './en/community.json';
import enLegal from './en/legal.json';
import enListings from './en/listings.json';
import enPeople from './en/people.json';
import enShop from './en/shop.json';
import enWallet from './en/wallet.json';
import frAdmin from './fr/admin.json';
import frApiErrors from './fr/apiErrors.json';
import frCommon from './fr/common.json';
import frCommunity from './fr/community.json';
import frLegal from './fr/legal.json';
import frListings from './fr/listings.json';
import frPeople from './fr/people.json';
import frShop from './fr/shop.json';
import frWallet from './fr/wallet.json';

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

void i18n.use(initReactI18next).init({
  resources: {
    en: {
      translation: {
        ...enCommon,
        apiErrors: enApiErrors,
        community: enCommunity,
        legal: enLegal,
        listings: enListings,
        mod: enAdmin,
        people: enPeople,
        shop: enShop,
        wallet: enWallet,
      },
    },
    fr: {
      translation: {
        ...frCommon,
        apiErrors: frApiErrors,
        community: frCommunity,
        legal: frLegal,
        listings: frListings,
        mod: frAdmin,
        people: frPeople,
        shop: frShop,
        wallet: frWallet,
      },
    },
  },
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
