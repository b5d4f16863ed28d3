import { describe, expect, it } from 'vitest';
import {
  chartColumns,
  isValidRange,
  lastDays,
  presetOf,
  rangeDays,
  rangeFromSearch,
  type StatsPage,
  splitDimension,
  tableRows,
} from './range';

const TODAY = new Date('2026-11-25T21:30:00Z');

describe('the date range', () => {
  it('defaults to the last 30 days, today included', () => {
    const range = rangeFromSearch(new URLSearchParams(), TODAY);
    expect(range).toEqual({ start: '2026-10-27', end: '2026-11-25' });
    expect(rangeDays(range)).toBe(30);
    expect(presetOf(range, TODAY)).toBe(30);
  });

  it('keeps a valid range from the address', () => {
    const search = new URLSearchParams('start=2026-01-01&end=2026-01-31');
    expect(rangeFromSearch(search, TODAY)).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(presetOf({ start: '2026-01-01', end: '2026-01-31' }, TODAY)).toBeNull();
  });

  it('falls back to the default for a reversed, impossible or too long range', () => {
    for (const q of [
      'start=2026-02-01&end=2026-01-01',
      'start=2026-02-30&end=2026-03-01',
      'start=2024-01-01&end=2026-01-01',
      'start=yesterday&end=today',
    ]) {
      expect(rangeFromSearch(new URLSearchParams(q), TODAY)).toEqual(lastDays(30, TODAY));
    }
    expect(isValidRange({ start: '2025-01-01', end: '2026-02-04' })).toBe(true); // 400 days
    expect(isValidRange({ start: '2025-01-01', end: '2026-02-05' })).toBe(false);
  });

  it('makes presets up to today', () => {
    expect(lastDays(7, TODAY)).toEqual({ start: '2026-11-19', end: '2026-11-25' });
    expect(presetOf(lastDays(365, TODAY), TODAY)).toBe(365);
  });
});

describe('the series mapping', () => {
  const page: StatsPage = {
    page: 'sales',
    start: '2026-11-24',
    end: '2026-11-25',
    days: ['2026-11-24', '2026-11-25'],
    series: [
      { metric: 'sales', dimension: '', total: 3, values: [1, 2] },
      { metric: 'sales_cents', dimension: '', total: 1098, values: [599, 499] },
    ],
    parts: [],
  };

  it('gives the chart unix days and dollars for amounts', () => {
    expect(chartColumns(page)).toEqual([
      [Date.UTC(2026, 10, 24) / 1000, Date.UTC(2026, 10, 25) / 1000],
      [1, 2],
      [5.99, 4.99],
    ]);
  });

  it('gives the table one row per day with every series', () => {
    expect(tableRows(page)).toEqual([
      { day: '2026-11-24', values: [1, 599] },
      { day: '2026-11-25', values: [2, 499] },
    ]);
  });

  it('splits a part into its kind and value', () => {
    expect(splitDimension('country:FR')).toEqual(['country', 'FR']);
    expect(splitDimension('path:/u/:handle')).toEqual(['path', '/u/:handle']);
    expect(splitDimension('')).toEqual(['', '']);
  });
});
