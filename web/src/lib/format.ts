import { useTranslation } from 'react-i18next';

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

/** A count or any plain number: "1,234" in English, "1 234" in French. */
export function formatNumber(
  value: number,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  try {
    return numberFormat(locale, options).format(value);
  } catch {
    return String(value);
  }
}

/** An amount of money in its currency (the server sends decimal strings). */
export function formatMoney(amount: number | string, currency = 'USD', locale = 'en'): string {
  const value = Number(amount);
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

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

function relativeFormat(locale: string, options: Intl.RelativeTimeFormatOptions) {
  return cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
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
  let format: Intl.RelativeTimeFormat;
  try {
    format = relativeFormat(locale, { numeric: 'auto', style: 'short' });
  } catch {
    return fallback;
  }
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
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
