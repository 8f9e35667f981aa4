/**
 * Placing an order from the web checkout (prints figures; asserts nothing but marks the goal): the
 * server time of `POST /api/orders` for a saved quote, one user at a time as a customer places orders
 * (the model's analysis was done when the quote was made, as in real use), against the built server
 * on PGlite with its data on disk (as `npm start` runs it). Goal: under 300 ms. Each placement is a
 * live order with its pro-forma invoice, number and first event, in one transaction.
 *
 *   npm run bench:orders            (builds first)   ORDERS=100
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';
import { confirmEmail, signIn, startServer } from './lib/server.ts';

const count = Number(process.env.ORDERS ?? 100);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-bench-orders-'));
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
const UK = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'SW1A 1AA',
  country: 'GB',
};

try {
  const cookie = await signIn(server.base, 'orders@example.com');
  await confirmEmail(path.join(dataDir, 'outbox'), 'orders@example.com');
  const headers = { cookie, origin: server.base, 'content-type': 'application/json' };
  // A stored model of 100,000 triangles, and a saved quote for it.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(toBinaryStl(torus(30, 10, 500, 100)))]), 'torus.stl');
  const up = await fetch(`${server.base}/api/jobs`, {
    method: 'POST',
    headers: { cookie, origin: server.base },
    body: form,
  });
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const jobId = ((await up.json()) as { job: { id: string } }).job.id;
  const saved = await fetch(`${server.base}/api/quotes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jobId,
      quantity: 3,
      parameters: {
        layerHeight: 0.2,
        filamentType: 'PLA',
        printSpeed: 60,
        infillPercentage: 20,
        supportRequired: false,
        postProcessing: [],
        color: 'black',
      },
    }),
  });
  if (saved.status !== 201) throw new Error(`quote: ${saved.status} ${await saved.text()}`);
  const quoteId = ((await saved.json()) as { id: string }).id;

  const place = async (i: number) => {
    const s = performance.now();
    const res = await fetch(`${server.base}/api/orders`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `bench-${Date.now()}-${i}` },
      body: JSON.stringify({ quote_id: quoteId, shipping_address: UK, shipping_service: 'standard' }),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`order: ${res.status} ${body}`);
    return performance.now() - s;
  };
  const preview = async () => {
    const s = performance.now();
    const res = await fetch(`${server.base}/api/checkout/preview`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ quote_id: quoteId, shipping_address: UK, shipping_service: 'standard' }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`preview: ${res.status}`);
    return performance.now() - s;
  };
  for (let i = 0; i < 5; i++) await place(-i - 1); // warm-up
  const times: number[] = [];
  const previews: number[] = [];
  for (let i = 0; i < count; i++) {
    previews.push(await preview());
    times.push(await place(i));
  }
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return +s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1);
  };
  console.table([
    {
      request: 'POST /api/checkout/preview',
      n: count,
      p50_ms: q(previews, 0.5),
      p95_ms: q(previews, 0.95),
      max_ms: q(previews, 1),
    },
    {
      request: 'POST /api/orders (place)',
      n: count,
      p50_ms: q(times, 0.5),
      p95_ms: q(times, 0.95),
      max_ms: q(times, 1),
    },
  ]);
  console.log(
    JSON.stringify({
      goal: q(times, 0.95) < 300 ? 'met (p95 under 300 ms)' : 'MISSED',
      load_average: os.loadavg().map((x) => +x.toFixed(2)),
    }),
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
