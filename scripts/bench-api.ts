/**
 * Public API benchmark (prints figures; asserts nothing but marks each goal), against the built server
 * on PGlite (as `npm start` runs it) and on PostgreSQL (a fresh database on DATABASE_ADMIN_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; skipped when it cannot be reached):
 *
 * - autocannon, 50 connections for 20 s: `GET /v1/orders/{id}` (goal p99 < 50 ms) and `POST /v1/orders`
 *   from an existing file (goal p99 < 150 ms), 0 errors;
 * - `POST /v1/quotes` on a stored 1,000,000-triangle model (goal < 1.5 s): the first quote after the
 *   upload, and three more with other parameters (each a new estimate, not a remembered one).
 *
 *   npm run bench:api            (builds first)   DURATION=20 CONNECTIONS=50 DATABASES=pglite,postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';
import { postgresDatabase, signIn, startServer } from './lib/server.ts';

const duration = Number(process.env.DURATION ?? 20);
const connections = Number(process.env.CONNECTIONS ?? 50);
const databases = (process.env.DATABASES ?? 'pglite,postgres').split(',');

const UK = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'SW1A 1AA',
  country: 'GB',
};
// A closed torus of 1,000,000 triangles, 100 mm across (50 MB as binary STL).
const bigModel = toBinaryStl(torus(38, 12, 1000, 500));
const cube = toBinaryStl(torus(8, 3, 40, 20));

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function benchOne(kind: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-bench-api-'));
  const database = kind === 'postgres' ? await postgresDatabase() : null;
  if (kind === 'postgres' && !database) return null;
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    // One key at full speed would meet its per-minute limit: lift it for the run.
    API_RATE_LIMIT: '1000000',
  });
  try {
    const cookie = await signIn(server.base, `bench.${kind}@example.com`);
    const made = await fetch(`${server.base}/api/api-keys`, {
      method: 'POST',
      headers: { cookie, origin: server.base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', mode: 'test' }),
    });
    const key = ((await made.json()) as { key: string }).key;
    const auth = { authorization: `Bearer ${key}` };
    const upload = async (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${server.base}/v1/files`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const fileId = await upload(cube, 'small.stl');
    const orderBody = JSON.stringify({
      items: [{ file_id: fileId, material: 'PLA', color: 'black', quantity: 2 }],
      shipping_address: UK,
    });
    const placed = await fetch(`${server.base}/v1/orders`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: orderBody,
    });
    if (placed.status !== 201) throw new Error(`order: ${placed.status} ${await placed.text()}`);
    const orderId = ((await placed.json()) as { id: string }).id;

    const get = await cannon({
      url: `${server.base}/v1/orders/${orderId}`,
      connections,
      duration,
      headers: auth,
      title: 'GET /v1/orders/{id}',
    });
    const post = await cannon({
      url: `${server.base}/v1/orders`,
      connections,
      duration,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: orderBody,
      title: 'POST /v1/orders',
    });

    // The 1M-triangle model, stored; then quotes on it.
    const t0 = performance.now();
    const bigId = await upload(bigModel, 'torus-1m.stl');
    const uploadMs = performance.now() - t0;
    const quoteMs: number[] = [];
    for (const params of [
      { material: 'PLA', color: 'black' },
      { material: 'PETG', color: 'blue', infill: 35 },
      { material: 'PLA', color: 'white', layer_height: 0.3 },
      { material: 'ABS', color: 'red', print_speed: 90 },
    ]) {
      const s = performance.now();
      const res = await fetch(`${server.base}/v1/quotes`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ file_id: bigId, ...params }),
      });
      if (res.status !== 201) throw new Error(`quote: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      quoteMs.push(performance.now() - s);
    }

    const row = (r: autocannon.Result, goalMs: number) => ({
      database: kind,
      route: r.title,
      'req/s': Math.round(r.requests.average),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      max_ms: r.latency.max,
      errors: r.errors + r.timeouts,
      non_2xx: r.non2xx,
      requests: r.requests.total,
      goal: r.latency.p99 < goalMs && r.errors + r.timeouts === 0 && r.non2xx === 0 ? 'met' : 'MISSED',
    });
    return {
      rows: [row(get, 50), row(post, 150)],
      quotes: {
        database: kind,
        upload_1m_ms: Math.round(uploadMs),
        first_quote_ms: Math.round(quoteMs[0]!),
        other_quotes_ms: quoteMs.slice(1).map(Math.round),
        goal: Math.max(...quoteMs) < 1500 ? 'met' : 'MISSED',
      },
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

const rows = [];
const quotes = [];
for (const kind of databases) {
  const r = await benchOne(kind);
  if (!r) continue;
  rows.push(...r.rows);
  quotes.push(r.quotes);
}
console.table(rows);
console.table(quotes);
console.log(
  JSON.stringify({
    connections,
    duration_s: duration,
    cpus: os.cpus().length,
    load_average: os.loadavg().map((x) => +x.toFixed(2)),
  }),
);
