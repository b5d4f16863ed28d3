import i18n from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import '@/i18n';
import {
  agoText,
  formatDate,
  formatMoney,
  formatNumber,
  formatTimeAgo,
  formatTimeUntil,
} from './format';

// Intl separates French thousands with a narrow no-break space and puts a no-break space before
// the currency sign: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const NOON = '2026-11-25T12:04:00Z';
const NOW = Date.parse(NOON);

describe('the shared formatter', () => {
  it('writes counts as each language does', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(plain(formatNumber(1234567, 'fr'))).toBe('1 234 567');
    expect(formatNumber(0.5, 'fr')).toBe('0,5');
  });

  it('writes whole numbers without Intl exactly as Intl does, in both languages', () => {
    const values = [0, 7, 999, 1000, -1000, 1234, 99999, 100000, 1234567, -987654321, 2 ** 53 - 1];
    for (const locale of ['en', 'fr']) {
      const intl = new Intl.NumberFormat(locale);
      for (const value of values) expect(formatNumber(value, locale)).toBe(intl.format(value));
    }
  });

  it("writes 'time ago' without Intl exactly as Intl does, for every unit and count", () => {
    const units = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
    for (const locale of ['en', 'fr']) {
      const intl = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
      for (const unit of units) {
        for (let n = 0; n <= 120; n++) {
          expect(agoText(n, unit, locale)).toBe(intl.format(n ? -n : 0, unit));
        }
      }
    }
    // Beyond its words (another language, a count it has no text for), Intl writes it.
    expect(agoText(5, 'day', 'de')).toBeNull();
    expect(formatTimeAgo(new Date(NOW - 5 * 86_400_000).toISOString(), 'de', '', NOW)).toBe(
      'vor 5 Tagen',
    );
  });

  it('writes amounts without Intl exactly as Intl does, in both languages and every shop currency', () => {
    const values = [
      0, 0.01, 0.5, 4.99, 10, 19.9, 999.99, 1000, 1234.5, 99999.99, 1e6, -3.2, -1234.56,
    ];
    for (const locale of ['en', 'fr']) {
      for (const currency of ['USD', 'EUR', 'GBP']) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
        for (const value of values) {
          expect(formatMoney(value, currency, locale)).toBe(intl.format(value));
          expect(formatMoney(value.toFixed(2), currency, locale)).toBe(intl.format(value));
        }
      }
    }
    // Three decimals, another currency or language: Intl writes them.
    expect(formatMoney(1.005, 'USD', 'en')).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(1.005),
    );
    expect(formatMoney(5, 'JPY', 'en')).toBe('¥5');
    expect(formatMoney(5, 'USD', 'de')).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(5),
    );
  });

  it('writes amounts in their currency', () => {
    expect(formatMoney('4.99', 'USD', 'en')).toBe('$4.99');
    expect(plain(formatMoney('4.99', 'USD', 'fr'))).toBe('4,99 $US');
    expect(plain(formatMoney(1250, 'EUR', 'fr'))).toBe('1 250,00 €');
  });

  it('writes dates and moments, and nothing for a missing or broken date', () => {
    expect(formatDate(NOON, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(NOON, 'fr')).toBe('25 nov. 2026');
    expect(formatDate(NOON, 'fr', 'moment')).toMatch(/^25 nov\. 2026,? (à )?\d{2}:04$/);
    expect(formatDate(NOON, 'en', 'moment')).toMatch(/^Nov 25, 2026, \d{1,2}:04 [AP]M$/);
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'fr')).toBe('');
  });

  it('writes relative times both ways', () => {
    const fiveMinutes = new Date(NOW - 5 * 60_000).toISOString();
    expect(formatTimeAgo(fiveMinutes, 'en', '', NOW)).toBe('5 min. ago');
    expect(plain(formatTimeAgo(fiveMinutes, 'fr', '', NOW))).toBe('il y a 5 min');
    expect(plain(formatTimeAgo(new Date(NOW - 3 * 86_400_000).toISOString(), 'fr', '', NOW))).toBe(
      'il y a 3 j',
    );
    expect(formatTimeAgo(null, 'en', 'never', NOW)).toBe('never');
    const later = new Date(NOW + 5 * 3_600_000).toISOString();
    expect(formatTimeUntil(later, 'en', NOW)).toBe('in 5 hours');
    expect(formatTimeUntil(later, 'fr', NOW)).toBe('dans 5 heures');
    expect(formatTimeUntil(new Date(NOW + 72 * 3_600_000).toISOString(), 'fr', NOW)).toBe(
      'dans 3 jours',
    );
  });

  describe('inside translated texts', () => {
    afterAll(() => i18n.changeLanguage('en'));

    it('formats every count, in English and in French', async () => {
      await i18n.changeLanguage('en');
      expect(i18n.t('listings.total', { count: 12345 })).toBe('12,345 usernames');
      await i18n.changeLanguage('fr');
      expect(plain(i18n.t('listings.total', { count: 12345 }))).toMatch(/^12 345 /);
    });

    it('leaves other numbers as they are: an order number is never grouped', async () => {
      await i18n.changeLanguage('en');
      expect(i18n.t('listings.pager.pageOf', { page: 1200, total: 1500 })).toBe(
        'Page 1200 of 1500',
      );
    });
  });
});
