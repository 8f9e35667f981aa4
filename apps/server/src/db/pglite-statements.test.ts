import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from './client.js';
import { PreparedStatements } from './pglite-statements.js';

/** PGlite's query API with statements kept prepared: the same answers as PGlite's own, and the same locks. */
describe('PreparedStatements', () => {
  let pg: PGlite;
  let client: PreparedStatements;

  beforeAll(async () => {
    pg = new PGlite();
    client = new PreparedStatements(pg, { maxStatements: 4 });
    await client.exec(`
      create table t (id text primary key, n int, b boolean, at timestamptz, j jsonb, tags text[], big bigint);
    `);
  });
  afterAll(async () => {
    await pg.close();
  });

  it('answers as PGlite does: types both ways, object and array rows, counts', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const values = ['a', 7, true, at, { x: [1, 'two'] }, ['p', 'q'], 9007199254740993n];
    const sql = 'insert into t (id, n, b, at, j, tags, big) values ($1, $2, $3, $4, $5, $6, $7) returning *';
    const ours = await client.query(sql, values);
    const theirs = await pg.query(sql, ['b', ...values.slice(1)]);
    expect(ours.rows).toEqual([{ ...(theirs.rows[0] as object), id: 'a' }]);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);
    expect(ours.rows[0]).toMatchObject({ n: 7, b: true, at, j: { x: [1, 'two'] }, tags: ['p', 'q'] });

    const asArray = await client.query('select id, n from t where id = $1', ['a'], { rowMode: 'array' });
    expect(asArray.rows).toEqual([['a', 7]]);
    // A query's own parsers win over PGlite's (Drizzle keeps timestamps as text this way).
    const raw = await client.query<{ at: string }>('select at from t where id = $1', ['a'], {
      parsers: { 1184: (v: string) => v },
    });
    expect(typeof raw.rows[0]!.at).toBe('string');
    const none = await client.query('select * from t where id = $1', ['zzz']);
    expect(none.rows).toEqual([]);
    expect(none.fields.map((f) => f.name)).toContain('id');
    const updated = await client.query('update t set n = n + 1 where id in ($1, $2)', ['a', 'b']);
    expect(updated.affectedRows).toBe(2);
  });

  it('prepares each statement once, evicts the least recently used, and still runs evicted ones', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await client.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(r.rows[0]!.v).toBe(1 + i);
      expect(client.preparedCount).toBeLessThanOrEqual(4);
    }
    const again = await client.query<{ v: number }>('select $1::int + 0 as v', [5]);
    expect(again.rows[0]!.v).toBe(5);
    const prepared = await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]!.n).toBeLessThanOrEqual(4);
  });

  it('throws the database error with its code and constraint, and keeps working', async () => {
    const err = await client
      .query('insert into t (id) values ($1)', ['a'])
      .then(() => null)
      .catch((e: unknown) => e);
    expect(uniqueViolation(err)).toBe('t_pkey');
    expect((err as { query?: string }).query).toBe('insert into t (id) values ($1)');
    await expect(client.query('select nope from t')).rejects.toThrow(/nope/);
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction, and rolls one back on error or on request', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into t (id, n) values ($1, $2)', ['c', 1]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id, n) values ($1, $2)', ['d', 1]);
        await tx.query('insert into t (id, n) values ($1, $2)', ['c', 2]);
      }),
    ).rejects.toThrow(/duplicate key/);
    await client.transaction(async (tx) => {
      await tx.query('insert into t (id, n) values ($1, $2)', ['e', 1]);
      await tx.rollback();
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id, n) values ($1, $2)', ['f', 1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await client.query<{ id: string }>('select id from t order by id')).rows.map((r) => r.id);
    expect(ids).toEqual(['a', 'b', 'c']);
  });

  it('makes a query outside a transaction wait for the transaction to end', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = client.transaction(async (t) => {
      await t.query('update t set n = 100 where id = $1', ['a']);
      seen.push('tx wrote');
      await held;
      seen.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const read = client.query<{ n: number }>('select n from t where id = $1', ['a']).then((r) => {
      seen.push(`read ${r.rows[0]!.n}`);
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await Promise.all([tx, read]);
    expect(seen).toEqual(['tx wrote', 'tx ends', 'read 100']);
  });

  it('sends the statements a transaction issues together in one exchange, in order', async () => {
    await client.query('create table seq (n int primary key)');
    const exchanges: number[] = [];
    const real = pg.execProtocol.bind(pg);
    pg.execProtocol = ((message: Uint8Array, opts?: object) => {
      exchanges.push(message.length);
      return real(message, opts);
    }) as typeof pg.execProtocol;
    try {
      // Once, so the statements are prepared; then count.
      let round = 0;
      const run = () =>
        client.transaction(async (tx) => {
          round++;
          const [a, b, c] = await Promise.all([
            tx.query('insert into seq values ($1) returning n', [round * 10 + 1]),
            tx.query('insert into seq values ($1) returning n', [round * 10 + 2]),
            tx.query<{ n: number }>('select count(*)::int as n from seq'),
          ]);
          return [a.rows.length, b.rows.length, c.rows[0]!.n];
        });
      const first = await run();
      exchanges.length = 0;
      const second = await run();
      // BEGIN and the three statements, then COMMIT; the count sees both inserts before it.
      expect(exchanges).toHaveLength(2);
      expect(first).toEqual([1, 1, 2]);
      expect(second).toEqual([1, 1, 4]);
    } finally {
      pg.execProtocol = real;
    }
  });

  it('fails the statements after one that fails in the same exchange, and rolls the transaction back', async () => {
    const settled: string[] = [];
    const note = (name: string) => (p: Promise<unknown>) =>
      p.then(
        () => settled.push(`${name} ok`),
        (e: Error) => settled.push(`${name} ${/duplicate key/.test(e.message) ? 'duplicate' : e.message}`),
      );
    await expect(
      client.transaction(async (tx) => {
        const a = tx.query('insert into seq values ($1)', [100]);
        const b = tx.query('insert into seq values ($1)', [100]);
        const c = tx.query('insert into seq values ($1)', [101]);
        await Promise.all([note('a')(a), note('b')(b), note('c')(c)]);
        await Promise.all([a, b, c]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(settled).toEqual(['a ok', 'b duplicate', 'c duplicate']);
    const rows = await client.query('select n from seq where n >= 100');
    expect(rows.rows).toEqual([]);
  });
});
