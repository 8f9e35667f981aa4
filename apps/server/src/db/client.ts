import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { PreparedStatements } from './pglite-statements.js';
import { PgliteThread } from './pglite-thread.js';
import { type ProcedureCall, type ProcedureResult, runProcedure } from './procedures.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database, the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Run a write transaction named in db/procedures.ts where the database is (see there). */
  procedure(call: ProcedureCall): Promise<ProcedureResult>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where the database reports problems that happen outside any query (an idle connection dropped). */
export interface DatabaseLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL error classes and socket errors that mean "the database is not reachable right now"
 * (a restart, a failover, a terminated backend), as opposed to a bad query. A request that fails with
 * one of these is answered 503 with Retry-After, and the next request gets a fresh connection.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (the server is restarting, or pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** The unique constraint that refused a write (e.g. two requests raced for one SKU), or null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: unknown };
    if (x.code === '23505') return typeof x.constraint === 'string' ? x.constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down)/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface OpenOptions {
  log?: DatabaseLogger;
  /** How long start-up waits for an unreachable PostgreSQL before giving up (default 60 s). */
  startupWaitMs?: number;
  /**
   * Where the embedded database runs: in a thread of its own (the default; pglite-thread.ts), or in the
   * caller's thread (the unit tests, which run the sources, and the command-line tools).
   */
  pgliteThread?: 'worker' | 'inline';
  /** The built worker file (tests of the thread itself). */
  pgliteWorkerFile?: string;
}

/** Open the database named by the config and apply the committed migrations. */
export async function openDatabase(config: Config['database'], opts: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolMax ?? 10,
      // A dead server must not hang requests: connecting gives up after 5 s (the request gets a 503).
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle client whose backend dies (a restart, pg_terminate_backend) emits 'error' on the pool.
    // Unhandled, that event kills the process; handled, the pool drops the client and makes a new one
    // on the next checkout.
    const lost = (err: Error) =>
      opts.log?.warn({ code: (err as { code?: string }).code, msg: err.message }, 'database connection lost');
    pool.on('error', lost);
    // A client checked out for a transaction has no pool listener: between two of its queries, a
    // terminated backend makes the client itself emit 'error'. Its next query then fails (and the
    // request gets a 503) instead of the event killing the process.
    pool.on('connect', (client) => {
      client.on('error', lost);
    });
    const db = drizzlePg(pool, { schema });
    const deadline = Date.now() + (opts.startupWaitMs ?? 60_000);
    for (let attempt = 1; ; attempt++) {
      try {
        await migratePg(db, { migrationsFolder });
        break;
      } catch (err) {
        if (!isDatabaseUnavailable(err) || Date.now() > deadline) {
          await pool.end().catch(() => {});
          throw err;
        }
        opts.log?.warn({ attempt, msg: (err as Error).message }, 'database not reachable yet; retrying');
        await sleep(Math.min(5_000, 250 * 2 ** Math.min(attempt, 5)));
      }
    }
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      procedure: (call) => runProcedure(db as unknown as Db, call),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (opts.pgliteThread !== 'inline') {
    const thread = await PgliteThread.start({
      dataDir: config.dataDir,
      ...(opts.pgliteWorkerFile ? { workerFile: opts.pgliteWorkerFile } : {}),
      onStopped: (reason, restarting) =>
        opts.log?.warn(
          { msg: reason.message, restarting },
          restarting
            ? 'embedded database thread died; starting a new one on the same data'
            : 'embedded database thread died; the database stays closed',
        ),
    });
    const db = drizzlePglite(thread as unknown as PGlite, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      procedure: (call) => thread.procedure(call),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => thread.close(),
    };
  }
  if (config.dataDir) await mkdir(config.dataDir, { recursive: true });
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  // Drizzle's pglite driver over PGlite with its statements kept prepared (pglite-statements.ts).
  const db = drizzlePglite(new PreparedStatements(client) as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    procedure: (call) => runProcedure(db as unknown as Db, call),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
