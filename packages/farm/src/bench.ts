/**
 * `npm run bench:scheduler`: the cost of planning the farm, the figure the dashboard and every quote pay
 * when the queue or a printer changes. Issue goal: under 50 ms for 2,000 queued jobs on 24 printers.
 * A seeded random queue (materials, colours, express, sizes, 10 min to 20 h plates) on the default fleet
 * with a third of it printing; prints the median and worst of many runs.
 */
import { DEFAULT_FARM_PRINTERS, parseFleet } from './fleet.js';
import { leadTimeDaysOfNew } from './lead-time.js';
import { type FarmPrinter, orderCompletions, type PrintJob, plan } from './scheduler.js';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const now = Date.UTC(2026, 10, 23, 9);
const MATERIALS = ['PLA', 'PLA', 'PLA', 'PETG', 'ABS', 'TPU'];
const COLORS = ['black', 'white', 'grey', 'red', 'blue'];

function state(jobs: number, printers: string, seed = 1) {
  const r = rng(seed);
  const fleet: FarmPrinter[] = parseFleet(printers).map((p, i) => ({
    id: `prn_${i}`,
    name: p.name,
    volume: p.volume,
    material: MATERIALS[Math.floor(r() * MATERIALS.length)]!,
    color: COLORS[Math.floor(r() * COLORS.length)]!,
    status: i % 3 === 0 ? 'printing' : i % 11 === 5 ? 'maintenance' : 'idle',
    current:
      i % 3 === 0
        ? { jobId: `run_${i}`, startedAt: now - r() * 3600_000, printSeconds: 3600 + r() * 36_000 }
        : null,
  }));
  const queue: PrintJob[] = Array.from({ length: jobs }, (_, i) => {
    const side = 10 + r() * 150;
    return {
      id: `job_${i}`,
      orderId: `ord_${Math.floor(i / 3)}`,
      material: MATERIALS[Math.floor(r() * MATERIALS.length)]!,
      color: COLORS[Math.floor(r() * COLORS.length)]!,
      size: { x: side, y: side * (0.5 + r()), z: 5 + r() * 200 },
      copies: 1 + Math.floor(r() * 4),
      printSeconds: 600 + r() * 72_000,
      express: r() < 0.1,
      queuedAt: now - Math.floor(r() * 14 * 86_400_000),
      attempt: 1,
    };
  });
  return { fleet, queue };
}

function time(runs: number, fn: () => void) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)! };
}

const rows = [];
for (const [jobs, printers] of [
  [2000, DEFAULT_FARM_PRINTERS],
  [10_000, DEFAULT_FARM_PRINTERS],
  [2000, 'P001-P100'],
] as const) {
  const { fleet, queue } = state(jobs, printers);
  for (let i = 0; i < 5; i++) plan(fleet, queue, now); // warm up
  const planned = time(50, () => plan(fleet, queue, now));
  const whole = time(50, () => {
    const p = plan(fleet, queue, now);
    orderCompletions(p, fleet, queue);
  });
  const quote = time(50, () =>
    leadTimeDaysOfNew(
      fleet,
      queue,
      [
        {
          material: 'PLA',
          color: 'black',
          size: { x: 40, y: 40, z: 40 },
          copies: 1,
          printSeconds: 7200,
          express: false,
        },
      ],
      now,
    ),
  );
  const p = plan(fleet, queue, now);
  rows.push({
    jobs,
    printers: fleet.length,
    plan_median_ms: +planned.median.toFixed(2),
    plan_max_ms: +planned.max.toFixed(2),
    with_order_dates_median_ms: +whole.median.toFixed(2),
    quote_lead_time_median_ms: +quote.median.toFixed(2),
    unschedulable: p.unschedulable.length,
    queue_empties_in_h: +((p.queueEmptyAt - now) / 3600_000).toFixed(1),
    goal: jobs === 2000 && fleet.length === 24 ? (planned.max < 50 ? 'met (< 50 ms)' : 'MISSED') : '',
  });
}
console.table(rows);
