import uPlot from 'uplot';
import { useUPlot } from '@/hooks/useUPlot';
import { chartData } from './figures';
import type { StatsDay } from './queries';

const VIEWS = '#3d8bfd';
const CLICKS = '#20c997';
const TOP_UP = '#fd9843';
const FIRE_PIN = '#e35d6a';
const HEIGHT = 180;
const INTEGER_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6,
];

/**
 * Views and Message clicks a day (uPlot, loaded with the figures only), with the days of Top-Ups
 * and Fire Pins marked on the views line. The canvas is decorative for assistive technology:
 * `summary` names it, and the figures around it hold every number.
 */
export function FiguresChart({
  days,
  labels,
  summary,
  locale,
}: {
  days: StatsDay[];
  labels: { views: string; clicks: string; topUp: string; firePin: string };
  summary: string;
  locale: string;
}) {
  const box = useUPlot(
    (el, axis) => {
      const number = new Intl.NumberFormat(locale);
      const mark = (label: string, colour: string) => ({
        label,
        stroke: colour,
        fill: colour,
        paths: () => null,
        points: { show: true, size: 11, stroke: colour, fill: colour },
        value: (_u: uPlot, v: number | null) => (v == null ? '' : '●'),
      });
      // Dots on each day only while they stay apart (7 days, or 30 on a wide screen).
      const dots = (el.clientWidth || 320) / Math.max(1, days.length) > 18;
      const opts: uPlot.Options = {
        width: el.clientWidth || 320,
        height: HEIGHT,
        // The API's days are UTC days: drawn as such, whatever the reader's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, space: 60 },
          // Whole numbers only: there is no half a view.
          {
            ...axis,
            size: 44,
            incrs: INTEGER_STEPS,
            values: (_u, ticks) => ticks.map((v) => number.format(v)),
          },
        ],
        series: [
          {},
          {
            label: labels.views,
            stroke: VIEWS,
            width: 2,
            points: { show: dots },
            value: (_u, v) => (v == null ? '' : number.format(v)),
          },
          {
            label: labels.clicks,
            stroke: CLICKS,
            width: 2,
            // Dashed: on days with as many clicks as views the views line still shows.
            dash: [6, 4],
            points: { show: dots },
            value: (_u, v) => (v == null ? '' : number.format(v)),
          },
          mark(labels.topUp, TOP_UP),
          mark(labels.firePin, FIRE_PIN),
        ],
        legend: { show: true, live: false },
        cursor: { points: { show: false } },
      };
      return { options: opts, data: chartData(days) as uPlot.AlignedData };
    },
    [days, labels, locale],
  );

  return (
    <figure className="mb-2" data-testid="figures-chart">
      <div ref={box} role="img" aria-label={summary} className="figures-chart" />
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
