import { getTableColumns, type Param, type Placeholder, type Query, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Inserts whole rows (every column given) with the statement Drizzle built once for that table and
 * number of rows, its parameters filled with each call's values through the columns' own encoders.
 * Building an insert of thirty columns walks every column and value through Drizzle's query builder,
 * which costs more than running the statement (docs/decisions/0008-pglite-thread.md); the text it builds
 * is the same every time, so it is built once.
 */
export async function insertRows<T extends PgTable>(
  tx: Db,
  table: T,
  rows: readonly T['$inferSelect'][],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(new Filled(compiled(tx, table, rows.length), rows as readonly Record<string, unknown>[]));
}

interface Compiled {
  sql: string;
  /** Per parameter: the row it is taken from, the column's key, and the column (its encoder). */
  params: { row: number; key: string; encoder: Param['encoder'] }[];
}

const cache = new WeakMap<PgTable, Map<number, Compiled>>();

/** The statement for `n` rows of `table` (exported for the test that compares it with Drizzle's own). */
export function compiled(db: Db, table: PgTable, n: number): Compiled {
  let byCount = cache.get(table);
  if (!byCount) {
    byCount = new Map();
    cache.set(table, byCount);
  }
  const hit = byCount.get(n);
  if (hit) return hit;
  const keys = Object.keys(getTableColumns(table));
  const placeholders = Array.from({ length: n }, (_, row) =>
    Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${row}:${key}`)])),
  );
  const query = db
    .insert(table)
    .values(placeholders as never)
    .toSQL() as Query;
  const params = (query.params as Param[]).map((p) => {
    const [row, key] = (p.value as Placeholder).name.split(':') as [string, string];
    return { row: Number(row), key, encoder: p.encoder };
  });
  const made = { sql: query.sql, params };
  byCount.set(n, made);
  return made;
}

/** The compiled statement with one call's values: Drizzle runs it as it is, without building it again. */
class Filled extends SQL {
  constructor(
    private readonly statement: Compiled,
    private readonly rows: readonly Record<string, unknown>[],
  ) {
    super([]);
  }

  override toQuery(): Query {
    return {
      sql: this.statement.sql,
      params: this.statement.params.map(({ row, key, encoder }) => {
        const value = this.rows[row]![key];
        if (value === undefined) throw new Error(`insertRows: no value for ${key} of row ${row}`);
        return value === null ? null : encoder.mapToDriverValue(value);
      }),
    };
  }
}
