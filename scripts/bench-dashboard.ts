/**
 * Production dashboard benchmark (prints figures; asserts nothing but marks each goal), in process on
 * the built server (apps/server/dist), on PGlite (data on disk, as `npm start` runs it) and on
 * PostgreSQL (a fresh database on DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * skipped when it cannot be reached).
 *
 * A generator fills the database in bulk (INSERT … SELECT generate_series) with ORDERS orders (default
 * 100,000) spread evenly over the last 12 months, each with one item, and EVENTS order events (default
 * 1,000,000). Statuses follow the order's age through the lifecycle (placed, paid 10 min later, printing
 * at 40 min, packaging at 2 h 40, shipped at 3 h 10, delivered after 2 days; each order's pace scaled by
 * 0.5–1.5), with every status change an event at its time; 1 in 50 is cancelled a day after it was placed
 * and 1 in 50 is a test-mode order. The lifecycle gives about 5.8 events an order; the rest up to EVENTS
 * are events that change no status (action `note`, from and to the status of a delivered or cancelled
 * order, between its last change and now), so the events table and its indexes hold the full count.
 *
 * Then: `GET /api/dashboard` (cards, capacity, printers, first page of 25, stage timings, three charts)
 * timed in process with app.inject, as an operator (the farm) and as a customer owning 1 in 200 orders
 * (goal: under 200 ms, median and p95 of RUNS); and the CSV export of the delivered orders (about
 * 95,000 rows, the largest single-status filter) over HTTP, streamed and read chunk by chunk, with the
 * process's RSS and heap before, at peak (sampled every 20 ms) and after.
 *
 *   npm run bench:dashboard      (builds first)   ORDERS=100000 EVENTS=1000000 RUNS=20 DATABASES=pglite,postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { postgresDatabase } from './lib/server.ts';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 20);
const USERS = 200;
const databases = (process.env.DATABASES ?? 'pglite,postgres').split(',');
const GOAL_MS = 200;

async function signIn(app: FastifyInstance, email: string): Promise<{ cookie: string; id: string }> {
  const origin = app.config.publicUrl;
  const password = 'bench-pass-1';
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: email.split('@')[0] },
    headers: { origin },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password, rememberMe: false },
    headers: { origin },
  });
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const cookie = list.find((c) => c.startsWith('printloop.session_token='))?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
  return { cookie, id: res.json().user.id as string };
}

/** The bulk generator: users, one upload each, orders with one item, their events. */
async function generate(app: FastifyInstance, customerId: string) {
  const db = app.database.db;
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  const now = new Date().toISOString();
  await run(sql`insert into "user" (id, name, email)
    select 'bench_u_' || k, 'Customer ' || k, 'customer' || k || '@bench.example'
    from generate_series(1, ${USERS - 1}) k`);
  await run(sql`insert into print_jobs (id, user_id, file_path, file_name, file_size, format, analysis)
    select ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid,
      case when k = 0 then ${customerId} else 'bench_u_' || k end,
      'models/bench/' || k || '.stl', 'part.stl', 684, 'stl', '{}'::jsonb
    from generate_series(0, ${USERS - 1}) k`);
  // Each order: its age, its pace factor f, and how far through the lifecycle that age takes it.
  await run(sql`create temporary table bench_orders as
    select n, 'ord_bench' || lpad(n::text, 8, '0') as id,
      case when n % ${USERS} = 0 then ${customerId} else 'bench_u_' || (n % ${USERS}) end as user_id,
      (n % ${USERS}) as k,
      ${now}::timestamptz - ((n + 0.5) * interval '365 days' / ${ORDERS}) as created_at,
      0.5 + ((n * 7919) % 101) / 100.0 as f,
      n % 50 <> 3 as livemode
    from generate_series(0, ${ORDERS - 1}) n`);
  await run(
    sql`alter table bench_orders add column age interval, add column stage int, add column cancelled boolean`,
  );
  await run(sql`update bench_orders set age = ${now}::timestamptz - created_at`);
  await run(sql`update bench_orders set
    cancelled = (n % 50 = 7 and age >= interval '1 day'),
    stage = (age >= interval '10 minutes' * f)::int + (age >= interval '40 minutes' * f)::int
      + (age >= interval '160 minutes' * f)::int + (age >= interval '190 minutes' * f)::int
      + (age >= interval '2 days' * f)::int`);
  await run(
    sql`create temporary table bench_steps (step int, off interval, from_s text, to_s text, action text, actor text)`,
  );
  await run(sql`insert into bench_steps values
    (0, interval '0', null, 'awaiting_payment', 'place', 'customer'),
    (1, interval '10 minutes', 'awaiting_payment', 'queued', 'record_payment', 'operator'),
    (2, interval '40 minutes', 'queued', 'printing', 'start_printing', 'system'),
    (3, interval '160 minutes', 'printing', 'packaging', 'pack', 'system'),
    (4, interval '190 minutes', 'packaging', 'shipped', 'ship', 'operator'),
    (5, interval '2 days', 'shipped', 'delivered', 'deliver', 'system')`);
  await run(sql`insert into orders (id, user_id, livemode, status, items_amount, discount_amount, fulfillment_amount,
      shipping_amount, net_amount, tax_amount, total_amount, tax, shipping_address, shipping, lead_time_days,
      estimated_delivery, payment_terms, price_table_version, placed_via, created_at, updated_at)
    select b.id, b.user_id, b.livemode,
      case when b.cancelled then 'cancelled'
        else (array['awaiting_payment','queued','printing','packaging','shipped','delivered'])[b.stage + 1] end,
      1000 + (b.n % 97) * 50, 0, 250, 399, 1649 + (b.n % 97) * 50, (1649 + (b.n % 97) * 50) / 5,
      (1649 + (b.n % 97) * 50) * 6 / 5,
      '{"kind":"uk_standard","rate":0.2,"label":"VAT 20%"}'::jsonb,
      jsonb_build_object('name', 'Customer ' || b.k, 'street', b.n || ' High Street', 'city', 'London',
        'postal_code', 'SW1A 1AA', 'country', 'GB'),
      jsonb_build_object('id', case when b.n % 10 = 0 then 'dpd:express' else 'royal_mail:standard' end,
        'carrier', case when b.n % 10 = 0 then 'dpd' else 'royal_mail' end,
        'carrier_name', case when b.n % 10 = 0 then 'DPD' else 'Royal Mail' end,
        'service', case when b.n % 10 = 0 then 'express' else 'standard' end,
        'amount', 399, 'estimated_days', '{"min":1,"max":3}'::jsonb, 'parcels', 1, 'weight_g', 120,
        'rate_table_version', 'bench'),
      3, (b.created_at + interval '5 days')::date, 'prepay', 'bench', 'web', b.created_at,
      b.created_at + coalesce((select s.off * b.f from bench_steps s where s.step = b.stage), interval '0')
    from bench_orders b`);
  await run(sql`insert into order_items (id, order_id, position, job_id, file_name, file_path, units, dimensions,
      parameters, quantity, unit_amount, subtotal_amount, discount_amount, estimate, price)
    select 'oi_bench' || lpad(b.n::text, 8, '0'), b.id, 0,
      ('00000000-0000-4000-8000-' || lpad(b.k::text, 12, '0'))::uuid,
      'part-' || b.n || '.stl', 'models/bench/' || b.k || '.stl', 'mm', '{"x":20,"y":20,"z":20}'::jsonb,
      '{"layerHeight":0.2,"filamentType":"PLA","printSpeed":60,"infillPercentage":20,"supportRequired":false,"postProcessing":[],"color":"black"}'::jsonb,
      1 + b.n % 3, 1000, 1000, 0, '{"print_time_s":2400,"filament_g":12,"layers":100}'::jsonb, '{}'::jsonb
    from bench_orders b`);
  // Every status change an event, at its time.
  await run(sql`insert into order_events (id, order_id, created_at, from_status, to_status, action, actor_type, data)
    select 'oev_bench' || b.n || '_' || s.step, b.id, b.created_at + s.off * b.f, s.from_s, s.to_s, s.action, s.actor, '{}'::jsonb
    from bench_orders b join bench_steps s on s.step <= (case when b.cancelled then 0 else b.stage end)`);
  await run(sql`insert into order_events (id, order_id, created_at, from_status, to_status, action, actor_type, data)
    select 'oev_bench' || b.n || '_c', b.id, b.created_at + interval '1 day', 'awaiting_payment', 'cancelled',
      'cancel', 'customer', '{}'::jsonb
    from bench_orders b where b.cancelled`);
  const counted = (await db.execute(sql`select count(*)::int as n from order_events`)) as unknown as {
    rows: { n: number }[];
  };
  const lifecycle = Number(counted.rows[0]!.n);
  const extra = Math.max(0, EVENTS - lifecycle);
  // The rest: events that change no status, on orders that are done (delivered or cancelled), between
  // their last change and now.
  await run(sql`insert into order_events (id, order_id, created_at, from_status, to_status, action, actor_type, data)
    select 'oev_note' || d.m, d.id, d.updated_at + (${now}::timestamptz - d.updated_at) * ((d.m * 7) % 10) / 10.0,
      d.status, d.status, 'note', 'operator', '{}'::jsonb
    from (
      select m, o.id, o.updated_at, o.status,
        row_number() over () as r
      from (select id, updated_at, status, row_number() over (order by id) as i
            from orders where status in ('delivered', 'cancelled')) o
      join generate_series(0, ${extra - 1}) m
        on o.i = 1 + m % (select count(*) from orders where status in ('delivered', 'cancelled'))
    ) d`);
  await run(sql`drop table bench_orders`);
  await run(sql`drop table bench_steps`);
  await run(sql`analyze`);
  return { lifecycle, extra };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function timeDashboard(app: FastifyInstance, cookie: string) {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < RUNS + 2; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
    const took = performance.now() - s;
    if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
    body = res.body;
    if (i >= 2) times.push(took);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p95: pct(times, 95), body: JSON.parse(body) };
}

async function exportCsv(app: FastifyInstance, cookie: string) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const s = performance.now();
  const res = await fetch(`${address}/api/dashboard/orders.csv?status=delivered`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`csv: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
  }
  const took = performance.now() - s;
  clearInterval(timer);
  const after = process.memoryUsage();
  return { rows: lines - 1, bytes, took, before, after, peakRss, peakHeap };
}

async function benchOne(kind: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-bench-dashboard-'));
  const database = kind === 'postgres' ? await postgresDatabase() : null;
  if (kind === 'postgres' && !database) return null;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    OPERATOR_EMAILS: 'ops@bench.example',
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  try {
    const op = await signIn(app, 'ops@bench.example');
    const customer = await signIn(app, 'customer0@bench.example');
    const g0 = performance.now();
    const { lifecycle, extra } = await generate(app, customer.id);
    const genS = (performance.now() - g0) / 1000;
    console.log(
      `${kind}: generated ${ORDERS.toLocaleString('en-GB')} orders and ${(lifecycle + extra).toLocaleString('en-GB')} events (${lifecycle.toLocaleString('en-GB')} status changes) in ${genS.toFixed(0)} s`,
    );
    const farm = await timeDashboard(app, op.cookie);
    const own = await timeDashboard(app, customer.cookie);
    const csv = await exportCsv(app, op.cookie);
    return { kind, farm, own, csv };
  } finally {
    await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const kind of databases) {
  const r = await benchOne(kind);
  if (r) results.push(r);
}
console.log('');
console.log('| database | what | median | p95 | goal |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  for (const [what, t] of [
    ['GET /api/dashboard, operator (farm)', r.farm],
    ['GET /api/dashboard, customer (own)', r.own],
  ] as const) {
    console.log(
      `| ${r.kind} | ${what} | ${ms(t.median)} | ${ms(t.p95)} | < ${GOAL_MS} ms: ${t.p95 < GOAL_MS ? 'met' : t.median < GOAL_MS ? 'met at the median, missed at p95' : 'missed'} |`,
    );
  }
}
console.log('');
console.log('| database | CSV rows | size | time | RSS before / peak / after | heap before / peak / after |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  const c = r.csv;
  console.log(
    `| ${r.kind} | ${c.rows.toLocaleString('en-GB')} | ${mb(c.bytes)} | ${(c.took / 1000).toFixed(1)} s | ${mb(c.before.rss)} / ${mb(c.peakRss)} / ${mb(c.after.rss)} | ${mb(c.before.heapUsed)} / ${mb(c.peakHeap)} / ${mb(c.after.heapUsed)} |`,
  );
}
console.log('');
for (const r of results) {
  const d = r.farm.body;
  console.log(
    `${r.kind} farm figures: cards ${JSON.stringify(d.cards)}; ${d.orders.data.length} rows; timings ${d.stage_timings
      .map(
        (s: { stage: string; median_minutes: number | null; samples: number }) =>
          `${s.stage} ${s.median_minutes} min (${s.samples})`,
      )
      .join(', ')}; 12 months ${d.charts.print_volume_12m.map((p: { value: number }) => p.value).join(' ')}`,
  );
}
