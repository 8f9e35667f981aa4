import { and, asc, eq, sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test-helpers.js';
import type { Db } from './client.js';
import { compiled, insertRows, reusableQuery, rowsOf } from './insert-rows.js';

const things = pgTable('insert_rows_things', {
  id: text('id').primaryKey(),
  n: integer('n').notNull(),
  flag: boolean('flag').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  maybe: jsonb('maybe').$type<Record<string, unknown>>(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  nextAt: timestamp('next_at', { withTimezone: true }),
  day: date('day', { mode: 'string' }).notNull(),
  ref: uuid('ref'),
});
type Thing = typeof things.$inferSelect;
const children = pgTable('insert_rows_children', {
  id: text('id').primaryKey(),
  thingId: text('thing_id').notNull(),
  n: integer('n').notNull(),
});

describe.each(testDatabases)('insertRows on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false } });
    db = t.app.database.db;
    await db.execute(
      sql.raw(`create table insert_rows_things (id text primary key, n int not null, flag boolean not null,
        data jsonb not null, maybe jsonb, at timestamptz not null, next_at timestamptz, day date not null, ref uuid)`),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = (id: string, over: Partial<Thing> = {}): Thing => ({
    id,
    n: 3,
    flag: false,
    data: { b: [1, 'x'], a: { nested: true } },
    maybe: null,
    at: new Date('2026-03-04T05:06:07.089Z'),
    nextAt: null,
    day: '2026-03-05',
    ref: null,
    ...over,
  });

  it('builds the statement Drizzle builds, once per table and number of rows', () => {
    const once = compiled(db, [rowsOf(things, [row('x'), row('y')])]);
    expect(compiled(db, [rowsOf(things, [row('z'), row('w')])])).toBe(once);
    const built = db
      .insert(things)
      .values([row('x'), row('y')])
      .toSQL();
    expect(once.sql).toBe(built.sql);
    expect(once.params).toHaveLength(built.params.length);
  });

  it('writes exactly the rows Drizzle would, nulls and JSON included', async () => {
    const rows = [
      row('one'),
      row('two', {
        flag: true,
        maybe: { k: 'v' },
        nextAt: new Date('2026-03-04T05:06:08Z'),
        ref: '6f1c2a40-8f2b-4c43-9a55-0d3f1e9b7c21',
      }),
    ];
    await db.transaction(async (tx) => insertRows(tx as Db, rowsOf(things, rows)));
    await db.insert(things).values(row('three', { maybe: { k: 'v' } }));
    const back = await db.select().from(things).orderBy(asc(things.id));
    expect(back.find((r) => r.id === 'one')).toEqual(rows[0]);
    expect(back.find((r) => r.id === 'two')).toEqual(rows[1]);
    // JSON null is not SQL null: a null column stays SQL null, as Drizzle's builder writes it.
    const nulls = await db.execute(sql`select id from insert_rows_things where maybe is null order by id`);
    expect((nulls as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual(['one']);
  });

  it('writes a parent and its children in one statement, or nothing when a row is refused', async () => {
    await db.execute(
      sql.raw(`create table insert_rows_children (id text primary key,
        thing_id text not null references insert_rows_things (id), n int not null)`),
    );
    const parent = row('parent');
    const kids = [
      { id: 'k1', thingId: 'parent', n: 1 },
      { id: 'k2', thingId: 'parent', n: 2 },
    ];
    const statement = compiled(db, [rowsOf(things, [parent]), rowsOf(children, kids)]);
    expect(statement.sql).toMatch(
      /^with w0 as \(insert into "insert_rows_things" .*\) insert into "insert_rows_children"/,
    );
    await insertRows(db, rowsOf(things, [parent]), rowsOf(children, kids));
    const back = await db.select().from(children).orderBy(asc(children.id));
    expect(back).toEqual(kids);
    // A child of a missing parent: the foreign key refuses it, and the whole statement writes nothing.
    const err = await insertRows(
      db,
      rowsOf(things, [row('lonely')]),
      rowsOf(children, [{ id: 'k3', thingId: 'missing', n: 3 }]),
    ).catch((e: unknown) => e);
    expect(String((err as { cause?: { code?: string } }).cause?.code)).toBe('23503');
    const ids = (await db.select({ id: things.id }).from(things)).map((r) => r.id);
    expect(ids).not.toContain('lonely');
  });

  it('refuses a row that leaves out a column the first row names, and writes nothing in its transaction', async () => {
    const partial = { ...row('four') } as Partial<Thing>;
    delete partial.day;
    await expect(
      db.transaction(async (tx) => {
        await insertRows(tx as Db, rowsOf(things, [row('five')]));
        await insertRows(tx as Db, rowsOf(things, [row('six'), partial as Thing]));
      }),
    ).rejects.toThrow(/no value for day of row 1/);
    const ids = (await db.select({ id: things.id }).from(things)).map((r) => r.id);
    expect(ids).not.toContain('five');
  });

  it('leaves the columns no row names to their defaults', async () => {
    await db.execute(sql.raw('alter table insert_rows_things alter column n set default 42'));
    const { n: _n, ...withoutN } = row('seven');
    await insertRows(db, rowsOf(things, [withoutN as Thing]));
    const [back] = await db.select({ n: things.n }).from(things).where(sql`${things.id} = 'seven'`);
    expect(back?.n).toBe(42);
  });

  it("runs a query built once with each call's values, constants kept", async () => {
    let builds = 0;
    const flagged = reusableQuery<{ flag: boolean; day: string }, { id: string; data: unknown }>((d) => {
      builds++;
      return d
        .select({ id: things.id, data: things.data })
        .from(things)
        .where(
          and(
            eq(things.flag, sql.placeholder('flag')),
            eq(things.day, sql.placeholder('day')),
            eq(things.n, 3),
          ),
        )
        .orderBy(asc(things.id));
    });
    await insertRows(db, rowsOf(things, [row('q1', { flag: true }), row('q2', { flag: true, n: 4 })]));
    const rows = await db.transaction((tx) => flagged(tx as Db, { flag: true, day: '2026-03-05' }));
    expect(rows.filter((r) => r.id.startsWith('q'))).toEqual([{ id: 'q1', data: row('q1').data }]);
    expect(await flagged(db, { flag: true, day: '2000-01-01' })).toEqual([]);
    expect(builds).toBe(1);
  });
});
