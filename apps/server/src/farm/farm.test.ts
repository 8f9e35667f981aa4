import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { farmJobs, printers, printJobs } from '../db/schema.js';
import { createKey, PARAMS, UK, upload, v1 } from '../routes/v1/v1-testing.js';
import {
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  type TestApp,
  testDatabases,
} from '../test-helpers.js';

const defaults = {
  layerHeight: 0.2,
  filamentType: 'PLA',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: false,
  postProcessing: [],
  color: 'black',
};
const uk = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'SW1A 1AA',
  country: 'GB',
};

interface FarmState {
  printers: {
    id: string;
    name: string;
    status: string;
    material: string;
    job: { id: string; order_id: string; progress: number } | null;
  }[];
  queue: {
    id: string;
    order_id: string;
    attempt: number;
    copies: number;
    planned: { printer_id: string } | null;
  }[];
  capacity: {
    total_printers: number;
    active_printers: number;
    busy_printers: number;
    current_capacity: number;
    queued_jobs: number;
    queued_orders: number;
    estimated_completion: string;
  };
}

describe.each(testDatabases)('the production floor on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let op: { cookie: string; id: string };
  let cube: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { OPERATOR_EMAILS: 'ops@printloop.example', FARM_PRINTERS: 'P01-P03:PLA:black,Big:PETG:white' },
      build: {
        logger: false,
        authRateLimit: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 } },
      },
    });
    ada = await signedInUser(t.app, 'ada@example.com');
    op = await signedInUser(t.app, 'ops@printloop.example');
    cube = new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl')));
  });
  afterAll(() => t?.close());

  const call = (
    who: { cookie: string } | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), origin: t.app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });
  const floor = async (): Promise<FarmState> => {
    const res = await call(op, 'GET', '/api/ops/farm');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const orderStatus = async (id: string) =>
    (await call(ada, 'GET', `/api/orders/${id}`)).json().status as string;

  /** A paid live order of `quantity` cubes, so queued. */
  async function queuedOrder(
    quantity: number,
    service = 'royal_mail:standard',
    model: { name: string; bytes: Uint8Array } = { name: 'cube_20mm.stl', bytes: cube },
    beforePayment?: (jobId: string) => Promise<void>,
  ): Promise<string> {
    const mp = multipart(model.name, model.bytes);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, cookie: ada.cookie, origin: t.app.config.publicUrl },
    });
    expect(up.statusCode, up.body).toBe(201);
    const q = await call(ada, 'POST', '/api/quotes', {
      jobId: up.json().job.id,
      parameters: defaults,
      quantity,
    });
    expect(q.statusCode, q.body).toBe(201);
    const preview = (
      await call(ada, 'POST', '/api/checkout/preview', {
        quote_id: q.json().id,
        shipping_address: uk,
        shipping_service: service,
      })
    ).json();
    const placed = await call(ada, 'POST', '/api/orders', {
      quote_id: q.json().id,
      shipping_address: uk,
      shipping_service: service,
      expected_total_amount: preview.total_amount,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as string;
    await beforePayment?.(up.json().job.id as string);
    const paid = await call(op, 'POST', `/api/ops/orders/${id}/actions`, { action: 'record_payment' });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  }

  it('starts with the fleet of FARM_PRINTERS, once', async () => {
    const s = await floor();
    expect(s.printers.map((p) => `${p.name}:${p.material}:${p.status}`)).toEqual([
      'Big:PETG:idle',
      'P01:PLA:idle',
      'P02:PLA:idle',
      'P03:PLA:idle',
    ]);
    expect(s.capacity).toMatchObject({
      total_printers: 4,
      active_printers: 4,
      busy_printers: 0,
      current_capacity: 0,
    });
    // A second app on the same database does not add another fleet.
    const { seedFleet } = await import('./farm.js');
    expect(await seedFleet(t.app)).toBe(0);
    expect(await t.app.database.db.select().from(printers)).toHaveLength(4);
  });

  it('refuses customers and visitors, and bad input', async () => {
    expect((await call(ada, 'GET', '/api/ops/farm')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/ops/farm')).statusCode).toBe(401);
    const p01 = (await floor()).printers.find((p) => p.name === 'P01')!;
    expect((await call(ada, 'POST', `/api/ops/printers/${p01.id}/start`)).statusCode).toBe(403);
    expect(
      (await call(op, 'POST', '/api/ops/printers', { name: '../x', material: 'PLA', color: 'black' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(op, 'POST', '/api/ops/printers', { name: 'P09', material: 'WOOD', color: 'black' }))
        .statusCode,
    ).toBe(400);
    expect((await call(op, 'PATCH', `/api/ops/printers/${p01.id}`, { status: 'printing' })).statusCode).toBe(
      400,
    );
    expect((await call(op, 'POST', '/api/ops/printers/prn_nope/finish')).statusCode).toBe(404);
    expect((await call(op, 'POST', `/api/ops/printers/${p01.id}/finish`)).statusCode).toBe(409);
    const dup = await call(op, 'POST', '/api/ops/printers', { name: 'P01', material: 'PLA', color: 'black' });
    expect(dup.statusCode).toBe(409);
  });

  it('queues a paid order as plates, prints it, fails and reprints one, and packs it when all are printed', async () => {
    // 60 cubes: more than one plate (56 fit a bed), so two plates.
    const orderId = await queuedOrder(60);
    let s = await floor();
    const mine = s.queue.filter((j) => j.order_id === orderId);
    expect(mine.map((j) => j.copies).reduce((a, b) => a + b, 0)).toBe(60);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    // PLA black: planned on the PLA printers, not on the PETG one.
    const big = s.printers.find((p) => p.name === 'Big')!;
    expect(mine.every((j) => j.planned && j.planned.printer_id !== big.id)).toBe(true);
    expect(s.capacity.queued_orders).toBeGreaterThanOrEqual(1);

    // Start the first plate on its planned printer: the order is printing.
    const target = mine[0]!.planned!.printer_id;
    const started = await call(op, 'POST', `/api/ops/printers/${target}/start`);
    expect(started.statusCode, started.body).toBe(200);
    s = started.json();
    const printing = s.printers.find((p) => p.id === target)!;
    expect(printing.status).toBe('printing');
    expect(printing.job?.order_id).toBe(orderId);
    expect(s.capacity.busy_printers).toBe(1);
    expect(await orderStatus(orderId)).toBe('printing');
    // A busy printer cannot start another.
    expect((await call(op, 'POST', `/api/ops/printers/${target}/start`)).statusCode).toBe(409);

    // It fails: recorded, and a reprint (attempt 2) takes its place in the queue.
    const failed = await call(op, 'POST', `/api/ops/printers/${target}/fail`, {
      reason: 'Spaghetti on layer 12',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    s = failed.json();
    expect(s.printers.find((p) => p.id === target)!.status).toBe('idle');
    expect(s.queue.filter((j) => j.order_id === orderId && j.attempt === 2)).toHaveLength(1);
    const rows = await t.app.database.db.select().from(farmJobs).where(eq(farmJobs.orderId, orderId));
    expect(rows.find((r) => r.status === 'failed')?.failureReason).toBe('Spaghetti on layer 12');

    // Print every plate to the end: the order moves to packaging by itself.
    for (let guard = 0; guard < 10; guard++) {
      s = await floor();
      const left = s.queue.filter((j) => j.order_id === orderId);
      if (left.length === 0) break;
      const printerId = left[0]!.planned!.printer_id;
      expect(
        (await call(op, 'POST', `/api/ops/printers/${printerId}/start`, { job_id: left[0]!.id })).statusCode,
      ).toBe(200);
      expect((await call(op, 'POST', `/api/ops/printers/${printerId}/finish`)).statusCode).toBe(200);
    }
    expect(await orderStatus(orderId)).toBe('packaging');
    // The timeline says the farm moved it: printing when its first plate started, packaging after the last.
    const timeline = (await call(ada, 'GET', `/api/orders/${orderId}`)).json().events as {
      to_status: string;
      actor: string;
    }[];
    expect(timeline.filter((e) => e.actor === 'system').map((e) => e.to_status)).toEqual([
      'printing',
      'packaging',
    ]);
  });

  it('puts express before older standard orders, and cancels the plates of a cancelled order', async () => {
    const standard = await queuedOrder(1);
    const express = await queuedOrder(1, 'dpd:express');
    const s = await floor();
    const order = s.queue.map((j) => j.order_id).filter((id) => id === standard || id === express);
    expect(order).toEqual([express, standard]);
    const cancelled = await call(op, 'POST', `/api/ops/orders/${standard}/actions`, {
      action: 'cancel',
      reason: 'Test',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await floor();
    expect(after.queue.some((j) => j.order_id === standard)).toBe(false);
  });

  it('moves the print of a printer taken offline back to the queue, and plans nothing on it', async () => {
    const orderId = await queuedOrder(1);
    let s = await floor();
    const job = s.queue.find((j) => j.order_id === orderId)!;
    const printerId = job.planned!.printer_id;
    expect(
      (await call(op, 'POST', `/api/ops/printers/${printerId}/start`, { job_id: job.id })).statusCode,
    ).toBe(200);
    // Filament cannot change mid-print.
    expect((await call(op, 'PATCH', `/api/ops/printers/${printerId}`, { material: 'ABS' })).statusCode).toBe(
      409,
    );
    const off = await call(op, 'PATCH', `/api/ops/printers/${printerId}`, { status: 'offline' });
    expect(off.statusCode, off.body).toBe(200);
    s = off.json();
    expect(s.printers.find((p) => p.id === printerId)!.status).toBe('offline');
    const again = s.queue.find((j) => j.order_id === orderId)!;
    expect(again.attempt).toBe(2);
    expect(again.planned?.printer_id).not.toBe(printerId);
    expect(s.queue.every((j) => j.planned?.printer_id !== printerId)).toBe(true);
    expect(s.capacity.active_printers).toBe(s.capacity.total_printers - 1);
    // Back in service, with another filament; a new printer joins the fleet.
    const back = await call(op, 'PATCH', `/api/ops/printers/${printerId}`, {
      status: 'idle',
      color: 'white',
    });
    expect(back.json().printers.find((p: { id: string }) => p.id === printerId)).toMatchObject({
      status: 'idle',
    });
    const added = await call(op, 'POST', '/api/ops/printers', {
      name: 'XL1',
      model: 'large',
      volume: { x: 400, y: 400, z: 400 },
      material: 'PLA',
      color: 'black',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().capacity.total_printers).toBe(5);
  });

  it('quotes a lead time that grows with the queue and shrinks when printers are added', async () => {
    // Lead times count business days to a 16:00 UTC dispatch cut-off, so the same queue is one day's
    // work on a Wednesday morning and fits before Monday's cut-off when quoted early on a Friday. The
    // app's clock runs from next Wednesday 08:00 UTC (ahead of the real time, never behind it).
    const real = new Date();
    const wednesday = Date.UTC(
      real.getUTCFullYear(),
      real.getUTCMonth(),
      real.getUTCDate() + ((3 - real.getUTCDay() + 7) % 7 || 7),
      8,
    );
    vi.useFakeTimers({ toFake: ['Date'], now: wednesday, shouldAdvanceTime: true });
    try {
      await leadTimeGrowsAndShrinks();
    } finally {
      vi.useRealTimers();
    }
  });

  async function leadTimeGrowsAndShrinks() {
    const { key } = await createKey(t, ada.cookie, 'test');
    const file = (await upload(t, key, 'cube.stl', cube)).json();
    const quoteDays = async () => {
      t.app.leadTimes.invalidate();
      const q = await v1(t, key, 'POST', '/v1/quotes', { file_id: file.id, ...PARAMS, quantity: 10 });
      expect(q.statusCode, q.body).toBe(201);
      return q.json().lead_time_days as number;
    };
    const before = await quoteDays();
    // A big order joins the queue: about 1,000 cubes of plates on three PLA printers.
    await queuedOrder(1000);
    await floor();
    const longer = await quoteDays();
    expect(longer).toBeGreaterThan(before);
    for (const name of ['Q01', 'Q02', 'Q03', 'Q04', 'Q05', 'Q06', 'Q07', 'Q08', 'Q09'])
      expect(
        (await call(op, 'POST', '/api/ops/printers', { name, material: 'PLA', color: 'black' })).statusCode,
      ).toBe(201);
    const shorter = await quoteDays();
    expect(shorter).toBeLessThan(longer);
  }

  it('plans a part that fits only on the diagonal, one a bed, on the printers it fits', async () => {
    const rail = new Uint8Array(await readFile(path.join(modelsDir, 'oversize_rail_300mm.stl')));
    const orderId = await queuedOrder(2, 'royal_mail:standard', { name: 'rail.stl', bytes: rail });
    const s = await floor();
    const plates = s.queue.filter((j) => j.order_id === orderId);
    expect(plates.map((j) => j.copies)).toEqual([1, 1]);
    expect(plates.every((j) => j.planned !== null)).toBe(true);
  });

  it("queues an order whose model's stored analysis has lost its box, by the item's own size", async () => {
    const orderId = await queuedOrder(2, 'royal_mail:standard', undefined, async (jobId) => {
      await t.app.database.db
        .update(printJobs)
        .set({ analysis: {} as never })
        .where(eq(printJobs.id, jobId));
    });
    const s = await floor();
    expect(s.queue.filter((j) => j.order_id === orderId).reduce((a, j) => a + j.copies, 0)).toBe(2);
  });

  it('keeps test-mode orders out of the farm', async () => {
    const { key } = await createKey(t, ada.cookie, 'test');
    const file = (await upload(t, key, 'cube.stl', cube)).json();
    const res = await v1(t, key, 'POST', '/v1/orders', {
      items: [{ file_id: file.id, ...PARAMS }],
      shipping_address: UK,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('queued');
    const s = await floor();
    expect(s.queue.some((j) => j.order_id === res.json().id)).toBe(false);
    expect(
      await t.app.database.db.select().from(farmJobs).where(eq(farmJobs.orderId, res.json().id)),
    ).toEqual([]);
  });
});
