import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-helpers.js';
import { contactMessages } from './schema.js';

/**
 * PostgreSQL dropping the app's connections while requests run (what a restart or a failover does):
 * the server must not crash, in-flight requests that fail get a 503 with Retry-After, new requests
 * succeed once connections can be made again, and every acknowledged write is in the database.
 * `npm run fault` restarts the real server under load; this test kills the backends from SQL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the server when PostgreSQL drops its connections', () => {
  let t: TestApp;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', {
      build: { logger: false, contactRateLimit: { max: 1_000_000, windowMs: 60_000 }, healthCacheMs: 0 },
    });
    const url = t.config.database.kind === 'postgres' ? t.config.database.url : '';
    dbName = new URL(url).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const killBackends = async () => {
    const r = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    return r.rows[0].n as number;
  };

  it('answers 503 with Retry-After, never 500, recovers at once and loses no acknowledged write', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const i = n++;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { name: `Load ${i}`, email: 'load@example.com', subject: 'Load', message: `message ${i}` },
          remoteAddress: '10.7.0.1',
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 201) acknowledged.push(res.json().id);
        else {
          expect(res.statusCode, res.body).toBe(503);
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    let killed = 0;
    for (let k = 0; k < 6; k++) {
      await new Promise((r) => setTimeout(r, 150));
      killed += await killBackends();
    }
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all(workers);
    expect(killed).toBeGreaterThan(0);
    expect(
      [...statuses.keys()].every((s) => s === 201 || s === 503),
      JSON.stringify([...statuses]),
    ).toBe(true);

    // New requests succeed at once: the pool made fresh connections.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'After', email: 'after@example.com', subject: 'After', message: 'still here' },
      remoteAddress: '10.7.0.2',
    });
    expect(after.statusCode).toBe(201);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().checks.database.status).toBe('ok');

    // Every write the server acknowledged is stored.
    const stored = new Set<string>();
    for (let i = 0; i < acknowledged.length; i += 500) {
      const rows = await t.app.database.db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(inArray(contactMessages.id, acknowledged.slice(i, i + 500)));
      for (const r of rows) stored.add(r.id);
    }
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(stored.size).toBe(acknowledged.length);
  });

  it('a transaction whose connection dies between its queries fails with a 503, and the server lives', async () => {
    // Hold a connection in a transaction, kill it from outside, then use it again.
    const attempt = t.app.database.db.transaction(async (tx) => {
      await tx.select().from(contactMessages).limit(1);
      await killBackends();
      await new Promise((r) => setTimeout(r, 200));
      await tx.select().from(contactMessages).limit(1);
    });
    await expect(attempt).rejects.toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
