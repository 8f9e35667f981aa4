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
 * (docs/decisions/0008-pglite-statements.md).
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

export class PreparedStatements implements PgliteClient {
  readonly #pg: PGlite;
  readonly #max: number;
  /** Statement text → prepared statement, least recently used first. */
  readonly #statements = new Map<string, Prepared>();
  /** Statements evicted from the map, closed with the next exchange. */
  #toClose: string[] = [];
  #next = 0;

  constructor(pg: PGlite, opts: { maxStatements?: number } = {}) {
    this.#pg = pg;
    this.#max = opts.maxStatements ?? 500;
  }

  /** How many statements are kept prepared (for tests). */
  get preparedCount(): number {
    return this.#statements.size;
  }

  async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(async () => {
      const r = await this.#run<T>(query, params, options);
      await this.#pg.syncToFs();
      return r;
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

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(async () => {
      await this.#simple('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#run<R>(query, params, options);
        },
        sql: async <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
          open();
          let text = strings[0] ?? '';
          for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
          return this.#run<R>(text, params);
        },
        exec: async (query: string, options?: QueryOptions) => {
          open();
          return this.#simple(query, options);
        },
        rollback: async () => {
          open();
          await this.#simple('ROLLBACK');
          closed = true;
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
          const [done] = await this.#simple('COMMIT');
          if (done?.command === 'ROLLBACK') {
            const err = new m.DatabaseError('Transaction was rolled back instead of committed', 0, 'error');
            err.severity = 'ERROR';
            err.code = '25P02';
            throw withQuery(err, 'COMMIT', undefined);
          }
        }
        await this.#pg.syncToFs();
        return result;
      } catch (err) {
        if (!closed) {
          closed = true;
          await this.#simple('ROLLBACK');
        }
        throw err;
      }
    });
  }

  /** One exchange with the backend: the messages and a final sync; throws the first database error. */
  async #exchange(parts: Uint8Array[]): Promise<BackendMessage[]> {
    if (this.#toClose.length > 0) {
      parts.unshift(...this.#toClose.map((name) => serialize.close({ type: 'S', name })));
      this.#toClose = [];
    }
    parts.push(serialize.sync());
    const { messages: out } = await this.#pg.execProtocol(concat(parts), { syncToFs: false });
    return out;
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
    const prepared = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      rows: messages.find((x) => x.name === 'rowDescription') ?? null,
    };
    return prepared;
  }

  #run<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#pg._runExclusiveQuery(async () => {
      if (options?.blob) throw new Error('Blobs are not supported here');
      const key = options?.paramTypes ? `${options.paramTypes.join(',')}\u0000${query}` : query;
      let st = this.#statements.get(key);
      try {
        if (st) {
          this.#statements.delete(key);
        } else {
          st = await this.#prepare(query, options);
        }
        this.#statements.set(key, st);
        if (this.#statements.size > this.#max) {
          const [oldest, evicted] = this.#statements.entries().next().value!;
          this.#statements.delete(oldest);
          this.#toClose.push(evicted.name);
        }
        const pg = this.#pg;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const oid = st!.paramTypes[i]!;
          const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await this.#exchange([
          serialize.bind({ statement: st.name, values }),
          serialize.execute({}),
        ]);
        return this.#results<T>(st.rows, messages, options);
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (st && typeof code === 'string' && STALE_STATEMENT.has(code) && this.#statements.get(key) === st) {
          this.#statements.delete(key);
          this.#toClose.push(st.name);
        }
        throw withQuery(err, query, params, options);
      }
    });
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
