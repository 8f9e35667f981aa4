import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { PgliteClient } from './pglite-statements.js';
import {
  fromWire,
  type Outgoing,
  type QueryOpts,
  type Ready,
  type Reply,
  type Request,
} from './pglite-wire.js';
import type { ProcedureCall, ProcedureResult } from './procedures.js';

/**
 * The embedded database (PGlite) in a thread of its own (pglite-worker.ts), so that its work (Postgres
 * compiled to WASM, every statement and commit) runs beside the server's thread instead of on it
 * (docs/decisions/0009-pglite-thread.md). `PgliteThread` is the part of PGlite's API that Drizzle's
 * `pglite` driver calls, sent to that thread: statements, and transactions a statement at a time (the
 * thread holds the transaction open, and other statements wait for it, as PGlite does). A procedure
 * (db/procedures.ts) is a whole transaction run there in one trip, so a hot write holds the database only
 * as long as its statements take, whatever the server's thread is doing meanwhile.
 *
 * If the thread dies (a crash in the WASM Postgres, an out-of-memory), what it was running fails and a
 * new thread is started on the same data folder (Postgres recovers what was committed); statements sent
 * meanwhile wait for it. At most RESTARTS_PER_MINUTE restarts a minute, and never for a database in
 * memory (its data died with the thread): then it stays closed and every statement fails.
 */
export class PgliteThread implements PgliteClient {
  #worker!: Worker;
  readonly #opts: StartOptions;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  #next = 0;
  #closed: Error | null = null;
  #closing = false;
  #restarting: Promise<void> | null = null;
  readonly #restarts: number[] = [];
  #exited!: Promise<void>;

  private constructor(worker: Worker, opts: StartOptions) {
    this.#opts = opts;
    this.#attach(worker);
  }

  #attach(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: Reply) => {
      const p = this.#pending.get(reply.id);
      if (!p) return;
      this.#pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(fromWire(reply.error));
    });
    let stopped = false;
    const stop = (why: Error) => {
      if (stopped) return;
      stopped = true;
      for (const p of this.#pending.values()) p.reject(why);
      this.#pending.clear();
      if (this.#closing || this.#closed) this.#closed ??= why;
      else this.#restart(why);
    };
    worker.on('error', (err) => stop(new Error(`The embedded database stopped: ${err.message}`)));
    worker.once('exit', () => stop(new Error('The embedded database is closed.')));
  }

  /** A new thread on the same data folder, after this one died (see the class's comment). */
  #restart(why: Error) {
    const now = Date.now();
    while (this.#restarts.length > 0 && now - (this.#restarts[0] as number) > 60_000) this.#restarts.shift();
    if (this.#opts.dataDir === null || this.#restarts.length >= RESTARTS_PER_MINUTE) {
      this.#closed = why;
      this.#opts.onStopped?.(why, false);
      return;
    }
    this.#restarts.push(now);
    this.#opts.onStopped?.(why, true);
    this.#restarting = startWorker(this.#opts).then(
      (worker) => {
        this.#restarting = null;
        if (this.#closing) {
          this.#closed = new Error('The embedded database is closed.');
          void worker.terminate();
        } else this.#attach(worker);
      },
      (err: unknown) => {
        this.#restarting = null;
        this.#closed = err instanceof Error ? err : why;
        this.#opts.onStopped?.(this.#closed, false);
      },
    );
  }

  /** Start the thread on `dataDir` (in memory when null); resolves once it is migrated and ready. */
  static async start(opts: StartOptions): Promise<PgliteThread> {
    return new PgliteThread(await startWorker(opts), opts);
  }

  async #call(req: Outgoing): Promise<unknown> {
    if (this.#restarting) await this.#restarting;
    if (this.#closed) throw this.#closed;
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...req, id } as Request);
    });
  }

  query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', sql: query, params, opts: wireOptions(options) }) as Promise<Results<T>>;
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call({ op: 'exec', sql: query, opts: wireOptions(options) }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(query: string, params: unknown[] = [], options?: QueryOptions) => {
        open();
        return (await this.#call({
          op: 'query',
          tx: id,
          sql: query,
          params,
          opts: wireOptions(options),
        })) as Results<R>;
      },
      sql: async <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
        open();
        let text = strings[0] ?? '';
        for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
        return (await this.#call({ op: 'query', tx: id, sql: text, params, opts: {} })) as Results<R>;
      },
      exec: async (query: string, options?: QueryOptions) => {
        open();
        return (await this.#call({
          op: 'exec',
          tx: id,
          sql: query,
          opts: wireOptions(options),
        })) as Results[];
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'rollback', tx: id });
      },
      listen: async () => {
        throw new Error('LISTEN is not supported here');
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await this.#call({ op: 'commit', tx: id });
      }
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'rollback', tx: id }).catch(() => {});
      }
      throw err;
    }
  }

  /** Run a procedure (db/procedures.ts) in one transaction on the database's thread. */
  procedure(call: ProcedureCall): Promise<ProcedureResult> {
    return this.#call({ op: 'procedure', call }) as Promise<ProcedureResult>;
  }

  /** Close the database (after the statements already sent) and end the thread. */
  async close(): Promise<void> {
    this.#closing = true;
    if (this.#restarting) await this.#restarting;
    if (!this.#closed) {
      await this.#call({ op: 'close' }).catch(() => {});
      this.#closed = new Error('The embedded database is closed.');
    }
    await this.#exited;
  }
}

function wireOptions(options?: QueryOptions): QueryOpts {
  const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  if (options?.serializers || options?.blob) {
    throw new Error('Custom serializers and blobs are not supported on the embedded database thread.');
  }
  return { ...(options?.rowMode ? { rowMode: options.rowMode } : {}), ...(raw ? { raw } : {}) };
}

/** The built worker beside this file; from the sources (tests), the built one in dist/. */
function defaultWorkerFile(): string {
  const here = new URL('./pglite-worker.js', import.meta.url);
  const file = fileURLToPath(here);
  if (existsSync(file)) return file;
  const built = fileURLToPath(new URL('../../dist/db/pglite-worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error(`${file} is missing: run "npm run build" first.`);
}

function withoutConditions(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  return out;
}

/** Restarts allowed in any minute before the database stays closed. */
const RESTARTS_PER_MINUTE = 3;

interface StartOptions {
  dataDir: string | null;
  workerFile?: string;
  /** Called when the thread dies: `restarting` says whether a new one is being started. */
  onStopped?: (reason: Error, restarting: boolean) => void;
}

/** A migrated, ready database thread on `opts.dataDir`. */
async function startWorker(opts: StartOptions): Promise<Worker> {
  const worker = new Worker(opts.workerFile ?? defaultWorkerFile(), {
    workerData: { dataDir: opts.dataDir },
    // The thread loads the built server: drop resolution conditions a test runner may have set.
    execArgv: withoutConditions(process.execArgv),
  });
  let onMessage!: (r: Ready) => void;
  let onError!: (e: Error) => void;
  let onExit!: (code: number) => void;
  const ready = await new Promise<Ready>((resolve, reject) => {
    onMessage = resolve;
    onError = reject;
    onExit = (code) => reject(new Error(`The embedded database thread exited (${code}).`));
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
  }).finally(() => {
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
  });
  if (!ready.ready) {
    await worker.terminate();
    throw fromWire(ready.error);
  }
  return worker;
}
