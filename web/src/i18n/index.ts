import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './en/common.json';
import enLegal from './en/legal.json';
import enListings from './en/listings.json';
import frCommon from './fr/common.json';
import frLegal from './fr/legal.json';
import frListings from './fr/listings.json';

export const LOCALES = ['en', 'fr'] as const;

/** The spec's locale strategy uses English only; French is kept complete for when it is switched on. */
export const DEFAULT_LOCALE = 'en';

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...enCommon, legal: enLegal, listings: enListings } },
    fr: { translation: { ...frCommon, legal: frLegal, listings: frListings } },
  },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
