/**
 * Pure wording for the production dashboard: durations, money, percentages, the filter's query and
 * the export link, and chart series as table rows. Every figure comes from the API; this only words it.
 */
import {
  type DashboardQuery,
  type FarmStateDto,
  ORDER_STATUSES,
  type OrderStatus,
  type PrinterDto,
  type Stage,
  type StageTiming,
} from '@printloop/contracts';
import { formatGBP } from '@printloop/quote';

export { formatGBP };

/*
 * The contract's constants, restated here and checked against its types: importing the values from
 * `@printloop/contracts/dashboard` would pull its zod schemas into the page's bundle (and into chunks
 * shared with lighter pages).
 */
type Priority = NonNullable<DashboardQuery['priority']>;
/** SPEC.md's priorities: express shipping is high. */
export const DASHBOARD_PRIORITIES = ['high', 'normal'] as const satisfies readonly Priority[];
/** SPEC.md's stage targets (minutes); the server sends each stage's target with its figures. */
export const STAGE_TARGETS = {
  order_to_print: 30,
  print_to_package: 60,
  package_to_ship: 30,
  total: 120,
} as const satisfies Record<Stage, number>;
export const STAGES = Object.keys(STAGE_TARGETS) as Stage[];
/** The filaments a printer can hold (contracts' FARM_MATERIALS). */
export const FARM_MATERIALS = ['PLA', 'ABS', 'PETG', 'TPU'] as const;

/** What the filter holds (the URL's search parameters). */
export interface DashboardFilters {
  status?: OrderStatus | undefined;
  priority?: Priority | undefined;
  q?: string | undefined;
}

/** The statuses the table's filter offers (the active ones, in production order, then the rest). */
export const FILTER_STATUSES: readonly OrderStatus[] = [
  'awaiting_payment',
  'queued',
  'printing',
  'packaging',
  'shipped',
  'delivered',
  'cancelled',
];

/** Reads the filter from search parameters, dropping anything the contract would refuse. */
export function filtersFromParams(params: URLSearchParams): DashboardFilters {
  const status = params.get('status');
  const priority = params.get('priority');
  const q = params.get('q')?.trim().slice(0, 100);
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as OrderStatus)
      : undefined,
    priority: (DASHBOARD_PRIORITIES as readonly string[]).includes(priority ?? '')
      ? (priority as DashboardFilters['priority'])
      : undefined,
    q: q ? q : undefined,
  };
}

/** `?status=…&priority=…&q=…&cursor=…&limit=…` for the contract's query (defined values only). */
export function dashboardQueryString(query: Partial<DashboardQuery>): string {
  const p = new URLSearchParams();
  if (query.status) p.set('status', query.status);
  if (query.priority) p.set('priority', query.priority);
  const q = query.q?.trim();
  if (q) p.set('q', q);
  if (query.cursor) p.set('cursor', query.cursor);
  if (query.limit !== undefined) p.set('limit', String(query.limit));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const DASHBOARD_PATH = '/api/dashboard';
export const EXPORT_PATH = '/api/dashboard/orders.csv';

/** The 'Export Report' link: the CSV of the rows the filter selects (no cursor, no page size). */
export function exportHref(filters: DashboardFilters): string {
  return `${EXPORT_PATH}${dashboardQueryString({ status: filters.status, priority: filters.priority, q: filters.q })}`;
}

/** "45 min", "2 h 15 min", "1 d 3 h"; under a minute reads "under 1 min"; null (not planned) "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s === 0) return '0 min';
  if (s < 60) return 'under 1 min';
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h ? `${days} d ${h} h` : `${days} d`;
}

/** A stage's minutes ("32 min", "2 h 5 min"), or "—" without data. */
export function formatMinutes(minutes: number | null): string {
  return minutes === null ? '—' : formatDuration(minutes * 60);
}

/** A 0..1 share as a whole percentage, clamped ("85%"). */
export function percent(share: number): number {
  if (!Number.isFinite(share)) return 0;
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const timeWithSecondsFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});
const dayTimeFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const createdFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Europe/London',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "14:05:09" (UK time), for the live note. */
export function formatClock(iso: string): string {
  return timeWithSecondsFormat.format(new Date(iso));
}

/** "14 Jul, 09:30" (UK time), the table's created column. */
export function formatCreated(iso: string): string {
  return createdFormat.format(new Date(iso));
}

/**
 * When the queue is empty, against the time the figures were made: "Queue is clear" when it already
 * is, else the duration and the clock time ("2 h 15 min (16:45)"; another day adds the day).
 */
export function completionText(estimatedIso: string, nowIso: string): string {
  const end = Date.parse(estimatedIso);
  const now = Date.parse(nowIso);
  if (!Number.isFinite(end) || !Number.isFinite(now) || end <= now) return 'Queue is clear';
  const sameDay = dayFormat.format(new Date(end)) === dayFormat.format(new Date(now));
  const at = sameDay ? timeFormat.format(new Date(end)) : dayTimeFormat.format(new Date(end));
  return `${formatDuration((end - now) / 1000)} (${at})`;
}

/** "Ready to ship in 3 working days". */
export function leadTimeText(days: number | null): string {
  if (days === null) return 'Not known yet';
  if (days <= 0) return 'Ready to ship today';
  return `Ready to ship in ${days} working ${days === 1 ? 'day' : 'days'}`;
}

export const STAGE_LABELS: Record<Stage, string> = {
  order_to_print: 'Order to print',
  print_to_package: 'Print to package',
  package_to_ship: 'Package to ship',
  total: 'Total',
};

/** "Ahead of target by 4 min" / "Behind target by 12 min" / "No orders measured yet". */
export function stageVerdictText(t: StageTiming): string {
  if (t.verdict === 'no_data' || t.median_minutes === null) return 'No orders measured in the last 7 days';
  const diff = Math.abs(t.target_minutes - t.median_minutes);
  if (diff < 1) return t.verdict === 'ahead' ? 'On target' : 'Just behind target';
  return `${t.verdict === 'ahead' ? 'Ahead of' : 'Behind'} target by ${formatMinutes(diff)}`;
}

// ---------------------------------------------------------------------------------------------
// Charts

export type ChartGranularity = 'hour' | 'day' | 'month';

export interface ChartPoint {
  t: string;
  value: number;
}

/** A point's label on its axis and in the table: "14:00", "3 Jul", "Jul 2025". */
export function pointLabel(t: string, granularity: ChartGranularity): string {
  const d = new Date(t);
  if (granularity === 'hour') return timeFormat.format(d);
  if (granularity === 'day') return dayFormat.format(d);
  return monthFormat.format(d);
}

/** The accessible table of a series: one row per point, oldest first. */
export function chartTableRows(points: readonly ChartPoint[], granularity: ChartGranularity) {
  return points.map((p) => ({ key: p.t, label: pointLabel(p.t, granularity), value: p.value }));
}

/** A bar chart's series: a label per bar and its value, oldest first. */
export function chartSeries(points: readonly ChartPoint[], granularity: ChartGranularity) {
  return { labels: points.map((p) => pointLabel(p.t, granularity)), values: points.map((p) => p.value) };
}

/** One sentence for a chart's accessible name: its total and its busiest point. `unit`: [one, many]. */
export function chartSummary(
  points: readonly ChartPoint[],
  granularity: ChartGranularity,
  unit: readonly [string, string],
): string {
  const total = points.reduce((s, p) => s + p.value, 0);
  if (points.length === 0 || total === 0) return `No ${unit[1]} in this period.`;
  let peak = points[0]!;
  for (const p of points) if (p.value > peak.value) peak = p;
  return `${total} ${total === 1 ? unit[0] : unit[1]} in all; the most, ${peak.value}, at ${pointLabel(peak.t, granularity)}.`;
}

// ---------------------------------------------------------------------------------------------
// Printers

export const PRINTER_STATUS_LABELS: Record<PrinterDto['status'], string> = {
  idle: 'Idle',
  printing: 'Printing',
  maintenance: 'Maintenance',
  offline: 'Offline',
};

/** The first plate the plan gives this printer (earliest planned start), if any. */
export function nextPlannedJob(queue: FarmStateDto['queue'], printerId: string) {
  let best: FarmStateDto['queue'][number] | undefined;
  for (const j of queue) {
    if (j.planned?.printer_id !== printerId) continue;
    if (!best || Date.parse(j.planned.start) < Date.parse(best.planned!.start)) best = j;
  }
  return best;
}

export type PrinterAction = 'start' | 'finish' | 'fail' | 'maintenance' | 'offline' | 'idle';

/** The actions a printer's card offers in its state (the server checks them again). */
export function printerActions(status: PrinterDto['status']): PrinterAction[] {
  switch (status) {
    case 'idle':
      return ['start', 'maintenance', 'offline'];
    case 'printing':
      return ['finish', 'fail'];
    case 'maintenance':
      return ['idle', 'offline'];
    case 'offline':
      return ['idle', 'maintenance'];
  }
}

export const PRINTER_ACTION_LABELS: Record<PrinterAction, string> = {
  start: 'Start next',
  finish: 'Finished',
  fail: 'Failed',
  maintenance: 'Maintenance',
  offline: 'Offline',
  idle: 'Back in service',
};
