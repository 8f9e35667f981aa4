/**
 * The messages between the server's thread and the thread that owns the embedded database
 * (pglite-thread.ts and pglite-worker.ts). Values are structured-cloned; functions never cross, so a
 * query's own parsers are sent as the type ids to leave as text (Drizzle's only use of them).
 */
import { AppError } from '../lib/errors.js';
import type { ProcedureCall } from './procedures.js';

export interface QueryOpts {
  rowMode?: 'array' | 'object';
  /** Type ids whose values come back as the database's text (Drizzle's timestamps, dates, intervals). */
  raw?: number[];
}

export type Request =
  | { id: number; op: 'query'; tx?: number; sql: string; params: unknown[]; opts: QueryOpts }
  | { id: number; op: 'exec'; tx?: number; sql: string; opts: QueryOpts }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'procedure'; call: ProcedureCall }
  | { id: number; op: 'close' };

/** A request before its id is given. */
export type Outgoing = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** The worker's first message: migrated and ready, or why not. */
export type Ready = { ready: true } | { ready: false; error: WireError };

export interface WireError {
  message: string;
  name: string;
  /** An AppError (a refusal a procedure answers with): made again as one on the other side. */
  app?: { statusCode: number; code: string; fields?: Record<string, string>; retryAfterS?: number };
  stack?: string | undefined;
  /** The error's own fields (a database error's `code`, `constraint`, `detail`, …). */
  fields: Record<string, unknown>;
  cause?: WireError | undefined;
}

export function toWire(err: unknown, depth = 0): WireError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (k === 'cause') continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
    else if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) fields[k] = v;
  }
  const cause = (err as { cause?: unknown }).cause;
  return {
    message: err.message,
    name: err.name,
    ...(err instanceof AppError
      ? {
          app: {
            statusCode: err.statusCode,
            code: err.code,
            ...(err.fields ? { fields: { ...err.fields } } : {}),
            ...(err.retryAfterS !== undefined ? { retryAfterS: err.retryAfterS } : {}),
          },
        }
      : {}),
    stack: err.stack,
    fields,
    ...(cause !== undefined && depth < 4 ? { cause: toWire(cause, depth + 1) } : {}),
  };
}

export function fromWire(w: WireError): Error {
  if (w.app) return new AppError(w.app.statusCode, w.app.code, w.message, w.app.fields, w.app.retryAfterS);
  const err = new Error(w.message, w.cause ? { cause: fromWire(w.cause) } : undefined);
  Object.assign(err, w.fields);
  err.name = w.name;
  if (w.stack) err.stack = w.stack;
  return err;
}
