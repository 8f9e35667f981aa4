/**
 * The farm's scheduler: which printer prints which plate, and when every queued plate will be done.
 * Pure: the state comes in (printers, queued jobs, the time), the plan goes out. The server recomputes it
 * whenever the queue or a printer changes; the plan gives each queued job its start and end, each order its
 * completion, the quote its lead time and the dashboard its `estimatedCompletion`.
 *
 * The rules:
 * - A job goes only to a printer that is enabled (idle or printing) and that it fits, turned on the bed
 *   if need be. A printer whose loaded material or colour differs can take it, at the cost of a change.
 * - Express before standard, then oldest first (a reprint keeps the place of the print it replaces).
 * - In that order, each job goes to the printer where it would finish soonest (list scheduling), so a
 *   long queue spreads over the fleet and a material change is paid only when it is worth it.
 */

export type PrinterStatus = 'idle' | 'printing' | 'maintenance' | 'offline';
export const PRINTER_STATUSES: readonly PrinterStatus[] = ['idle', 'printing', 'maintenance', 'offline'];

/** Millimetres: a build volume, or a part's bounding box as it lies on the bed. */
export interface Box {
  x: number;
  y: number;
  z: number;
}

/** The print on a printer: started at `startedAt` (ms since the epoch), expected to take `printSeconds`. */
export interface RunningPrint {
  jobId: string;
  startedAt: number;
  printSeconds: number;
}

export interface FarmPrinter {
  id: string;
  name: string;
  volume: Box;
  material: string;
  color: string;
  status: PrinterStatus;
  current: RunningPrint | null;
}

/** One plate: `copies` copies of one order item, printed together. */
export interface PrintJob {
  id: string;
  orderId: string;
  material: string;
  color: string;
  /** One copy's bounding box. */
  size: Box;
  copies: number;
  /** The whole plate. */
  printSeconds: number;
  express: boolean;
  /** When the order joined the queue (ms since the epoch); a reprint keeps its print's. */
  queuedAt: number;
  /** 1 for the first print, 2 and more for reprints. */
  attempt: number;
}

export interface FarmRules {
  /** Unloading one filament and loading another, purging, first layer check. */
  materialChangeSeconds: number;
  /** Same material, another colour: a shorter purge. */
  colorChangeSeconds: number;
}

export const DEFAULT_FARM_RULES: Readonly<FarmRules> = Object.freeze({
  materialChangeSeconds: 20 * 60,
  colorChangeSeconds: 10 * 60,
});

export interface Slot {
  jobId: string;
  printerId: string;
  /** ms since the epoch. */
  start: number;
  end: number;
  /** Seconds spent changing filament before the print (0 when it is already loaded). */
  changeSeconds: number;
}

export interface Plan {
  now: number;
  /** Every schedulable queued job, in the order the rules rank them. */
  slots: Slot[];
  byJob: Map<string, Slot>;
  /** Jobs that no enabled printer can take (too big for every printer, or none enabled). */
  unschedulable: string[];
  /** When each printer is free again, once its running print and its planned jobs are done. */
  freeAt: Map<string, number>;
  /** When the current queue is empty (ms since the epoch); `now` when there is nothing to do. */
  queueEmptyAt: number;
}

export const isEnabled = (p: Pick<FarmPrinter, 'status'>) => p.status === 'idle' || p.status === 'printing';

/** Whether a part fits the build volume, as it is or turned a quarter on the bed. */
export function fits(volume: Box, size: Box): boolean {
  if (size.z > volume.z) return false;
  return (size.x <= volume.x && size.y <= volume.y) || (size.y <= volume.x && size.x <= volume.y);
}

/** Seconds to make a printer loaded with `loaded` ready for `job`. */
export function changeSeconds(
  loaded: { material: string; color: string },
  job: { material: string; color: string },
  rules: FarmRules = DEFAULT_FARM_RULES,
): number {
  if (loaded.material !== job.material) return rules.materialChangeSeconds;
  if (loaded.color !== job.color) return rules.colorChangeSeconds;
  return 0;
}

/** The queue's order: express first, then oldest, then by order and id so that the plan is deterministic. */
export function compareJobs(a: PrintJob, b: PrintJob): number {
  if (a.express !== b.express) return a.express ? -1 : 1;
  if (a.queuedAt !== b.queuedAt) return a.queuedAt - b.queuedAt;
  if (a.orderId !== b.orderId) return a.orderId < b.orderId ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** When a printer can start something new: now, or when its running print is expected to end. */
function availableAt(p: FarmPrinter, now: number): number {
  if (p.status !== 'printing' || !p.current) return now;
  return Math.max(now, p.current.startedAt + p.current.printSeconds * 1000);
}

/**
 * Plans the queue on the fleet. `jobs` are the queued (not yet started) jobs; running prints are on
 * their printers' `current`. O(jobs × printers): 2,000 jobs on 24 printers is 48,000 comparisons.
 */
export function plan(
  printers: readonly FarmPrinter[],
  jobs: readonly PrintJob[],
  now: number,
  rules: FarmRules = DEFAULT_FARM_RULES,
): Plan {
  const fleet = printers
    .filter(isEnabled)
    .slice()
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const free = fleet.map((p) => availableAt(p, now));
  const loadedMaterial = fleet.map((p) => p.material);
  const loadedColor = fleet.map((p) => p.color);
  const ranked = jobs.slice().sort(compareJobs);
  const slots: Slot[] = [];
  const byJob = new Map<string, Slot>();
  const unschedulable: string[] = [];
  let queueEmptyAt = now;
  for (const p of fleet) queueEmptyAt = Math.max(queueEmptyAt, availableAt(p, now));

  for (const job of ranked) {
    let best = -1;
    let bestEnd = Number.POSITIVE_INFINITY;
    let bestChange = 0;
    for (let i = 0; i < fleet.length; i++) {
      if (!fits(fleet[i]!.volume, job.size)) continue;
      const change = changeSeconds({ material: loadedMaterial[i]!, color: loadedColor[i]! }, job, rules);
      const end = free[i]! + (change + job.printSeconds) * 1000;
      // Ties go to the printer listed first (by name), so the plan does not depend on input order.
      if (end < bestEnd) {
        best = i;
        bestEnd = end;
        bestChange = change;
      }
    }
    if (best < 0) {
      unschedulable.push(job.id);
      continue;
    }
    const slot: Slot = {
      jobId: job.id,
      printerId: fleet[best]!.id,
      start: free[best]!,
      end: bestEnd,
      changeSeconds: bestChange,
    };
    free[best] = bestEnd;
    loadedMaterial[best] = job.material;
    loadedColor[best] = job.color;
    slots.push(slot);
    byJob.set(job.id, slot);
    if (bestEnd > queueEmptyAt) queueEmptyAt = bestEnd;
  }
  const freeAt = new Map(fleet.map((p, i) => [p.id, free[i]!] as const));
  return { now, slots, byJob, unschedulable, freeAt, queueEmptyAt };
}

/**
 * When each order's queued and running jobs are done, from a plan: the latest end among them. Orders
 * with a job no printer can take are left out (they have no date until the fleet changes).
 */
export function orderCompletions(
  p: Plan,
  printers: readonly FarmPrinter[],
  jobs: readonly Pick<PrintJob, 'id' | 'orderId'>[],
  running: ReadonlyMap<string, string> = new Map(),
): Map<string, number> {
  const out = new Map<string, number>();
  const blocked = new Set(p.unschedulable);
  const blockedOrders = new Set(jobs.filter((j) => blocked.has(j.id)).map((j) => j.orderId));
  const bump = (orderId: string, t: number) => {
    if (blockedOrders.has(orderId)) return;
    out.set(orderId, Math.max(out.get(orderId) ?? 0, t));
  };
  for (const j of jobs) {
    const slot = p.byJob.get(j.id);
    if (slot) bump(j.orderId, slot.end);
  }
  // Prints already running: `running` maps their job ids to orders.
  for (const printer of printers) {
    if (printer.status !== 'printing' || !printer.current) continue;
    const orderId = running.get(printer.current.jobId);
    if (orderId) bump(orderId, availableAt(printer, p.now));
  }
  return out;
}

/**
 * For an idle printer: the job it should start now, the first the plan gives it. Null when the plan gives
 * it nothing (the queue is empty, or every job it could take is better placed elsewhere).
 */
export function nextJobFor(p: Plan, printerId: string): Slot | null {
  let first: Slot | null = null;
  for (const s of p.slots) if (s.printerId === printerId && (!first || s.start < first.start)) first = s;
  return first;
}

/** A running print's progress: elapsed over estimated, between 0 and 1, and the seconds left. */
export function progress(run: RunningPrint, now: number): { fraction: number; remainingSeconds: number } {
  const elapsed = Math.max(0, (now - run.startedAt) / 1000);
  if (run.printSeconds <= 0) return { fraction: 1, remainingSeconds: 0 };
  const fraction = Math.min(1, elapsed / run.printSeconds);
  return { fraction, remainingSeconds: Math.max(0, Math.round(run.printSeconds - elapsed)) };
}

/**
 * A failed print, or one cut short by its printer going offline, goes back to the queue as a reprint:
 * a new job for the same plate, one attempt later, keeping its place in the queue.
 */
export function reprintOf(job: PrintJob, newId: string): PrintJob {
  return { ...job, id: newId, attempt: job.attempt + 1 };
}
