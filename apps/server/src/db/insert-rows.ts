import { getTableColumns, getTableName, type Param, Placeholder, type Query, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Inserts rows of one or more tables in one statement (each table's insert but the last in a WITH
 * clause: Postgres checks foreign keys at the end of the statement, so a parent and its children go
 * together). The statement is the one Drizzle builds, built once per list of tables
 * and row counts, its parameters filled with each call's values through the columns' own encoders.
 * Building an insert of thirty columns walks every column and value through Drizzle's query builder,
 * which costs more than running it, and one statement is one trip to the database instead of one per
 * table (docs/decisions/0009-pglite-thread.md).
 */
export async function insertRows(tx: Db, ...groups: Rows[]): Promise<void> {
  const some = groups.filter((g) => g.rows.length > 0);
  if (some.length === 0) return;
  await tx.execute(new Filled(compiled(tx, some), some));
}

/**
 * Rows of one table, typed by it. The columns written are those the first row names (the others take
 * their defaults); every row names the same ones.
 */
export interface Rows {
  table: PgTable;
  rows: readonly Record<string, unknown>[];
}

export function rowsOf<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): Rows {
  return { table, rows: rows as readonly Record<string, unknown>[] };
}

const written = (g: Rows) => Object.keys(getTableColumns(g.table)).filter((k) => k in g.rows[0]!);

interface Compiled {
  sql: string;
  /** Per parameter: the group and row it is taken from, the column's key, and the column (its encoder). */
  params: { group: number; row: number; key: string; encoder: Param['encoder'] }[];
}

const cache = new Map<string, Compiled>();

/** The statement for these tables and row counts (exported for the test comparing it with Drizzle's). */
export function compiled(db: Db, groups: readonly Rows[]): Compiled {
  const id = groups.map((g) => `${getTableName(g.table)}:${g.rows.length}:${written(g).join(',')}`).join(' ');
  const hit = cache.get(id);
  if (hit) return hit;
  const texts: string[] = [];
  const params: Compiled['params'] = [];
  groups.forEach((g, group) => {
    const { table, rows } = g;
    const keys = written(g);
    const placeholders = rows.map((_, row) =>
      Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${row}:${key}`)])),
    );
    const query = db
      .insert(table)
      .values(placeholders as never)
      .toSQL() as Query;
    // Drizzle numbers each statement's parameters from $1: renumber them after the previous tables'.
    const offset = params.length;
    texts.push(query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`));
    for (const p of query.params as Param[]) {
      const [row, key] = (p.value as Placeholder).name.split(':') as [string, string];
      params.push({ group, row: Number(row), key, encoder: p.encoder });
    }
  });
  const last = texts.pop()!;
  const made = {
    sql: texts.length ? `with ${texts.map((t, i) => `w${i} as (${t})`).join(', ')} ${last}` : last,
    params,
  };
  cache.set(id, made);
  return made;
}

/** The compiled statement with one call's values: Drizzle runs it as it is, without building it again. */
class Filled extends SQL {
  constructor(
    private readonly statement: Compiled,
    private readonly groups: readonly Rows[],
  ) {
    super([]);
  }

  override toQuery(): Query {
    return {
      sql: this.statement.sql,
      params: this.statement.params.map(({ group, row, key, encoder }) => {
        const value = this.groups[group]!.rows[row]![key];
        if (value === undefined) throw new Error(`insertRows: no value for ${key} of row ${row}`);
        return value === null ? null : encoder.mapToDriverValue(value);
      }),
    };
  }
}

/** A statement already built: Drizzle runs it as it is. */
class Built extends SQL {
  constructor(private readonly query: Query) {
    super([]);
  }

  override toQuery(): Query {
    return this.query;
  }
}

/**
 * A query Drizzle builds once, with `sql.placeholder(name)` where each call's values go (passed to the
 * driver as they are: strings, numbers, booleans), run on the caller's transaction; answers the rows as
 * the driver reads them (column names as selected, JSON parsed). For a hot query whose building costs
 * more than running it.
 */
export function reusableQuery<V extends Record<string, unknown>, R>(
  build: (db: Db) => { toSQL(): Query },
): (tx: Db, values: V) => Promise<R[]> {
  let built: { sql: string; params: unknown[] } | null = null;
  return async (tx, values) => {
    built ??= build(tx).toSQL();
    const params = built.params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
    const result = await tx.execute(new Built({ sql: built.sql, params }));
    return (result as unknown as { rows: R[] }).rows;
  };
}
