import {
  messages as m,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = m.BackendMessage;

/**
 * PGlite's `query` runs every statement as six separate exchanges with the WASM backend (parse,
 * describe the statement, bind, describe the portal, execute, sync), each behind its own lock, and makes
 * Postgres parse and plan the statement again every time (an unnamed statement). A placement's five
 * inserts cost about 2 ms that way; as named prepared statements, sent in one exchange, under 1 ms
 * (docs/decisions/0009-pglite-thread.md).
 *
 * `PreparedStatements` is the part of PGlite's API that Drizzle's `pglite` driver calls (`query`,
 * `exec`, `transaction`), done that way: the first run of a statement text prepares it under a name and
 * remembers its parameter types (to serialize values exactly as PGlite does) and its row shape; every
 * run after that is bind + execute + sync in one call. The locks are PGlite's own, so a query outside a
 * transaction still waits for the open transaction to end.
 */
export interface PgliteClient {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription, or null when it returns no rows. */
  rows: BackendMessage | null;
}

const serialize = protocol.serialize;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PGlite's error shape: the database error with the statement that failed. */
function withQuery(err: unknown, query: string, params: unknown[] | undefined, options?: QueryOptions) {
  if (err && typeof err === 'object' && (err as { name?: unknown }).name === 'error') {
    Object.assign(err as m.DatabaseError, { query, params, queryOptions: options });
  }
  return err;
}

/** Errors after which a remembered statement must be prepared again (its plan or row shape changed). */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface Queued {
  query: string;
  params: unknown[];
  options: QueryOptions | undefined;
  resolve(r: Results): void;
  reject(err: unknown): void;
}

export class PreparedStatements implements PgliteClient {
  readonly #pg: PGlite;
  readonly #max: number;
  /** Statement text → prepared statement, least recently used first. */
  readonly #statements = new Map<string, Prepared>();
  /** Statements evicted from the map, closed with the next exchange. */
  #toClose: string[] = [];
  #next = 0;
  /** Inside a transaction: BEGIN is owed, and goes with the transaction's first exchange. */
  #begin = false;
  /** Inside a transaction: statements sent together (in one exchange) once the caller waits for them. */
  #queue: Queued[] = [];
  #flushScheduled = false;
  #flushed: Promise<void> = Promise.resolve();

  constructor(pg: PGlite, opts: { maxStatements?: number } = {}) {
    this.#pg = pg;
    this.#max = opts.maxStatements ?? 500;
  }

  /** How many statements are kept prepared (for tests). */
  get preparedCount(): number {
    return this.#statements.size;
  }

  async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(async () => {
      const r = await new Promise<Results>((resolve, reject) => {
        const item = { query, params, options, resolve, reject };
        void this.#pg._runExclusiveQuery(() => this.#run([item]));
      });
      await this.#pg.syncToFs();
      return r as Results<T>;
    });
  }

  async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(async () => {
      const r = await this.#simple(query, options);
      await this.#pg.syncToFs();
      return r;
    });
  }

  /**
   * A transaction. Its statements are sent when the callback waits for them, all those issued until
   * then in one exchange (`Promise.all` of independent statements costs one trip into the backend), in
   * the order they were issued; BEGIN goes with the first of them.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(async () => {
      this.#begin = true;
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const end = async (command: 'COMMIT' | 'ROLLBACK') => {
        closed = true;
        await this.#drain();
        if (this.#begin) {
          // Nothing was sent: there is no transaction to end.
          this.#begin = false;
          return command;
        }
        const [done] = await this.#simple(command);
        return done?.command;
      };
      const tx: Transaction = {
        query: <R>(query: string, params: unknown[] = [], options?: QueryOptions) => {
          open();
          return this.#enqueue(query, params, options) as Promise<Results<R>>;
        },
        sql: <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
          open();
          let text = strings[0] ?? '';
          for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
          return this.#enqueue(text, params, undefined) as Promise<Results<R>>;
        },
        exec: async (query: string, options?: QueryOptions) => {
          open();
          await this.#drain();
          return this.#simple(query, options);
        },
        rollback: async () => {
          open();
          await end('ROLLBACK');
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
        if (!closed && (await end('COMMIT')) === 'ROLLBACK') {
          const err = new m.DatabaseError('Transaction was rolled back instead of committed', 0, 'error');
          err.severity = 'ERROR';
          err.code = '25P02';
          throw withQuery(err, 'COMMIT', undefined);
        }
        await this.#pg.syncToFs();
        return result;
      } catch (err) {
        if (!closed) await end('ROLLBACK');
        throw err;
      } finally {
        this.#begin = false;
      }
    });
  }

  #enqueue(query: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ query, params, options, resolve, reject });
      if (this.#flushScheduled) return;
      this.#flushScheduled = true;
      // After the promise jobs now queued have run: the statements issued together go together.
      process.nextTick(() => {
        this.#flushScheduled = false;
        void this.#flush();
      });
    });
  }

  #flush(): Promise<void> {
    const items = this.#queue.splice(0);
    if (items.length > 0) {
      this.#flushed = this.#flushed.then(() => this.#pg._runExclusiveQuery(() => this.#run(items)));
    }
    return this.#flushed;
  }

  /** Send what the transaction has queued, and wait for it. */
  async #drain(): Promise<void> {
    while (this.#queue.length > 0 || this.#flushScheduled) {
      this.#flushScheduled = false;
      await this.#flush();
    }
    await this.#flushed;
  }

  /** One exchange with the backend: the messages and a final sync. */
  async #exchange(parts: Uint8Array[], throwOnError = true): Promise<BackendMessage[]> {
    const head: Uint8Array[] = [];
    const begin = this.#begin;
    if (begin) {
      head.push(serialize.query('BEGIN'));
      this.#begin = false;
    }
    for (const name of this.#toClose.splice(0)) head.push(serialize.close({ type: 'S', name }));
    const { messages } = await this.#pg.execProtocol(concat([...head, ...parts, serialize.sync()]), {
      syncToFs: false,
      throwOnError,
    });
    if (!begin) return messages;
    // BEGIN's own answer (its command tag, up to its ready-for-query) is not the caller's.
    const ready = messages.findIndex((x) => x.name === 'readyForQuery');
    return messages.slice(ready + 1);
  }

  async #prepare(query: string, options?: QueryOptions): Promise<Prepared> {
    const name = `pl${++this.#next}`;
    const messages = await this.#exchange([
      serialize.parse({ name, text: query, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
      serialize.describe({ type: 'S', name }),
    ]);
    const params = messages.find((x) => x.name === 'parameterDescription') as
      | m.ParameterDescriptionMessage
      | undefined;
    return {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      rows: messages.find((x) => x.name === 'rowDescription') ?? null,
    };
  }

  /** The prepared statement for a text (prepared now if it is new), most recently used last. */
  async #statement(query: string, options?: QueryOptions): Promise<[string, Prepared]> {
    const key = options?.paramTypes ? `${options.paramTypes.join(',')}\u0000${query}` : query;
    let st = this.#statements.get(key);
    if (st) this.#statements.delete(key);
    else st = await this.#prepare(query, options);
    this.#statements.set(key, st);
    if (this.#statements.size > this.#max) {
      const [oldest, evicted] = this.#statements.entries().next().value!;
      this.#statements.delete(oldest);
      this.#toClose.push(evicted.name);
    }
    return [key, st];
  }

  /**
   * Runs statements in one exchange (under the query lock), settling each one's promise. After an
   * error, Postgres skips the rest: they fail with the same error (the transaction is aborted anyway).
   */
  async #run(items: Queued[]): Promise<void> {
    const statements: [string, Prepared][] = [];
    try {
      for (const it of items) statements.push(await this.#statement(it.query, it.options));
    } catch (err) {
      const failed = items[statements.length]!;
      for (const it of items) it.reject(withQuery(err, failed.query, failed.params, failed.options));
      return;
    }
    const parts: Uint8Array[] = [];
    try {
      items.forEach((it, i) => {
        const st = statements[i]![1];
        const values = it.params.map((value, j) => {
          if (value === null || value === undefined) return null;
          const oid = st.paramTypes[j]!;
          const serializer = it.options?.serializers?.[oid] ?? this.#pg.serializers[oid];
          return serializer ? serializer(value) : String(value);
        });
        parts.push(serialize.bind({ statement: st.name, values }), serialize.execute({}));
      });
    } catch (err) {
      for (const it of items) it.reject(err);
      return;
    }
    let messages: BackendMessage[];
    try {
      messages = await this.#exchange(parts, false);
    } catch (err) {
      for (const it of items) it.reject(err);
      return;
    }
    let i = 0;
    let rows: BackendMessage[] = [];
    for (const msg of messages) {
      if (i >= items.length) break;
      const it = items[i]!;
      if (msg.name === 'dataRow') rows.push(msg);
      else if (msg.name === 'commandComplete' || msg.name === 'emptyQuery') {
        rows.push(msg);
        it.resolve(this.#results(statements[i]![1].rows, rows, it.options));
        rows = [];
        i++;
      } else if (msg.name === 'error') {
        const code = (msg as m.DatabaseError).code;
        const [key, st] = statements[i]!;
        if (code && STALE_STATEMENT.has(code) && this.#statements.get(key) === st) {
          this.#statements.delete(key);
          this.#toClose.push(st.name);
        }
        for (const rest of items.slice(i)) rest.reject(withQuery(msg, it.query, it.params, it.options));
        return;
      }
    }
    for (const rest of items.slice(i)) rest.reject(new Error('The database sent no answer for a statement.'));
  }

  /**
   * The rows of one statement (PGlite's `parseResults` for one result set, without merging the whole
   * parser table into a new object for every query).
   */
  #results<T>(description: BackendMessage | null, messages: BackendMessage[], options?: QueryOptions) {
    const fields = description
      ? (description as m.RowDescriptionMessage).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }))
      : [];
    const own = options?.parsers;
    const all = this.#pg.parsers;
    const parsers = fields.map((f) => own?.[f.dataTypeID] ?? all[f.dataTypeID]);
    const asArray = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const msg of messages) {
      if (msg.name === 'dataRow') {
        const values = (msg as m.DataRowMessage).fields;
        if (asArray) {
          const row = new Array(values.length);
          for (let i = 0; i < values.length; i++) {
            const v = values[i];
            const p = parsers[i];
            row[i] = v === null || v === undefined ? null : p ? p(v, fields[i]!.dataTypeID) : v;
          }
          rows.push(row);
        } else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i++) {
            const v = values[i];
            const p = parsers[i];
            row[fields[i]!.name] = v === null || v === undefined ? null : p ? p(v, fields[i]!.dataTypeID) : v;
          }
          rows.push(row);
        }
      } else if (msg.name === 'commandComplete') {
        const parts = (msg as m.CommandCompleteMessage).text.split(' ');
        command = parts[0];
        const n = Number.parseInt(parts[parts.length - 1]!, 10);
        if (!Number.isNaN(n)) rowCount = n;
        if (
          command === 'INSERT' ||
          command === 'UPDATE' ||
          command === 'DELETE' ||
          command === 'COPY' ||
          command === 'MERGE'
        ) {
          affectedRows += n;
        }
      }
    }
    return {
      rows,
      fields,
      affectedRows,
      ...(command !== undefined ? { command } : {}),
      ...(rowCount !== undefined ? { rowCount } : {}),
    } as Results<T>;
  }

  #simple(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#pg._runExclusiveQuery(async () => {
      try {
        const messages = await this.#exchange([serialize.query(query)]);
        return parse.parseResults(messages, this.#pg.parsers, options) as Results[];
      } catch (err) {
        throw withQuery(err, query, undefined, options);
      }
    });
  }
}
