import type { SourceViews, StatsDay } from './queries';

/** The periods offered; 90 only when the API allows it (VIP and Studio). */
export const PERIODS = [7, 30, 90] as const;

/** A day of the API (YYYY-MM-DD, UTC) as seconds, the chart's x. */
export function dayToSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/**
 * The chart's columns: days, views, clicks, then the Top-Up and Fire Pin marks (drawn as points on
 * the views line on the days they were used, null elsewhere).
 */
export function chartData(days: StatsDay[]): (number | null)[][] {
  return [
    days.map((d) => dayToSeconds(d.day)),
    days.map((d) => d.views),
    days.map((d) => d.clicks),
    days.map((d) => (d.top_ups > 0 ? d.views : null)),
    days.map((d) => (d.fire_pins > 0 ? d.views : null)),
  ];
}

/** A UTC day in the reader's language: "2 Dec". */
export function shortDay(day: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
  } catch {
    return day;
  }
}

/**
 * The period's views by place, plus "other" for the views recorded without one (before places were
 * recorded, or from a client that does not send it); nothing when there were no views.
 */
export function withUnrecorded(
  sources: SourceViews[],
  total: number,
): { source: SourceViews['source'] | 'other'; views: number }[] {
  if (total <= 0) return [];
  const known = sources.reduce((sum, s) => sum + s.views, 0);
  const rows: { source: SourceViews['source'] | 'other'; views: number }[] = sources.filter(
    (s) => s.views > 0,
  );
  if (total > known) rows.push({ source: 'other', views: total - known });
  return rows;
}
