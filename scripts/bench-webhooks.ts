/**
 * Webhook delivery benchmark (prints figures; asserts nothing but marks the goal): 1,000 events made
 * through the API as fast as 20 clients can (test events on one endpoint and order events of test orders
 * on another), delivered by the built server's worker to a local receiver. Goal: all delivered within
 * 30 s of being created, 0 lost, on PostgreSQL (a fresh database on DATABASE_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres); PGlite is measured too.
 *
 *   npm run bench:webhooks            (builds first)   EVENTS=1000 DATABASES=postgres,pglite
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startReceiver } from '../apps/server/src/webhooks/receiver-testing.ts';
import { postgresDatabase, signIn, startServer } from './lib/server.ts';

const total = Number(process.env.EVENTS ?? 1000);
const databases = (process.env.DATABASES ?? 'postgres,pglite').split(',');

async function pool<T>(n: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

async function benchOne(kind: string) {
  const database = kind === 'postgres' ? await postgresDatabase() : null;
  if (kind === 'postgres' && !database) return null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-bench-wh-'));
  const receiver = await startReceiver();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    ALLOW_PRIVATE_NETWORK: 'true',
    API_RATE_LIMIT: '1000000',
    TEST_MODE_STEP_SECONDS: '3600',
  });
  try {
    const cookie = await signIn(server.base, `wh.${kind}@example.com`);
    const json = { 'content-type': 'application/json' };
    const key = (
      await (
        await fetch(`${server.base}/api/api-keys`, {
          method: 'POST',
          headers: { ...json, cookie, origin: server.base },
          body: JSON.stringify({ name: 'bench', mode: 'test' }),
        })
      ).json()
    ).key as string;
    const auth = { authorization: `Bearer ${key}` };
    const endpoint = async (p: string, events: string[]) =>
      (
        await (
          await fetch(`${server.base}/v1/webhook_endpoints`, {
            method: 'POST',
            headers: { ...auth, ...json },
            body: JSON.stringify({ url: receiver.url(p), events }),
          })
        ).json()
      ).id as string;
    const pingEndpoint = await endpoint('/pings', ['ping']);
    await endpoint('/orders', ['order.created', 'order.updated', 'order.shipped', 'order.delivered']);
    const form = new FormData();
    form.append('file', new Blob([await readFile('fixtures/models/cube_20mm.stl')]), 'cube.stl');
    const file = await (
      await fetch(`${server.base}/v1/files`, { method: 'POST', headers: auth, body: form })
    ).json();

    // 100 test orders advanced to delivered make 700 order events; 300 test events make the rest.
    const orders = Math.min(100, Math.floor(total / 10));
    const pings = total - orders * 7;
    const created = new Map<string, number>();
    const started = Date.now();
    const placed = await pool(
      20,
      Array.from({ length: orders }, () => async () => {
        const r = await fetch(`${server.base}/v1/orders`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({
            items: [{ file_id: file.id, material: 'PLA', color: 'black' }],
            shipping_address: {
              name: 'A',
              street: '1 High St',
              city: 'London',
              postal_code: 'SW1A 1AA',
              country: 'GB',
            },
          }),
        });
        return ((await r.json()) as { id: string }).id;
      }),
    );
    await pool(20, [
      // Each order's four steps one after another (a step follows the previous one).
      ...placed.map((id) => async () => {
        for (let i = 0; i < 4; i++) {
          const r = await fetch(`${server.base}/v1/test_helpers/orders/${id}/advance`, {
            method: 'POST',
            headers: auth,
          });
          if (r.status !== 200) throw new Error(`advance: ${r.status} ${await r.text()}`);
        }
      }),
      ...Array.from({ length: pings }, () => async () => {
        const r = await fetch(`${server.base}/v1/webhook_endpoints/${pingEndpoint}/test`, {
          method: 'POST',
          headers: auth,
        });
        const e = (await r.json()) as { id: string; created_at: string };
        created.set(e.id, Date.parse(e.created_at));
      }),
    ]);
    const madeMs = Date.now() - started;
    // Every event's creation time, from the API's own event list.
    for (let after: string | null = null; ; ) {
      const page = (await (
        await fetch(`${server.base}/v1/events?limit=100${after ? `&starting_after=${after}` : ''}`, {
          headers: auth,
        })
      ).json()) as { data: { id: string; created_at: string }[]; has_more: boolean };
      for (const e of page.data) created.set(e.id, Date.parse(e.created_at));
      if (!page.has_more) break;
      after = page.data[page.data.length - 1]!.id;
    }
    const deadline = Date.now() + 60_000;
    const deliveredIds = () => new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    while (deliveredIds().size < created.size && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const firstArrival = new Map<string, number>();
    for (const r of receiver.received) {
      const id = String(r.headers['webhook-id']);
      if (!firstArrival.has(id)) firstArrival.set(id, r.at);
    }
    const lags = [...created]
      .filter(([id]) => firstArrival.has(id))
      .map(([id, at]) => firstArrival.get(id)! - at);
    lags.sort((a, b) => a - b);
    const q = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] ?? Number.NaN;
    const lastDelivery = Math.max(...firstArrival.values());
    const lost = created.size - [...created.keys()].filter((id) => firstArrival.has(id)).length;
    return {
      database: kind,
      events: created.size,
      made_in_ms: madeMs,
      all_delivered_after_ms: lastDelivery - started,
      lag_p50_ms: q(0.5),
      lag_p99_ms: q(0.99),
      lag_max_ms: lags[lags.length - 1],
      duplicates: receiver.received.length - firstArrival.size,
      lost,
      goal: lost === 0 && (lags[lags.length - 1] ?? Number.POSITIVE_INFINITY) <= 30_000 ? 'met' : 'MISSED',
    };
  } finally {
    await server.stop();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

const rows = [];
for (const kind of databases) {
  const r = await benchOne(kind);
  if (r) rows.push(r);
}
console.table(rows);
console.log(JSON.stringify({ cpus: os.cpus().length, load_average: os.loadavg().map((x) => +x.toFixed(2)) }));
