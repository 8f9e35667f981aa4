import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DashboardDto } from '@printloop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { createKey, PARAMS, UK, upload, v1 } from '../routes/v1/v1-testing.js';
import {
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  type TestApp,
  testDatabases,
} from '../test-helpers.js';
import { csvCell } from './csv.js';

const defaults = {
  layerHeight: 0.2,
  filamentType: 'PLA',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: false,
  postProcessing: [],
  color: 'black',
};
const address = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'SW1A 1AA',
  country: 'GB',
};
const MIN = 60_000;

describe('CSV cells', () => {
  it('quotes by RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe.each(testDatabases)('the production dashboard on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let cy: { cookie: string; id: string };
  let op: { cookie: string; id: string };
  let cube: Uint8Array;
  const ids: Record<string, string> = {};
  const totals: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { OPERATOR_EMAILS: 'ops@printloop.example', FARM_PRINTERS: 'P01-P02:PLA:black' },
      build: {
        logger: false,
        authRateLimit: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 } },
      },
    });
    ada = await signedInUser(t.app, 'ada@example.com');
    bob = await signedInUser(t.app, 'bob@example.com');
    cy = await signedInUser(t.app, 'cy@example.com');
    op = await signedInUser(t.app, 'ops@printloop.example');
    cube = new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl')));
  });
  afterAll(() => t?.close());

  const call = (who: { cookie: string } | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), origin: t.app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });
  const board = async (who: { cookie: string }, query = ''): Promise<DashboardDto> => {
    const res = await call(who, 'GET', `/api/dashboard${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** A live order of `quantity` cubes placed by `who` (awaiting payment), named `fileName`. */
  async function place(who: { cookie: string }, fileName: string, service = 'royal_mail:standard') {
    const mp = multipart(fileName, cube);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, cookie: who.cookie, origin: t.app.config.publicUrl },
    });
    expect(up.statusCode, up.body).toBe(201);
    const q = await call(who, 'POST', '/api/quotes', {
      jobId: up.json().job.id,
      parameters: defaults,
      quantity: 1,
    });
    expect(q.statusCode, q.body).toBe(201);
    const body = { quote_id: q.json().id, shipping_address: address, shipping_service: service };
    const preview = (await call(who, 'POST', '/api/checkout/preview', body)).json();
    const placed = await call(who, 'POST', '/api/orders', {
      ...body,
      expected_total_amount: preview.total_amount,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json() as { id: string; total_amount: number; status: string };
  }
  const act = async (id: string, payload: object) => {
    const res = await call(op, 'POST', `/api/ops/orders/${id}/actions`, payload);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('asks a visitor to sign in', async () => {
    expect((await call(null, 'GET', '/api/dashboard')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/dashboard/orders.csv')).statusCode).toBe(401);
  });

  it('starts empty, with every stage without data and zero-filled charts', async () => {
    const d = await board(op);
    expect(d.scope).toBe('farm');
    expect(d.cards).toEqual({ orders_today: 0, in_production: 0, shipped_today: 0, revenue_this_month: 0 });
    expect(d.orders).toEqual({ data: [], has_more: false, next_cursor: null });
    expect(d.stage_timings.map((s) => [s.stage, s.verdict, s.samples])).toEqual([
      ['order_to_print', 'no_data', 0],
      ['print_to_package', 'no_data', 0],
      ['package_to_ship', 'no_data', 0],
      ['total', 'no_data', 0],
    ]);
    expect(d.charts.orders_24h).toHaveLength(24);
    expect(d.charts.print_volume_30d).toHaveLength(30);
    expect(d.charts.print_volume_12m).toHaveLength(12);
    expect(
      [...d.charts.orders_24h, ...d.charts.print_volume_30d, ...d.charts.print_volume_12m].every(
        (p) => p.value === 0,
      ),
    ).toBe(true);
    expect(d.capacity?.total_printers).toBe(2);
    expect(d.printers?.map((p) => p.name)).toEqual(['P01', 'P02']);
  });

  it('counts orders made through the domain, as computed by hand', async () => {
    // ada: a standard and an express order, paid; bob: one paid, one unpaid, one cancelled.
    for (const [name, who, file, service] of [
      ['a1', ada, 'bracket.stl', 'royal_mail:standard'],
      ['a2', ada, 'gear.stl', 'dpd:express'],
      ['b1', bob, 'hinge.stl', 'royal_mail:standard'],
      ['b2', bob, 'knob.stl', 'royal_mail:standard'],
      ['b3', bob, 'lid.stl', 'royal_mail:standard'],
    ] as const) {
      const o = await place(who, file, service);
      ids[name] = o.id;
      totals[name] = o.total_amount;
    }
    for (const name of ['a1', 'a2', 'b1']) await act(ids[name]!, { action: 'record_payment' });
    await act(ids.b3!, { action: 'cancel', reason: 'Changed my mind' });

    // A test-mode order never counts.
    const { key } = await createKey(t, ada.cookie, 'test');
    const file = (await upload(t, key, 'cube.stl', cube)).json();
    const testOrder = await v1(t, key, 'POST', '/v1/orders', {
      items: [{ file_id: file.id, ...PARAMS }],
      shipping_address: UK,
    });
    expect(testOrder.statusCode, testOrder.body).toBe(201);

    const d = await board(op);
    expect(d.cards).toEqual({
      orders_today: 4,
      in_production: 3,
      shipped_today: 0,
      revenue_this_month: totals.a1! + totals.a2! + totals.b1! + totals.b2!,
    });
    // Newest first: b2 is awaiting payment and b3 cancelled, so not active.
    expect(d.orders.data.map((r) => r.id)).toEqual([ids.b1, ids.a2, ids.a1]);
    const a2 = d.orders.data.find((r) => r.id === ids.a2)!;
    expect(a2).toMatchObject({
      customer: 'ada@example.com',
      product: 'gear.stl',
      status: 'queued',
      priority: 'high',
      progress: 0,
      total_amount: totals.a2,
      currency: 'GBP',
    });
    expect(a2.remaining_seconds).toBeGreaterThan(0);
    expect(d.orders.data.find((r) => r.id === ids.a1)!.priority).toBe('normal');
    expect(d.orders.data.some((r) => r.id === testOrder.json().id)).toBe(false);
    expect(d.capacity?.queued_orders).toBe(3);
    expect(d.lead_time_days).toBeGreaterThanOrEqual(1);
    expect(d.charts.orders_24h.at(-1)!.value).toBe(5);
  });

  it('follows prints on the farm: printing, packaging, shipping', async () => {
    // The plan gives P01 the express order first.
    const started = await call(op, 'POST', `/api/ops/printers/${(await board(op)).printers![0]!.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    let d = await board(op);
    const printing = d.orders.data.find((r) => r.status === 'printing')!;
    expect(printing.id).toBe(ids.a2);
    expect(printing.progress).toBeGreaterThanOrEqual(0);
    expect(printing.progress).toBeLessThan(1);
    expect(d.charts.print_volume_30d.at(-1)!.value).toBe(1);
    expect(d.charts.print_volume_12m.at(-1)!.value).toBe(1);
    expect(d.printers![0]!.job?.order_id).toBe(ids.a2);

    expect((await call(op, 'POST', `/api/ops/printers/${d.printers![0]!.id}/finish`)).statusCode).toBe(200);
    d = await board(op);
    expect(d.orders.data.find((r) => r.id === ids.a2)).toMatchObject({
      status: 'packaging',
      progress: 1,
      remaining_seconds: null,
    });
    await act(ids.a2!, { action: 'ship', carrier: 'royal_mail', tracking_number: 'RM123456785GB' });
    d = await board(op);
    expect(d.cards).toMatchObject({ in_production: 2, shipped_today: 1, orders_today: 4 });
    expect(d.orders.data.find((r) => r.id === ids.a2)!.status).toBe('shipped');
    const timings = Object.fromEntries(d.stage_timings.map((s) => [s.stage, s]));
    for (const stage of ['order_to_print', 'print_to_package', 'package_to_ship', 'total'])
      expect(timings[stage]).toMatchObject({ samples: 1, verdict: 'ahead' });
  });

  it('filters by status, priority and text, and pages with a cursor', async () => {
    const only = async (q: string) => (await board(op, q)).orders.data.map((r) => r.id);
    expect(await only('?status=shipped')).toEqual([ids.a2]);
    expect(await only('?status=awaiting_payment')).toEqual([ids.b2]);
    expect(await only('?priority=high')).toEqual([ids.a2]);
    expect(await only('?priority=normal')).toEqual([ids.b1, ids.a1]);
    expect(await only('?q=bob%40example')).toEqual([ids.b1]);
    expect(await only('?q=BRACKET')).toEqual([ids.a1]);
    expect(await only(`?q=${ids.a1}`)).toEqual([ids.a1]);
    expect(await only('?q=%25')).toEqual([]);
    const first = await board(op, '?limit=2');
    expect(first.orders.data.map((r) => r.id)).toEqual([ids.b1, ids.a2]);
    expect(first.orders.has_more).toBe(true);
    const second = await board(op, `?limit=2&cursor=${first.orders.next_cursor}`);
    expect(second.orders.data.map((r) => r.id)).toEqual([ids.a1]);
    expect(second.orders).toMatchObject({ has_more: false, next_cursor: null });
    expect((await call(op, 'GET', '/api/dashboard?cursor=nonsense')).statusCode).toBe(400);
    expect((await call(op, 'GET', '/api/dashboard?limit=101')).statusCode).toBe(400);
    expect((await call(op, 'GET', `/api/dashboard?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('shows a customer their own orders only, without emails or printers', async () => {
    const d = await board(ada);
    expect(d.scope).toBe('customer');
    expect(d.capacity).toBeNull();
    expect(d.printers).toBeNull();
    expect(d.lead_time_days).toBeGreaterThanOrEqual(1);
    expect(d.orders.data.map((r) => r.id)).toEqual([ids.a2, ids.a1]);
    expect(d.orders.data.every((r) => r.customer === null)).toBe(true);
    expect(d.cards).toEqual({
      orders_today: 2,
      in_production: 1,
      shipped_today: 1,
      revenue_this_month: totals.a1! + totals.a2!,
    });
    // Searching another's email or order id finds nothing. (The email with its @: a bare "bob"
    // can occur in a random order id of ada's own, case-insensitively.)
    expect((await board(ada, '?q=bob%40example')).orders.data).toEqual([]);
    expect((await board(ada, `?q=${ids.b1}`)).orders.data).toEqual([]);
    // Another customer's cursor is refused.
    const bobs = await board(bob, '?limit=1');
    expect(bobs.orders.data.map((r) => r.id)).toEqual([ids.b1]);
    expect(
      (await call(ada, 'GET', `/api/dashboard?cursor=${Buffer.from(`o1:${ids.b1}`).toString('base64url')}`))
        .statusCode,
    ).toBe(400);
    expect(bobs.cards).toEqual({
      orders_today: 2,
      in_production: 1,
      shipped_today: 0,
      revenue_this_month: totals.b1! + totals.b2!,
    });
    expect(bobs.charts.print_volume_30d.every((p) => p.value === 0)).toBe(true);
    expect(bobs.stage_timings.every((s) => s.verdict === 'no_data')).toBe(true);
  });

  it('measures stage medians over the last 7 days from the events', async () => {
    // cy's orders stay unpaid; their events are written at chosen times.
    const c1 = (await place(cy, 'c1.stl')).id;
    const c2 = (await place(cy, 'c2.stl')).id;
    const c3 = (await place(cy, 'c3.stl')).id;
    const now = Date.now();
    const ev = (orderId: string, from: string, to: string, at: number) => ({
      id: newId('oev'),
      orderId,
      createdAt: new Date(at),
      fromStatus: from,
      toStatus: to,
      action: 'test',
      actorType: 'system',
      actorId: null,
    });
    const t1 = now - 3 * 60 * MIN;
    const t2 = now - 2 * 60 * MIN;
    const t3 = now - 8 * 24 * 60 * MIN;
    await t.app.database.db.insert(orderEvents).values([
      ev(c1, 'awaiting_payment', 'queued', t1),
      ev(c1, 'queued', 'printing', t1 + 20 * MIN),
      ev(c1, 'printing', 'packaging', t1 + 100 * MIN),
      ev(c1, 'packaging', 'shipped', t1 + 121 * MIN),
      ev(c2, 'awaiting_payment', 'queued', t2),
      ev(c2, 'queued', 'printing', t2 + 40 * MIN),
      // Outside the 7 days: not counted.
      ev(c3, 'awaiting_payment', 'queued', t3),
      ev(c3, 'queued', 'printing', t3 + 500 * MIN),
    ]);
    const d = await board(cy);
    expect(d.stage_timings).toEqual([
      { stage: 'order_to_print', target_minutes: 30, median_minutes: 30, samples: 2, verdict: 'ahead' },
      { stage: 'print_to_package', target_minutes: 60, median_minutes: 80, samples: 1, verdict: 'behind' },
      { stage: 'package_to_ship', target_minutes: 30, median_minutes: 21, samples: 1, verdict: 'ahead' },
      { stage: 'total', target_minutes: 120, median_minutes: 121, samples: 1, verdict: 'behind' },
    ]);
    expect(d.cards.shipped_today).toBe(
      now - (t1 + 121 * MIN) < now - Math.floor(now / 86_400_000) * 86_400_000 ? 1 : 0,
    );
    // The farm's medians include ada's order too: two order-to-print samples of cy's, one of ada's.
    const farm = await board(op);
    expect(farm.stage_timings[0]!.samples).toBe(3);
    // Bob sees none of it.
    expect((await board(bob)).stage_timings.every((s) => s.samples === 0)).toBe(true);
  });

  it('gives the same figures twice when nothing changes', async () => {
    // Projections from the clock (an idle printer's plan starts "now") move with it; the figures do not.
    const strip = (d: DashboardDto) => ({
      ...d,
      generated_at: '',
      capacity: d.capacity && { ...d.capacity, estimated_completion: '' },
      printers: d.printers?.map((p) => ({ ...p, free_at: '' })),
      orders: { ...d.orders, data: d.orders.data.map((r) => ({ ...r, progress: 0, remaining_seconds: 0 })) },
    });
    const a = await board(op);
    const b = await board(op);
    expect(strip(b)).toEqual(strip(a));
    expect(b.cards).toEqual(a.cards);
    expect(b.charts).toEqual(a.charts);
    expect(b.stage_timings).toEqual(a.stage_timings);
  });

  it('exports the filtered rows as CSV, scoped like the table', async () => {
    const res = await call(op, 'GET', '/api/dashboard/orders.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="printloop-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'order_id,customer,product,status,progress_percent,remaining_seconds,total,currency,created_at,priority',
    );
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -1);
    expect(body.map((l) => l.split(',')[0])).toEqual([ids.b1, ids.a2, ids.a1]);
    expect(body[1]).toBe(
      `${ids.a2},ada@example.com,gear.stl,shipped,100,,${(totals.a2! / 100).toFixed(2)},GBP,${(await board(op, '?status=shipped')).orders.data[0]!.created_at},high`,
    );
    const mine = await call(ada, 'GET', '/api/dashboard/orders.csv?priority=normal');
    expect(mine.statusCode).toBe(200);
    const mineLines = mine.body.split('\r\n');
    expect(mineLines[0]).toBe(
      'order_id,product,status,progress_percent,remaining_seconds,total,currency,created_at,priority',
    );
    expect(mineLines.slice(1, -1).map((l) => l.split(',')[0])).toEqual([ids.a1]);
    expect(mine.body).not.toContain('@example.com');
    expect((await call(op, 'GET', '/api/dashboard/orders.csv?limit=5')).statusCode).toBe(400);
  });
});
