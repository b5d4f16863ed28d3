import type { components } from '@/api/schema.gen';

export type StatsPage = components['schemas']['StatsPage'];
export type StatsSeries = components['schemas']['Series'];
export type StatsPageName = StatsPage['page'];

/** The stats screens, in the menu's order. */
export const STATS_PAGES: readonly StatsPageName[] = [
  'users',
  'usernames',
  'sales',
  'topups',
  'pins',
  'swipes',
  'countries',
  'pages',
];

export const isStatsPage = (value: unknown): value is StatsPageName =>
  typeof value === 'string' && (STATS_PAGES as readonly string[]).includes(value);

export type DayRange = { start: string; end: string };

/** The server refuses longer ranges (stats/service.py MAX_DAYS). */
export const MAX_DAYS = 400;
export const PRESETS = [7, 30, 90, 365] as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as the API writes it (UTC): 2026-11-25. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(value: string | null): number | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || isoDay(new Date(ms)) !== value ? null : ms;
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: Date = new Date()): DayRange {
  const end = Date.parse(`${isoDay(today)}T00:00:00Z`);
  return { start: isoDay(new Date(end - (days - 1) * DAY_MS)), end: isoDay(new Date(end)) };
}

/** Days in a range, both ends included. */
export function rangeDays(range: DayRange): number {
  const a = parseDay(range.start);
  const b = parseDay(range.end);
  return a === null || b === null ? 0 : Math.round((b - a) / DAY_MS) + 1;
}

/** A usable range: both days valid, in order and at most MAX_DAYS long. */
export function isValidRange(range: DayRange): boolean {
  const n = rangeDays(range);
  return n >= 1 && n <= MAX_DAYS;
}

/** The range in the address (?start=&end=), or the last 30 days when it is missing or unusable. */
export function rangeFromSearch(search: URLSearchParams, today: Date = new Date()): DayRange {
  const range = { start: search.get('start') ?? '', end: search.get('end') ?? '' };
  return isValidRange(range) ? range : lastDays(30, today);
}

/** Which preset (7, 30, 90, 365 days up to today) a range is, if any. */
export function presetOf(range: DayRange, today: Date = new Date()): number | null {
  return (
    PRESETS.find((n) => {
      const p = lastDays(n, today);
      return p.start === range.start && p.end === range.end;
    }) ?? null
  );
}

/** Sales amounts are stored in cents and shown in dollars. */
export const isMoney = (metric: string) => metric === 'sales_cents';

export const displayValue = (metric: string, value: number) =>
  isMoney(metric) ? value / 100 : value;

/** uPlot's columns: x (unix seconds, midnight UTC) then one array per series. */
export function chartColumns(page: StatsPage): number[][] {
  const x = page.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  return [x, ...page.series.map((s) => s.values.map((v) => displayValue(s.metric, v)))];
}

/** The table under the chart: one row per day, one value per series. */
export function tableRows(page: StatsPage): { day: string; values: number[] }[] {
  return page.days.map((day, i) => ({ day, values: page.series.map((s) => s.values[i] ?? 0) }));
}

/** "country:FR" -> ["country", "FR"]; the total ("") -> ["", ""]. */
export function splitDimension(dimension: string): [string, string] {
  const at = dimension.indexOf(':');
  return at < 0 ? ['', dimension] : [dimension.slice(0, at), dimension.slice(at + 1)];
}
