import { type DependencyList, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cssVar, useThemeAttribute } from '@/hooks/useThemeAttribute';

/** The look of a chart's axes in the page's theme: its text and grid colours. */
export type ChartAxis = Pick<uPlot.Axis, 'stroke' | 'grid' | 'ticks'>;

/**
 * A uPlot chart drawn into the returned box, as wide as the box (following its width) and drawn
 * again when `deps` change or the theme switches: a canvas takes its colours when drawn. `draw`
 * gets the box and the axis look, and returns the chart's options and data (and, to finish,
 * what to do with the plot once drawn).
 */
export function useUPlot(
  draw: (
    el: HTMLDivElement,
    axis: ChartAxis,
  ) => { options: uPlot.Options; data: uPlot.AlignedData; drawn?: (plot: uPlot) => void },
  deps: DependencyList,
) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeAttribute();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `draw` reads; the theme only triggers a redraw
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--bs-body-color', '#212529');
    const grid = cssVar('--bs-border-color', '#dee2e6');
    const axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    };
    const { options, data, drawn } = draw(el, axis);
    const plot = new uPlot(options, data, el);
    drawn?.(plot);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: el.clientWidth, height: options.height }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [...deps, theme]);
  return box;
}
