import { and, eq, inArray, lt, notExists, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events, orderItems, printJobs, products, quotes } from '../db/schema.js';
import { sweepIdempotencyKeys } from '../http/idempotency.js';
import type { StoredObject } from './storage.js';

export interface SweepOptions {
  /** Objects younger than this are left alone (an upload may be under way). */
  minAgeMs: number;
  /** Calculator uploads that were never saved in a quote are removed after this long. */
  unsavedJobTtlMs: number;
  /** Files uploaded through the API that nothing refers to are removed after this long. */
  apiFileTtlMs: number;
  now?: Date;
}

export interface SweepResult {
  scanned: number;
  /**
   * Objects with no job that owns them (a crash mid-upload or mid-analysis, a mesh of old units), and
   * thumbnails of quotes that are gone.
   */
  orphans: number;
  /** Jobs never saved in a quote, older than the retention, removed with their files. */
  unsavedJobs: number;
  /** Idempotency keys older than 24 hours. */
  idempotencyKeys: number;
  /** Events older than 30 days (with their deliveries). */
  events: number;
}

const EVENT_TTL_MS = 30 * 24 * 3_600_000;

const BATCH = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The job id in a key `models/{userId}/{jobId}/…`, or null for another layout. */
function jobIdOf(key: string): string | null {
  const parts = key.split('/');
  return parts.length >= 4 && parts[0] === 'models' && UUID.test(parts[2]!) ? parts[2]! : null;
}

/**
 * Removes stored objects that no job row owns, once they are older than `minAgeMs`: the upload whose
 * analysis was cut short by a crash (file stored, no row), the `.part` left by a crash mid-stream, a
 * mesh for units the job no longer uses. Then removes jobs that were never saved in a quote after
 * `unsavedJobTtlMs`, with their files, so they stop counting toward the user's quota.
 * Safe to run in several processes at once: every step is idempotent.
 */
export async function sweepStorage(app: FastifyInstance, opts: SweepOptions): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const cutoff = now.getTime() - opts.minAgeMs;
  const db = app.database.db;
  const result: SweepResult = { scanned: 0, orphans: 0, unsavedJobs: 0, idempotencyKeys: 0, events: 0 };

  const check = async (batch: StoredObject[]) => {
    const ids = [...new Set(batch.map((o) => jobIdOf(o.key)).filter((id): id is string => id !== null))];
    const keys = batch.map((o) => o.key);
    const owners = await db
      .select({ id: printJobs.id, filePath: printJobs.filePath, meshPath: printJobs.meshPath })
      .from(printJobs)
      .where(
        ids.length > 0
          ? or(
              inArray(printJobs.id, ids),
              inArray(printJobs.filePath, keys),
              inArray(printJobs.meshPath, keys),
            )
          : or(inArray(printJobs.filePath, keys), inArray(printJobs.meshPath, keys)),
      );
    const owned = new Set<string>();
    for (const o of owners) {
      owned.add(o.filePath);
      if (o.meshPath) owned.add(o.meshPath);
    }
    for (const o of batch) {
      if (owned.has(o.key) || o.lastModified.getTime() > cutoff) continue;
      await app.storage.delete(o.key);
      result.orphans++;
    }
  };

  let batch: StoredObject[] = [];
  for await (const o of app.storage.list('models/')) {
    result.scanned++;
    if (o.lastModified.getTime() > cutoff) continue;
    batch.push(o);
    if (batch.length >= BATCH) {
      await check(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await check(batch);

  // Thumbnails of saved quotes (`thumbnails/{userId}/{quoteId}.{ext}`) that no quote refers to any more:
  // a user removed with their quotes, or a crash between storing the image and recording it.
  const checkThumbnails = async (objects: StoredObject[]) => {
    const keys = objects.map((o) => o.key);
    const kept = await db
      .select({ path: quotes.thumbnailPath })
      .from(quotes)
      .where(inArray(quotes.thumbnailPath, keys));
    const owned = new Set(kept.map((k) => k.path));
    for (const o of objects) {
      if (owned.has(o.key)) continue;
      await app.storage.delete(o.key);
      result.orphans++;
    }
  };
  let thumbs: StoredObject[] = [];
  for await (const o of app.storage.list('thumbnails/')) {
    result.scanned++;
    if (o.lastModified.getTime() > cutoff) continue;
    thumbs.push(o);
    if (thumbs.length >= BATCH) {
      await checkThumbnails(thumbs);
      thumbs = [];
    }
  }
  if (thumbs.length > 0) await checkThumbnails(thumbs);

  // Uploads never saved in a quote, ordered or made a product: the row first (nothing can price it any
  // more), then its files.
  const expired = or(
    and(
      eq(printJobs.origin, 'calculator'),
      lt(printJobs.createdAt, new Date(now.getTime() - opts.unsavedJobTtlMs)),
    ),
    and(eq(printJobs.origin, 'api'), lt(printJobs.createdAt, new Date(now.getTime() - opts.apiFileTtlMs))),
  )!;
  const unreferenced = () => [
    notExists(db.select({ one: quotes.id }).from(quotes).where(eq(quotes.jobId, printJobs.id))),
    notExists(db.select({ one: orderItems.id }).from(orderItems).where(eq(orderItems.jobId, printJobs.id))),
    notExists(db.select({ one: products.id }).from(products).where(eq(products.jobId, printJobs.id))),
  ];
  for (;;) {
    const stale = await db
      .select({ id: printJobs.id, filePath: printJobs.filePath, meshPath: printJobs.meshPath })
      .from(printJobs)
      .where(and(expired, ...unreferenced()))
      .limit(BATCH);
    if (stale.length === 0) break;
    // Only rows still without a quote are removed (a quote may have been saved meanwhile).
    const removed = await db
      .delete(printJobs)
      .where(
        and(
          inArray(
            printJobs.id,
            stale.map((s) => s.id),
          ),
          ...unreferenced(),
        ),
      )
      .returning({ id: printJobs.id, filePath: printJobs.filePath, meshPath: printJobs.meshPath });
    for (const s of removed) {
      await app.storage.delete(s.filePath);
      if (s.meshPath) await app.storage.delete(s.meshPath);
      if (s.meshPath) app.models.forget(s.meshPath);
      result.unsavedJobs++;
    }
    if (stale.length < BATCH) break;
  }

  // Idempotency keys are kept 24 hours (API.md §3); after that the key is free again.
  result.idempotencyKeys = await sweepIdempotencyKeys(db, now);

  // Events are kept 30 days (API.md §1), with their deliveries and attempts.
  const oldEvents = await db
    .delete(events)
    .where(lt(events.createdAt, new Date(now.getTime() - EVENT_TTL_MS)))
    .returning({ id: events.id });
  result.events = oldEvents.length;
  return result;
}

/**
 * Sweep now and then periodically, one sweep at a time; failures are logged, never thrown. Returns a
 * function that stops the schedule.
 */
export function scheduleSweeps(
  app: FastifyInstance,
  opts: SweepOptions & { intervalMs: number },
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const r = await sweepStorage(app, { ...opts, now: new Date() });
      if (r.orphans > 0 || r.unsavedJobs > 0 || r.idempotencyKeys > 0 || r.events > 0)
        app.log.info(r, 'storage swept');
    } catch (err) {
      app.log.warn({ err }, 'storage sweep failed; it will run again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), opts.intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
