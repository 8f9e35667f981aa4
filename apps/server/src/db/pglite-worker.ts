/**
 * The thread that owns the embedded database (PGlite): it opens it, applies the migrations, and runs
 * what the server's thread sends (pglite-thread.ts): statements, transactions a statement at a time, and
 * procedures (db/procedures.ts), whole transactions run here in one trip. Only message wiring lives here.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from './client.js';
import { PreparedStatements } from './pglite-statements.js';
import { type QueryOpts, type Ready, type Reply, type Request, toWire } from './pglite-wire.js';
import { runProcedure } from './procedures.js';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

const keepText = (value: unknown) => value;
function queryOptions(opts: QueryOpts): QueryOptions {
  return {
    ...(opts.rowMode ? { rowMode: opts.rowMode } : {}),
    ...(opts.raw ? { parsers: Object.fromEntries(opts.raw.map((oid) => [oid, keepText])) } : {}),
  };
}

interface OpenTx {
  tx: Transaction;
  end(commit: boolean): void;
  /** Settles when the transaction has committed or rolled back (rejects with COMMIT's error). */
  done: Promise<void>;
}

async function main() {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  const client = new PreparedStatements(pg);
  // Without the schema's relational query builders: procedures use the query builder only, and Drizzle
  // would make a builder per table for every transaction.
  const db = drizzle(client as unknown as PGlite) as unknown as Db;
  await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });

  const open = new Map<number, OpenTx>();
  let nextTx = 0;
  const ROLLBACK = Symbol('rollback');

  const begin = () =>
    new Promise<number>((started, failed) => {
      const id = ++nextTx;
      let end!: (commit: boolean) => void;
      const done = client
        .transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              end = (commit) => (commit ? resolve() : reject(ROLLBACK));
              open.set(id, { tx, end, done });
              started(id);
            }),
        )
        .catch((err) => {
          if (err !== ROLLBACK) throw err;
        })
        .finally(() => open.delete(id));
      done.catch(failed);
    });

  const txOf = (id: number) => {
    const t = open.get(id);
    if (!t) throw new Error('The transaction is no longer open.');
    return t;
  };

  async function handle(req: Request): Promise<unknown> {
    switch (req.op) {
      case 'query': {
        const on = req.tx ? txOf(req.tx).tx : client;
        return on.query(req.sql, req.params, queryOptions(req.opts));
      }
      case 'exec': {
        const on = req.tx ? txOf(req.tx).tx : client;
        return on.exec(req.sql, queryOptions(req.opts));
      }
      case 'begin':
        return begin();
      case 'commit':
      case 'rollback': {
        const t = txOf(req.tx);
        t.end(req.op === 'commit');
        await t.done;
        return null;
      }
      case 'procedure':
        return runProcedure(db, req.call);
      case 'close':
        await pg.close();
        return null;
    }
  }

  port.on('message', (req: Request) => {
    handle(req).then(
      (value) => {
        port.postMessage({ id: req.id, ok: true, value } satisfies Reply);
        if (req.op === 'close') port.close();
      },
      (err: unknown) => port.postMessage({ id: req.id, ok: false, error: toWire(err) } satisfies Reply),
    );
  });
  port.postMessage({ ready: true } satisfies Ready);
}

main().catch((err: unknown) => {
  port.postMessage({ ready: false, error: toWire(err) } satisfies Ready);
  port.close();
});
