import type uPlot from 'uplot';
import { useUPlot } from '@/hooks/useUPlot';
import { useTranslation } from '@/i18n/useTranslation';
import { chartColumns, isMoney, type StatsPage } from './range';

/** Colours readable on the light and the dark theme alike. */
const PALETTE = ['#3d8bfd', '#e35d6a', '#20c997', '#fd9843', '#a370f7'];

/**
 * The daily series as a line chart (uPlot, about 50 kB, loaded with the stats screen only). The
 * canvas is decorative for assistive technology: `summary` names it and the table under it holds
 * every number.
 */
export function StatsChart({
  page,
  labels,
  summary,
  locale,
}: {
  page: StatsPage;
  labels: string[];
  summary: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const dayLabel = t('stats.day');
  const box = useUPlot(
    (el, axis) => {
      const money = page.series.some((s) => isMoney(s.metric));
      const number = new Intl.NumberFormat(locale);
      const dayFormat = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      const dollars = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
      const opts: uPlot.Options = {
        width: el.clientWidth || 600,
        height: 260,
        scales: {
          x: { time: true },
          n: { range: (_u, _min, max) => [0, Math.max(1, max)] },
          $: {},
        },
        axes: [
          { ...axis },
          {
            ...axis,
            scale: 'n',
            size: 56,
            values: (_u, ticks) => ticks.map((v) => number.format(v)),
          },
          ...(money
            ? [
                {
                  ...axis,
                  scale: '$',
                  side: 1 as const,
                  size: 80,
                  grid: { show: false },
                  values: (_u: uPlot, ticks: number[]) => ticks.map((v) => dollars.format(v)),
                },
              ]
            : []),
        ],
        series: [
          {
            label: dayLabel,
            value: (_u: uPlot, v: number | null) =>
              v == null ? '' : dayFormat.format(new Date(v * 1000)),
          },
          ...page.series.map((s, i) => ({
            label: labels[i],
            scale: isMoney(s.metric) ? '$' : 'n',
            stroke: PALETTE[i % PALETTE.length],
            width: 2,
            points: { show: page.days.length <= 45 },
            value: (_u: uPlot, v: number | null) =>
              v == null ? '' : isMoney(s.metric) ? dollars.format(v) : number.format(v),
          })),
        ],
        legend: { show: true },
        hooks: {
          // Away from the cursor the legend shows the last day's values, never "--".
          setCursor: [
            (u: uPlot) => {
              if (u.cursor.idx == null && last >= 0) u.setLegend({ idx: last }, false);
            },
          ],
        },
      };
      const last = page.days.length - 1;
      return {
        options: opts,
        data: chartColumns(page) as uPlot.AlignedData,
        drawn: (plot) => {
          if (last >= 0) plot.setLegend({ idx: last }, false);
        },
      };
    },
    [page, labels, locale, dayLabel],
  );

  return (
    <figure className="mb-3" data-testid="stats-chart">
      <div ref={box} role="img" aria-label={summary} className="stats-chart" />
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
