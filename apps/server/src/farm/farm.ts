/**
 * The production floor: printers and the plates of live orders, stored; the plan from the pure scheduler
 * (@printloop/farm); and the actions an operator confirms from a printer's card. An order goes to
 * `printing` when its first plate starts and to `packaging` when its last is printed, through the order
 * state machine (actor `system`). Test-mode orders never enter the farm.
 */
import type { FarmStateDto } from '@printloop/contracts';
import {
  type FarmPrinter,
  fits,
  HOUSE_VOLUME,
  leadTimeDaysOfNew,
  nextJobFor,
  type Plan,
  type PrinterStatus,
  type PrintJob,
  plan,
  platesFor,
  progress,
} from '@printloop/farm';
import { bedFootprint } from '@printloop/geometry';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { farmJobs, orderItems, orders, printers, printJobs } from '../db/schema.js';
import { AppError, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { applyAction } from '../orders/orders.js';

type PrinterRow = typeof printers.$inferSelect;

type FarmJobRow = typeof farmJobs.$inferSelect;

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/**
 * The copies of each plate of an item, laid out for the house printer; a part too big for it (it may
 * fit a larger printer) is one copy a plate.
 */
function plateCopies(size: { x: number; y: number; z: number }, quantity: number, secondsPerCopy: number) {
  const plates = platesFor({ size, quantity, secondsPerCopy }, HOUSE_VOLUME);
  return plates.length > 0 ? plates : Array.from({ length: quantity }, () => 1);
}

/** On first start (no printer at all), the fleet of FARM_PRINTERS. Safe to run from several processes. */
export async function seedFleet(app: FastifyInstance): Promise<number> {
  const db = app.database.db;
  const [any] = await db.select({ id: printers.id }).from(printers).limit(1);
  if (any) return 0;
  const rows = app.config.farmPrinters.map((p) => ({
    id: newId('prn'),
    name: p.name,
    model: p.model,
    volume: p.volume,
    material: p.material,
    color: p.color,
    status: 'idle',
  }));
  const made = await db.insert(printers).values(rows).onConflictDoNothing().returning({ id: printers.id });
  return made.length;
}

/**
 * Brings the farm's queue up to date with the orders: the plates of live orders that reached `queued`
 * (or `printing`) and have none yet, and cancelling the waiting plates of orders that are cancelled or
 * were moved past printing by hand. Idempotent,
 * and safe side by side (the plate index is unique).
 */
export async function syncQueue(db: Db): Promise<void> {
  const missing = await db
    .select({ id: orders.id, createdAt: orders.createdAt, shipping: orders.shipping })
    .from(orders)
    .where(
      and(
        eq(orders.livemode, true),
        inArray(orders.status, ['queued', 'printing']),
        sql`not exists (select 1 from ${farmJobs} where ${farmJobs.orderId} = ${orders.id})`,
      ),
    );
  if (missing.length > 0) {
    const lines = await db
      .select({ item: orderItems, analysis: printJobs.analysis })
      .from(orderItems)
      .leftJoin(printJobs, eq(printJobs.id, orderItems.jobId))
      .where(
        inArray(
          orderItems.orderId,
          missing.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position));
    const byOrder = new Map(missing.map((o) => [o.id, o]));
    const rows: (typeof farmJobs.$inferInsert)[] = [];
    for (const { item, analysis } of lines) {
      const order = byOrder.get(item.orderId)!;
      // Laid out and matched to printers as printed: turned, for a part that fits only turned.
      // (an analysis without its box, stored by an older release or damaged, falls back to the
      // item's own dimensions rather than failing the whole queue)
      const size = analysis?.bbox ? bedFootprint(analysis) : item.dimensions;
      const perCopy = Math.max(1, Math.round(item.estimate.print_time_s));
      // Plates are laid out for the house printer; a part too big for it is one copy a plate.
      plateCopies(size, item.quantity, perCopy).forEach((n, plate) => {
        rows.push({
          id: newId('fjb'),
          orderId: item.orderId,
          orderItemId: item.id,
          plate,
          attempt: 1,
          copies: n,
          material: item.parameters.filamentType,
          color: item.parameters.color ?? 'black',
          size,
          printSeconds: perCopy * n,
          express: order.shipping.service === 'express',
          queuedAt: order.createdAt,
          status: 'queued',
        });
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(farmJobs)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  }
  await db
    .update(farmJobs)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(
      and(
        eq(farmJobs.status, 'queued'),
        // Cancelled, or moved on by hand past printing: its waiting plates are not needed.
        sql`${farmJobs.orderId} in (select ${orders.id} from ${orders} where ${orders.status} not in ('queued', 'printing'))`,
      ),
    );
}

function toFarmPrinter(p: PrinterRow, running: Map<string, FarmJobRow>): FarmPrinter {
  const job = p.currentJobId ? running.get(p.currentJobId) : undefined;
  return {
    id: p.id,
    name: p.name,
    volume: p.volume,
    material: p.material,
    color: p.color,
    status: p.status as PrinterStatus,
    current: job?.startedAt
      ? { jobId: job.id, startedAt: job.startedAt.getTime(), printSeconds: job.printSeconds }
      : null,
  };
}

function toPrintJob(j: FarmJobRow): PrintJob {
  return {
    id: j.id,
    orderId: j.orderId,
    material: j.material,
    color: j.color,
    size: j.size,
    copies: j.copies,
    printSeconds: j.printSeconds,
    express: j.express,
    queuedAt: j.queuedAt.getTime(),
    attempt: j.attempt,
  };
}

export interface FarmSnapshot {
  printers: PrinterRow[];
  queued: FarmJobRow[];
  running: Map<string, FarmJobRow>;
  fleet: FarmPrinter[];
  plan: Plan;
}

/** The fleet, the queue and the plan, as they are now. */
export async function loadFarm(db: Db, now = Date.now()): Promise<FarmSnapshot> {
  await syncQueue(db);
  const [printerRows, jobRows] = await Promise.all([
    db.select().from(printers).orderBy(asc(printers.name)),
    db
      .select()
      .from(farmJobs)
      .where(inArray(farmJobs.status, ['queued', 'printing'])),
  ]);
  const running = new Map(jobRows.filter((j) => j.status === 'printing').map((j) => [j.id, j]));
  const queued = jobRows.filter((j) => j.status === 'queued');
  const fleet = printerRows.map((p) => toFarmPrinter(p, running));
  return { printers: printerRows, queued, running, fleet, plan: plan(fleet, queued.map(toPrintJob), now) };
}

/** What the operators' floor shows: printers with their prints, the planned queue, the capacity figures. */
export function farmStateDto(s: FarmSnapshot, now = Date.now(), queueLimit = 500): FarmStateDto {
  const iso = (t: number) => new Date(t).toISOString();
  const enabled = s.fleet.filter((p) => p.status === 'idle' || p.status === 'printing');
  const busy = s.fleet.filter((p) => p.status === 'printing').length;
  // In the scheduler's order (express, then oldest); plates no printer can take come last.
  const rank = new Map(s.plan.slots.map((slot, i) => [slot.jobId, i]));
  const at = (id: string) => rank.get(id) ?? Number.POSITIVE_INFINITY;
  const ranked = s.queued
    .map((j) => ({ j, slot: s.plan.byJob.get(j.id) }))
    .sort((a, b) => at(a.j.id) - at(b.j.id));
  return {
    printers: s.printers.map((p, i) => {
      const job = p.currentJobId ? s.running.get(p.currentJobId) : undefined;
      const run = s.fleet[i]!.current;
      const free = s.plan.freeAt.get(p.id);
      return {
        id: p.id,
        name: p.name,
        model: p.model,
        volume: p.volume,
        material: p.material,
        color: p.color,
        status: p.status as PrinterStatus,
        job:
          job && run
            ? {
                id: job.id,
                order_id: job.orderId,
                copies: job.copies,
                attempt: job.attempt,
                started_at: iso(run.startedAt),
                print_seconds: job.printSeconds,
                progress: Number(progress(run, now).fraction.toFixed(4)),
                remaining_seconds: progress(run, now).remainingSeconds,
              }
            : null,
        free_at: free === undefined ? null : iso(free),
      };
    }),
    queue: ranked.slice(0, queueLimit).map(({ j, slot }) => ({
      id: j.id,
      order_id: j.orderId,
      order_item_id: j.orderItemId,
      plate: j.plate,
      attempt: j.attempt,
      copies: j.copies,
      material: j.material,
      color: j.color,
      express: j.express,
      print_seconds: j.printSeconds,
      queued_at: j.queuedAt.toISOString(),
      planned: slot
        ? {
            printer_id: slot.printerId,
            start: iso(slot.start),
            end: iso(slot.end),
            change_seconds: slot.changeSeconds,
          }
        : null,
    })),
    capacity: {
      total_printers: s.fleet.length,
      active_printers: enabled.length,
      busy_printers: busy,
      current_capacity: enabled.length === 0 ? 0 : Number((busy / enabled.length).toFixed(4)),
      queued_jobs: s.queued.length,
      queued_orders: new Set(s.queued.map((j) => j.orderId)).size,
      estimated_completion: iso(s.plan.queueEmptyAt),
      unschedulable_jobs: s.plan.unschedulable.length,
    },
  };
}

/** Moves the order on through the state machine; a refusal because it already moved is not an error. */
async function moveOrder(app: FastifyInstance, orderId: string, action: 'start_printing' | 'pack') {
  try {
    await applyAction(app, { orderId, action, actor: 'system', actorId: null });
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 409)) throw err;
  }
}

async function lockPrinter(tx: Db, id: string): Promise<PrinterRow> {
  const [p] = await tx.select().from(printers).where(eq(printers.id, id)).for('update').limit(1);
  if (!p) throw notFound('Printer');
  return p;
}

/**
 * Starts a plate on an idle printer: the one given, or the first the plan gives this printer. Loading
 * another material or colour is part of starting (the printer then holds the job's).
 */
export async function startPrint(app: FastifyInstance, printerId: string, jobId?: string) {
  const snapshot = jobId ? null : await loadFarm(app.database.db);
  const chosen = jobId ?? (snapshot ? nextJobFor(snapshot.plan, printerId)?.jobId : undefined);
  if (!chosen) {
    const known = snapshot?.printers.some((p) => p.id === printerId);
    if (!known) throw notFound('Printer');
    throw conflict('Nothing in the queue is planned for this printer.');
  }
  const now = new Date();
  const started = await app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    const p = await lockPrinter(tx, printerId);
    if (p.status !== 'idle')
      throw conflict(`${p.name} is ${p.status}: only an idle printer can start a print.`);
    const [job] = await tx.select().from(farmJobs).where(eq(farmJobs.id, chosen)).for('update').limit(1);
    if (!job) throw notFound('Job');
    if (job.status !== 'queued') throw conflict('That plate is not waiting in the queue.');
    if (!fits(p.volume, job.size)) throw conflict(`That plate does not fit ${p.name}.`);
    await tx
      .update(farmJobs)
      .set({ status: 'printing', printerId: p.id, startedAt: now })
      .where(eq(farmJobs.id, job.id));
    await tx
      .update(printers)
      .set({
        status: 'printing',
        currentJobId: job.id,
        material: job.material,
        color: job.color,
        updatedAt: now,
      })
      .where(eq(printers.id, p.id));
    return job;
  });
  await moveOrder(app, started.orderId, 'start_printing');
  return started;
}

/** The running plate is done: the printer is free; the order goes to packaging when nothing is left. */
export async function finishPrint(app: FastifyInstance, printerId: string) {
  const now = new Date();
  const job = await app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    const p = await lockPrinter(tx, printerId);
    if (p.status !== 'printing' || !p.currentJobId) throw conflict(`${p.name} is not printing.`);
    const [j] = await tx
      .update(farmJobs)
      .set({ status: 'printed', finishedAt: now })
      .where(eq(farmJobs.id, p.currentJobId))
      .returning();
    await tx
      .update(printers)
      .set({ status: 'idle', currentJobId: null, updatedAt: now })
      .where(eq(printers.id, p.id));
    return j!;
  });
  const [left] = await app.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(farmJobs)
    .where(and(eq(farmJobs.orderId, job.orderId), inArray(farmJobs.status, ['queued', 'printing'])));
  if ((left?.n ?? 0) === 0) await moveOrder(app, job.orderId, 'pack');
  return job;
}

/** Ends a running plate as failed (or cut short): it is recorded, and a reprint joins the queue in its place. */
async function failRunning(tx: Db, p: PrinterRow, reason: string, now: Date, nextStatus: PrinterStatus) {
  if (!p.currentJobId) throw conflict(`${p.name} is not printing.`);
  const [failed] = await tx
    .update(farmJobs)
    .set({ status: 'failed', finishedAt: now, failureReason: reason })
    .where(eq(farmJobs.id, p.currentJobId))
    .returning();
  const reprint = {
    ...failed!,
    id: newId('fjb'),
    attempt: failed!.attempt + 1,
    status: 'queued',
    printerId: null,
    startedAt: null,
    finishedAt: null,
    failureReason: null,
    createdAt: now,
  };
  await tx.insert(farmJobs).values(reprint);
  await tx
    .update(printers)
    .set({ status: nextStatus, currentJobId: null, updatedAt: now })
    .where(eq(printers.id, p.id));
  return { failed: failed!, reprint };
}

export async function failPrint(app: FastifyInstance, printerId: string, reason: string) {
  const now = new Date();
  return app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    const p = await lockPrinter(tx, printerId);
    if (p.status !== 'printing') throw conflict(`${p.name} is not printing.`);
    return failRunning(tx, p, reason, now, 'idle');
  });
}

export async function addPrinter(
  db: Db,
  input: {
    name: string;
    model: string;
    volume?: { x: number; y: number; z: number };
    material: string;
    color: string;
  },
) {
  const [made] = await db
    .insert(printers)
    .values({
      id: newId('prn'),
      name: input.name,
      model: input.model,
      volume: input.volume ?? { ...HOUSE_VOLUME },
      material: input.material,
      color: input.color,
      status: 'idle',
    })
    .onConflictDoNothing()
    .returning();
  if (!made)
    throw new AppError(409, 'CONFLICT', `A printer is already called ${input.name}.`, { name: 'Taken' });
  return made;
}

/**
 * Changes a printer. Taking a printing printer out of service (maintenance, offline) cuts its print
 * short: it is recorded as failed and reprinted elsewhere. Its filament cannot change mid-print.
 */
export async function updatePrinter(
  app: FastifyInstance,
  id: string,
  patch: {
    name?: string | undefined;
    material?: string | undefined;
    color?: string | undefined;
    status?: 'idle' | 'maintenance' | 'offline' | undefined;
  },
) {
  const now = new Date();
  return app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    const p = await lockPrinter(tx, id);
    if (p.status === 'printing' && (patch.material || patch.color))
      throw conflict(`${p.name} is printing: change its filament after the print.`);
    if (p.status === 'printing' && patch.status === 'idle')
      throw conflict(`${p.name} is printing: finish or fail the print instead.`);
    if (p.status === 'printing' && patch.status) {
      await failRunning(tx, p, `Printer ${p.name} went ${patch.status} mid-print`, now, patch.status);
    }
    if (patch.name && patch.name !== p.name) {
      const [taken] = await tx
        .select({ id: printers.id })
        .from(printers)
        .where(eq(printers.name, patch.name));
      if (taken)
        throw new AppError(409, 'CONFLICT', `A printer is already called ${patch.name}.`, { name: 'Taken' });
    }
    const [updated] = await tx
      .update(printers)
      .set({
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.material ? { material: patch.material } : {}),
        ...(patch.color ? { color: patch.color } : {}),
        ...(patch.status && p.status !== 'printing' ? { status: patch.status } : {}),
        updatedAt: now,
      })
      .where(eq(printers.id, id))
      .returning();
    return updated!;
  });
}

/** New work to date: one order line, as a quote or checkout sees it before it is placed. */
export interface NewWork {
  size: { x: number; y: number; z: number };
  quantity: number;
  secondsPerCopy: number;
  material: string;
  color: string;
}

/**
 * Lead times from the live queue: business days until a new order of `work`, placed now, would be
 * dispatched, with the fleet and the queue as they are (re-read at most every 2 s, so a quote costs no
 * more than a plan). Null when no enabled printer could print it; the caller then keeps its fixed rule.
 */
export class LeadTimes {
  private snapshot: { at: number; farm: Promise<FarmSnapshot> } | null = null;

  constructor(private readonly db: () => Db) {}

  /** Forget the cached floor (after a change in this process). */
  invalidate() {
    this.snapshot = null;
  }

  private farm(now: number): Promise<FarmSnapshot> {
    if (!this.snapshot || now - this.snapshot.at > 2000) {
      const farm = loadFarm(this.db(), now);
      this.snapshot = { at: now, farm };
      farm.catch(() => {
        if (this.snapshot?.farm === farm) this.snapshot = null;
      });
    }
    return this.snapshot.farm;
  }

  async days(work: readonly NewWork[], express: boolean, now = Date.now()): Promise<number | null> {
    if (work.length === 0) return null;
    const farm = await this.farm(now);
    const added = work.flatMap((w) => {
      const perCopy = Math.max(1, Math.round(w.secondsPerCopy));
      return plateCopies(w.size, w.quantity, perCopy).map((n) => ({
        material: w.material,
        color: w.color,
        size: w.size,
        copies: n,
        printSeconds: perCopy * n,
        express,
      }));
    });
    return leadTimeDaysOfNew(farm.fleet, farm.queued.map(toPrintJob), added, now);
  }
}
