/**
 * uPlot, loaded only by the dashboard's charts (a dynamic import: not in the prerendered HTML, not in
 * other pages' bundles). Draws one bar series into an element; the caller owns resizing and disposal.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarsOptions {
  width: number;
  height: number;
  /** One label per bar (the x axis is the bars' index). */
  labels: readonly string[];
  values: readonly number[];
  seriesLabel: string;
  color: string;
}

export function drawBars(el: HTMLElement, o: BarsOptions): uPlot {
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
  return new uPlot(
    {
      width: o.width,
      height: o.height,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: { time: false, range: () => [-0.5, o.labels.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
      },
      axes: [
        {
          stroke: '#475569',
          grid: { show: false },
          incrs: [1, 2, 3, 4, 6, 12],
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (o.labels[i] ?? '') : '')),
          space: 48,
        },
        {
          stroke: '#475569',
          grid: { stroke: '#e2e8f0' },
          size: 40,
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        },
      ],
      series: [
        {},
        {
          label: o.seriesLabel,
          stroke: o.color,
          fill: o.color,
          width: 0,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
      ],
    },
    [o.labels.map((_l, i) => i), [...o.values]],
    el,
  );
}
