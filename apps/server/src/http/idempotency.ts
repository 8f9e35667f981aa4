import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { ProcedureCall } from '../db/procedures.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError, badRequest } from '../lib/errors.js';

/** How long a key is kept, and how long a first request may hold it before a retry may take over. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const STALE_LOCK_MS = 60_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface IdempotencyScope {
  userId: string;
  livemode: boolean;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A stable fingerprint of a request: its method, path and body (keys sorted, so order does not matter). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  const hash = createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('base64url');
  return `${method} ${path} ${hash}`.slice(0, 128);
}

export function checkIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (
    typeof raw !== 'string' ||
    raw.length === 0 ||
    raw.length > MAX_IDEMPOTENCY_KEY_LENGTH ||
    !/^[\x21-\x7e]+$/.test(raw)
  ) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable characters.`, {
      'Idempotency-Key': 'Invalid idempotency key',
    });
  }
  return raw;
}

/**
 * Runs the writes of a request in one transaction, storing the request's idempotency key and response
 * in that same transaction. Reads and computations belong before it (on PGlite, a query outside the
 * open transaction would wait for it to end).
 */
export interface Commit {
  (writes: (tx: Db) => Promise<StoredResponse>): Promise<StoredResponse>;
  /**
   * The same with the writes done by a procedure (db/procedures.ts): on the embedded database, the whole
   * transaction runs on the database's thread in one trip.
   */
  procedure(call: ProcedureCall): Promise<StoredResponse>;
}

/** A request's key, marked done with its response in the transaction of its writes. */
export interface IdempotencyFinish extends IdempotencyScope {
  key: string;
}

export async function finishIdempotencyKey(tx: Db, k: IdempotencyFinish, r: StoredResponse) {
  await tx
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: r.status, responseBody: r.body })
    .where(
      and(
        eq(idempotencyKeys.userId, k.userId),
        eq(idempotencyKeys.livemode, k.livemode),
        eq(idempotencyKeys.key, k.key),
      ),
    );
}

/**
 * Run `work` at most once per idempotency key (API.md §3): the same key with the same request returns
 * the first response again (`replayed`), with another request is a 422 IDEMPOTENCY_KEY_REUSED, and while
 * the first is still running a 409 IDEMPOTENCY_KEY_IN_USE. `work` does its reads, then its writes through
 * `commit`: the key and its response are stored in the same transaction as the writes, so they hold
 * across processes and restarts. A request refused with a 4xx stores that answer too; a failure on our
 * side (5xx) frees the key for a retry. Without a key, `commit` is a plain transaction.
 */
export async function withIdempotency(
  app: FastifyInstance,
  scope: IdempotencyScope,
  key: string | undefined,
  fingerprint: string,
  work: (commit: Commit) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const db = app.database.db;
  if (key === undefined) {
    const plain: Commit = Object.assign(
      (writes: (tx: Db) => Promise<StoredResponse>) => db.transaction((tx) => writes(tx as Db)),
      { procedure: (call: ProcedureCall) => app.database.procedure(call) },
    );
    return { ...(await work(plain)), replayed: false };
  }

  const where = and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.livemode, scope.livemode),
    eq(idempotencyKeys.key, key),
  );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: scope.userId, livemode: scope.livemode, key, fingerprint, state: 'running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!row)
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        'A request with this idempotency key is in progress. Retry shortly.',
        undefined,
        1,
      );
    const expired = Date.now() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS;
    if (expired) {
      // Older than a day: the key is free again (the sweeper removes such rows).
      await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, row.createdAt)));
      return withIdempotency(app, scope, key, fingerprint, work);
    }
    const stale = Date.now() - row.lockedAt.getTime() > STALE_LOCK_MS;
    if (row.state === 'running' && !stale) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        'A request with this idempotency key is still in progress. Retry shortly.',
        undefined,
        1,
      );
    }
    if (row.fingerprint !== fingerprint) {
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for a different request. Use a new key for a new request.',
      );
    }
    if (row.state === 'done') {
      return { status: row.responseStatus ?? 200, body: row.responseBody, replayed: true };
    }
    // Still running: unless the first request died holding it, the caller must wait.
    const taken =
      Date.now() - row.lockedAt.getTime() > STALE_LOCK_MS
        ? await db
            .update(idempotencyKeys)
            .set({ lockedAt: sql`now()` })
            .where(
              and(
                where,
                eq(idempotencyKeys.state, 'running'),
                lt(idempotencyKeys.lockedAt, new Date(Date.now() - STALE_LOCK_MS)),
              ),
            )
            .returning({ key: idempotencyKeys.key })
        : [];
    if (taken.length === 0) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        'A request with this idempotency key is still in progress. Retry shortly.',
        undefined,
        1,
      );
    }
  }

  const finish: IdempotencyFinish = { ...scope, key };
  const commit: Commit = Object.assign(
    (writes: (tx: Db) => Promise<StoredResponse>) =>
      db.transaction(async (tx) => {
        const r = await writes(tx as Db);
        await finishIdempotencyKey(tx as Db, finish, r);
        return r;
      }),
    { procedure: (call: ProcedureCall) => app.database.procedure({ ...call, idempotency: finish }) },
  );
  try {
    return { ...(await work(commit)), replayed: false };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      const body = {
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      };
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: err.statusCode, responseBody: body })
        .where(where)
        .catch(() => {});
    } else {
      await db
        .delete(idempotencyKeys)
        .where(and(where, eq(idempotencyKeys.state, 'running')))
        .catch(() => {});
    }
    throw err;
  }
}

/** Remove keys older than a day. */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
