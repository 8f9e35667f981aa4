import { useEffect, useId, useRef, useState } from 'react';
import { type ChartGranularity, type ChartPoint, chartSeries, chartSummary, chartTableRows } from './format';

const CHART_HEIGHT = 176;

/**
 * A bar chart drawn by uPlot (imported on first use, in the browser only), with its figures as a
 * table in a <details> for screen readers and keyboards. With nothing to show it says so instead.
 */
export function BarChart({
  points,
  granularity,
  unit,
  valueHeading,
  periodHeading,
  empty,
  color,
}: {
  points: readonly ChartPoint[];
  granularity: ChartGranularity;
  /** What is counted, singular and plural (["order", "orders"]). */
  unit: readonly [string, string];
  valueHeading: string;
  periodHeading: string;
  empty: string;
  color: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const summaryId = useId();
  const total = points.reduce((s, p) => s + p.value, 0);
  const hasData = total > 0;
  // Redraw only when the figures change, not on every poll.
  const key = JSON.stringify(points);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `points`
  useEffect(() => {
    const el = box.current;
    if (!el || !hasData) return;
    let disposed = false;
    let chart: { setSize(s: { width: number; height: number }): void; destroy(): void } | null = null;
    let observer: ResizeObserver | null = null;
    const { labels, values } = chartSeries(points, granularity);
    import('./uplot-bars').then(
      ({ drawBars }) => {
        if (disposed) return;
        chart = drawBars(el, {
          width: Math.max(200, el.clientWidth),
          height: CHART_HEIGHT,
          labels,
          values,
          seriesLabel: valueHeading,
          color,
        });
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: Math.max(200, el.clientWidth), height: CHART_HEIGHT });
        });
        observer.observe(el);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [key, granularity, hasData, color, valueHeading]);

  const rows = chartTableRows(points, granularity);
  return (
    <figure className="m-0 min-w-0">
      {hasData ? (
        <>
          <div
            ref={box}
            role="img"
            aria-labelledby={summaryId}
            className="h-44 w-full min-w-0 overflow-hidden"
          />
          <p id={summaryId} className="mt-2 text-xs text-slate-600">
            {chartSummary(points, granularity, unit)}
            {failed ? ' The chart could not be drawn; the table below has its figures.' : ''}
          </p>
        </>
      ) : (
        <div className="flex h-44 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 text-center">
          <p className="text-sm font-medium text-slate-700">{empty}</p>
        </div>
      )}
      {rows.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600">
            Show the figures as a table
          </summary>
          <div className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-1.5 font-semibold">
                    {periodHeading}
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                    {valueHeading}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r) => (
                  <tr key={r.key}>
                    <th scope="row" className="px-3 py-1 font-normal text-slate-700">
                      {r.label}
                    </th>
                    <td className="px-3 py-1 text-right tabular-nums text-slate-900">{r.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
