import { useTranslation } from '@/i18n/useTranslation';

/**
 * Every date, time, relative time, count and amount the app shows goes through here, in the
 * reader's language (the i18n locale): "Nov 25, 2026" / "25 nov. 2026", "1,234" / "1 234",
 * "$4.99" / "4,99 $US". Counts inside translated texts are formatted by `i18nFormatter` below.
 * Every formatter falls back to something readable when the browser lacks the locale.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** Intl formatters are costly to build and a list renders hundreds of dates: one per setting. */
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * The thousands separator of a whole number in the app's two languages: a page's first Intl number
 * or relative-time formatter loads ICU's number data, 17-50 ms in Chromium here, four times that on
 * the phone Lighthouse emulates, in the very task that draws the first cards. Counts and "5 min.
 * ago" on a card are written without Intl; other numbers and languages still use it.
 * format.test.ts checks every text below against Intl's own.
 */
const GROUP: Record<string, string> = { en: ',', fr: '\u202f' };

function groupedInteger(value: number, separator: string): string {
  const digits = String(Math.abs(value));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return value < 0 ? `-${out}` : out;
}

/** A count or any plain number: "1,234" in English, "1 234" in French. */
export function formatNumber(
  value: number,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  const separator = GROUP[locale];
  if (separator && Number.isSafeInteger(value) && Object.keys(options).length === 0) {
    return groupedInteger(value, separator);
  }
  try {
    return numberFormat(locale, options).format(value);
  } catch {
    return String(value);
  }
}

/**
 * Amounts in the shop's currencies, in the app's two languages, written out as Intl writes them
 * ("$1,234.50", "1 234,50 $US"): the shop's first render built a currency formatter for its first
 * price, 60 ms of a phone's main thread at Lighthouse's 4x in the task that draws the catalogue.
 * [sign before the number, after it, decimal separator]; format.test.ts checks them against Intl.
 */
const MONEY: Record<string, { signs: Record<string, [string, string]>; decimal: string }> = {
  en: { signs: { USD: ['$', ''], EUR: ['€', ''], GBP: ['£', ''] }, decimal: '.' },
  fr: {
    signs: { USD: ['', '\u00a0$US'], EUR: ['', '\u00a0€'], GBP: ['', '\u00a0£GB'] },
    decimal: ',',
  },
};

/** The written-out amount, or null for what Intl must write (another language or currency, an
 * amount with more than two decimals, which Intl rounds its own way). */
function writtenMoney(value: number, currency: string, locale: string): string | null {
  const language = MONEY[locale];
  const signs = language?.signs[currency];
  const cents = Math.round(Math.abs(value) * 100);
  if (!language || !signs || !Number.isSafeInteger(cents) || cents / 100 !== Math.abs(value)) {
    return null;
  }
  const separator = GROUP[locale] ?? ',';
  const whole = groupedInteger(Math.floor(cents / 100), separator);
  const number = `${whole}${language.decimal}${String(cents % 100).padStart(2, '0')}`;
  return `${value < 0 ? '-' : ''}${signs[0]}${number}${signs[1]}`;
}

/** An amount of money in its currency (the server sends decimal strings). */
export function formatMoney(amount: number | string, currency = 'USD', locale = 'en'): string {
  const value = Number(amount);
  const written = Number.isFinite(value) ? writtenMoney(value, currency, locale) : null;
  if (written !== null) return written;
  try {
    return numberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

const DATE_STYLES = {
  /** "Nov 25, 2026": a day, as an order's date or the end of a Studio. */
  day: { dateStyle: 'medium' },
  /** "Nov 25, 2026, 3:04 PM": a moment, as a session's last use or a ban's end. */
  moment: { dateStyle: 'medium', timeStyle: 'short' },
  /** "11/25/26, 3:04 PM": a moment in a dense table (the admin area). */
  compact: { dateStyle: 'short', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** A date from the API (ISO 8601) in the reader's language; '' when there is none. */
export function formatDate(
  iso: string | null | undefined,
  locale: string,
  style: DateStyle = 'day',
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options = DATE_STYLES[style];
  try {
    return cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options)).format(
      date,
    );
  } catch {
    return style === 'day' ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
}

type AgoUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const STEPS: [AgoUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

function relativeFormat(locale: string, options: Intl.RelativeTimeFormatOptions) {
  return cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

type AgoTexts = Record<AgoUnit, [zero: string, one: string, many: (n: number) => string]>;

/** Intl's short, `numeric: 'auto'` past texts in the app's two languages (see GROUP above). */
const AGO: Record<string, AgoTexts> = {
  en: {
    year: ['this yr.', 'last yr.', (n) => `${n} yr. ago`],
    month: ['this mo.', 'last mo.', (n) => `${n} mo. ago`],
    day: ['today', 'yesterday', (n) => `${n} days ago`],
    hour: ['this hour', '1 hr. ago', (n) => `${n} hr. ago`],
    minute: ['this minute', '1 min. ago', (n) => `${n} min. ago`],
    second: ['now', '1 sec. ago', (n) => `${n} sec. ago`],
  },
  fr: {
    year: ['cette année', 'l\u2019an dernier', (n) => `il y a ${n} a`],
    month: ['ce mois-ci', 'le mois dernier', (n) => `il y a ${n} m.`],
    day: ['aujourd\u2019hui', 'hier', (n) => (n === 2 ? 'avant-hier' : `il y a ${n}\u00a0j`)],
    hour: ['cette heure-ci', 'il y a 1\u00a0h', (n) => `il y a ${n}\u00a0h`],
    minute: ['cette minute-ci', 'il y a 1\u00a0min', (n) => `il y a ${n}\u00a0min`],
    second: ['maintenant', 'il y a 1\u00a0s', (n) => `il y a ${n}\u00a0s`],
  },
};

/** `n` units ago in the words of AGO, or null when the language or the number is not there. */
export function agoText(n: number, unit: AgoUnit, locale: string): string | null {
  const texts = AGO[locale]?.[unit];
  if (!texts || !Number.isInteger(n) || n < 0 || n > 999) return null;
  return n === 0 ? texts[0] : n === 1 ? texts[1] : texts[2](n);
}

/** "5 min. ago" / "il y a 5 min" from a past moment; `fallback` when there is none. */
export function formatTimeAgo(
  iso: string | null | undefined,
  locale: string,
  fallback: string,
  now: number = Date.now(),
): string {
  if (!iso) return fallback;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return fallback;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const step = STEPS.find(([, size]) => seconds >= size);
  const [unit, count] = step ? [step[0], Math.floor(seconds / step[1])] : (['second', 0] as const);
  const known = agoText(count, unit, locale);
  if (known !== null) return known;
  try {
    return relativeFormat(locale, { numeric: 'auto', style: 'short' }).format(
      count ? -count : 0,
      unit,
    );
  } catch {
    return fallback;
  }
}

/** "in 5 hours" / "dans 5 heures" until a future moment (days from 48 hours); '' when none. */
export function formatTimeUntil(
  iso: string | null | undefined,
  locale: string,
  now: number = Date.now(),
): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const hours = Math.max(1, Math.ceil((at - now) / 3_600_000));
  try {
    const format = relativeFormat(locale, { numeric: 'always' });
    return hours >= 48 ? format.format(Math.ceil(hours / 24), 'day') : format.format(hours, 'hour');
  } catch {
    return '';
  }
}

/** The formatters bound to the reader's language, for components. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      formatNumber(value, locale, options),
    money: (amount: number | string, currency = 'USD') => formatMoney(amount, currency, locale),
    date: (iso: string | null | undefined, style: DateStyle = 'day') =>
      formatDate(iso, locale, style),
    ago: (iso: string | null | undefined, fallback = '') => formatTimeAgo(iso, locale, fallback),
    until: (iso: string | null | undefined) => formatTimeUntil(iso, locale),
  };
}

/**
 * The i18next formatter (`interpolation.alwaysFormat`): a `{{count}}` in any translated text is a
 * number in the reader's language ("1 234 pseudos"), and a text may ask `{{value, number}}`,
 * `{{value, date}}` or `{{value, moment}}` explicitly. Other values are left as they are (an order
 * number or a year is never grouped).
 */
export const i18nFormatter = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, format: string | undefined, lng: string | undefined, options?: object) {
    const locale = lng ?? 'en';
    const key = (options as { interpolationkey?: string } | undefined)?.interpolationkey;
    if (typeof value === 'number' && (format === 'number' || (!format && key === 'count'))) {
      return formatNumber(value, locale);
    }
    if (typeof value === 'string' && (format === 'date' || format === 'moment')) {
      return formatDate(value, locale, format === 'date' ? 'day' : 'moment') || value;
    }
    return value;
  },
};
