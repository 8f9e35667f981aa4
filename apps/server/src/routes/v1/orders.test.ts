import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, printJobs } from '../../db/schema.js';
import { forgetJob } from '../../jobs/jobs.js';
import { uuidOfPublicId } from '../../lib/ids.js';
import { createTestApp, signedInUser, type TestApp, testDatabasesWithThread } from '../../test-helpers.js';
import { createKey, expectError, fixture, PARAMS, startModelServer, UK, upload, v1 } from './v1-testing.js';

/** Orders and shipping rates through the public API, on each database. */
describe.each(testDatabasesWithThread)('orders and shipping on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let op: { cookie: string; id: string };
  let adaTest: string;
  let adaLive: string;
  let bobTest: string;
  let cube: Buffer;
  let testFile: { id: string };
  let liveFile: { id: string };
  let models: Awaited<ReturnType<typeof startModelServer>>;

  beforeAll(async () => {
    cube = await fixture('cube_20mm.stl');
    models = await startModelServer(cube);
    t = await createTestApp(kind, {
      env: {
        ALLOW_PRIVATE_NETWORK: 'true',
        API_RATE_LIMIT: '100000',
        OPERATOR_EMAILS: 'ops@printloop.example',
      },
      build: { logger: false },
    });
    ada = await signedInUser(t.app, 'ada@example.com');
    const bob = await signedInUser(t.app, 'bob@example.com');
    op = await signedInUser(t.app, 'ops@printloop.example');
    adaTest = (await createKey(t, ada.cookie, 'test')).key;
    adaLive = (await createKey(t, ada.cookie, 'live')).key;
    bobTest = (await createKey(t, bob.cookie, 'test')).key;
    testFile = (await upload(t, adaTest, 'cube_20mm.stl', cube)).json();
    liveFile = (await upload(t, adaLive, 'cube_20mm.stl', cube)).json();
  });
  afterAll(async () => {
    await t?.close();
    await models?.close();
  });

  const orderCount = async () => (await t.app.database.db.select({ id: orders.id }).from(orders)).length;

  it("analyses a file again whose stored analysis is not whole (an older release's), and says so when it cannot", async () => {
    const file = (await upload(t, adaTest, 'old.stl', cube)).json();
    const jobId = uuidOfPublicId('file', file.id)!;
    const damage = async () => {
      await t.app.database.db
        .update(printJobs)
        .set({ analysis: {} as never })
        .where(eq(printJobs.id, jobId));
      forgetJob(ada.id, jobId);
    };
    const stored = async () =>
      (await t.app.database.db.select().from(printJobs).where(eq(printJobs.id, jobId)))[0]!;
    // an order line reads its job through a join, not the job cache
    await damage();
    const ordered = await v1(t, adaTest, 'POST', '/v1/orders', {
      items: [{ file_id: file.id, ...PARAMS, quantity: 1 }],
      shipping_address: UK,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect((await stored()).analysis).toMatchObject({ bbox: { size: [20, 20, 20] } });
    // a quote reads it through the job lookup
    await damage();
    const quoted = await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: file.id, ...PARAMS });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect((await stored()).analysis).toMatchObject({ fits_build_volume: true });
    // with its file gone too, a clear 422 (not a 500), and the row is left as it was
    await damage();
    await t.app.storage.delete((await stored()).filePath);
    expectError(
      await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: file.id, ...PARAMS }),
      422,
      'UNREADABLE_MODEL',
    );
    expect((await stored()).analysis).toEqual({});
  });

  it('places a test order from a file: queued, priced by the server, never on the farm', async () => {
    const res = await v1(t, adaTest, 'POST', '/v1/orders', {
      items: [{ file_id: testFile.id, ...PARAMS, quantity: 2 }],
      shipping_address: UK,
      external_id: 'etsy-1001',
      metadata: { channel: 'etsy' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    expect(o.id).toMatch(/^ord_/);
    expect(o).toMatchObject({
      object: 'order',
      livemode: false,
      status: 'queued',
      currency: 'GBP',
      external_id: 'etsy-1001',
      metadata: { channel: 'etsy' },
      shipping_address: { postal_code: 'SW1A 1AA', country: 'GB' },
    });
    expect(o.items).toHaveLength(1);
    expect(o.items[0]).toMatchObject({ file_id: testFile.id, quantity: 2 });
    expect(o.total_amount).toBe(o.net_amount + o.tax_amount);
    expect(o.net_amount).toBe(o.items_amount - o.discount_amount + o.fulfillment_amount + o.shipping_amount);
    expect(o.events.length).toBeGreaterThanOrEqual(1);
    expect(o.shipping.service).toBe('standard');

    // The farm's queue (operators' list, live by default) never shows it.
    const farm = await t.app.inject({
      method: 'GET',
      url: '/api/ops/orders?limit=100',
      headers: { cookie: op.cookie },
    });
    expect(farm.statusCode).toBe(200);
    expect(farm.json().data.map((x: { id: string }) => x.id)).not.toContain(o.id);

    const got = await v1(t, adaTest, 'GET', `/v1/orders/${o.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: o.id, status: 'queued', total_amount: o.total_amount });
    expect(got.json().events[0]).toMatchObject({
      object: 'order_event',
      from_status: null,
      to_status: 'queued',
    });
    for (const key of [adaLive, bobTest])
      expectError(await v1(t, key, 'GET', `/v1/orders/${o.id}`), 404, 'NOT_FOUND');
    expectError(await v1(t, adaTest, 'GET', '/v1/orders/ord_doesnotexist'), 404, 'NOT_FOUND');
  });

  it('refuses a live order from an account whose email is not confirmed; its test orders go through', async () => {
    const cleo = await signedInUser(t.app, 'cleo@example.com', undefined, { verified: false });
    const live = (await createKey(t, cleo.cookie, 'live')).key;
    const test = (await createKey(t, cleo.cookie, 'test')).key;
    const before = await orderCount();
    for (const key of [live, test]) {
      const file = (await upload(t, key, 'cube_20mm.stl', cube)).json();
      const res = await v1(t, key, 'POST', '/v1/orders', {
        items: [{ file_id: file.id, quantity: 1, ...PARAMS }],
        shipping_address: UK,
        shipping_service: 'standard',
      });
      if (key === live) {
        expectError(res, 403, 'FORBIDDEN');
        expect(res.json().error.message).toMatch(/confirm your email address/);
      } else {
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().livemode).toBe(false);
      }
    }
    expect(await orderCount()).toBe(before + 1);
  });

  it('prices a live order from a quote exactly as the web checkout does', async () => {
    const quote = (
      await v1(t, adaLive, 'POST', '/v1/quotes', { file_id: liveFile.id, ...PARAMS, quantity: 4 })
    ).json();
    const quoteUuid = quote.id.slice(4).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/preview',
      headers: { cookie: ada.cookie, origin: t.app.config.publicUrl },
      payload: { quote_id: quoteUuid, shipping_address: UK, shipping_service: 'standard' },
    });
    expect(web.statusCode, web.body).toBe(200);
    const res = await v1(t, adaLive, 'POST', '/v1/orders', {
      items: [{ quote_id: quote.id, quantity: 4 }],
      shipping_address: UK,
      shipping_service: 'standard',
    });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    // A live order without invoice terms waits for payment.
    expect(o).toMatchObject({ livemode: true, status: 'awaiting_payment', payment_terms: 'prepay' });
    for (const f of [
      'items_amount',
      'discount_amount',
      'fulfillment_amount',
      'shipping_amount',
      'tax_amount',
      'total_amount',
    ])
      expect(o[f], f).toBe(web.json()[f]);
    expect(o.items[0].quote_id).toBe(quote.id);
    // The web app lists the live API order as the customer's own.
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: ada.cookie } });
    expect(mine.json().data.map((x: { id: string }) => x.id)).toContain(o.id);
  });

  it('accepts the documented single-model payload, and products, as items', async () => {
    const single = await v1(t, adaTest, 'POST', '/v1/orders', {
      model_url: `${models.base}/cube.stl`,
      quantity: 1,
      material: 'PETG',
      color: 'clear',
      shipping_address: { ...UK, phone: '+44 20 7946 0000', email: 'priya@example.com' },
    });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().items[0]).toMatchObject({
      quantity: 1,
      parameters: { material: 'PETG', color: 'clear' },
    });

    const product = (
      await v1(t, adaTest, 'POST', '/v1/products', {
        name: 'Cube',
        file_id: testFile.id,
        materials: ['PLA'],
        defaults: { color: 'green', infill: 40 },
      })
    ).json();
    const fromProduct = await v1(t, adaTest, 'POST', '/v1/orders', {
      items: [
        { product_id: product.id, quantity: 3 },
        { file_id: testFile.id, ...PARAMS },
      ],
      shipping_address: UK,
      shipping_service: 'express',
    });
    expect(fromProduct.statusCode, fromProduct.body).toBe(201);
    const o = fromProduct.json();
    expect(o.items[0]).toMatchObject({
      product_id: product.id,
      quantity: 3,
      parameters: { color: 'green', infill: 40 },
    });
    expect(o.items[1]).toMatchObject({ file_id: testFile.id, quantity: 1 });
    expect(o.shipping.service).toBe('express');
  });

  it('names the field at fault and places nothing for a refused order', async () => {
    const before = await orderCount();
    const item = { file_id: testFile.id, ...PARAMS };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ items: [], shipping_address: UK }, 400, 'VALIDATION_ERROR', 'items'],
      [{ items: [item] }, 400, 'VALIDATION_ERROR', 'shipping_address'],
      [
        { items: [item], shipping_address: { ...UK, postal_code: 'nope' } },
        400,
        'VALIDATION_ERROR',
        'shipping_address.postal_code',
      ],
      [
        { items: [item], shipping_address: { ...UK, country: 'XX' } },
        400,
        'VALIDATION_ERROR',
        'shipping_address.country',
      ],
      [
        { items: [{ ...item, quantity: 0 }], shipping_address: UK },
        400,
        'VALIDATION_ERROR',
        'items[0].quantity',
      ],
      [
        { items: [item, { ...item, color: 'purple' }], shipping_address: UK },
        400,
        'VALIDATION_ERROR',
        'items[1].color',
      ],
      [{ items: [{ ...PARAMS }], shipping_address: UK }, 400, 'VALIDATION_ERROR', 'items[0].file_id'],
      [
        { items: [{ ...item, shape: 'round' }], shipping_address: UK },
        400,
        'VALIDATION_ERROR',
        'items[0].shape',
      ],
      [
        { items: [item], shipping_address: UK, shipping_service: 'teleport' },
        400,
        'VALIDATION_ERROR',
        'shipping_service',
      ],
      [
        {
          items: [item],
          shipping_address: UK,
          metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
        },
        400,
        'VALIDATION_ERROR',
        'metadata',
      ],
      [
        { items: [{ ...item, file_id: liveFile.id }], shipping_address: UK },
        404,
        'NOT_FOUND',
        'items[0].file_id',
      ],
      [
        { items: [{ quote_id: 'quo_0123', quantity: 1 }], shipping_address: UK },
        404,
        'NOT_FOUND',
        'items[0].quote_id',
      ],
      [
        { items: [{ ...item, model_url: `${models.base}/cube.stl` }], shipping_address: UK },
        400,
        'VALIDATION_ERROR',
        'items[0].file_id',
      ],
    ];
    for (const [body, status, code, param] of cases) {
      expectError(await v1(t, adaTest, 'POST', '/v1/orders', body), status, code, param);
    }
    expect(await orderCount()).toBe(before);
  });

  it('keeps external ids unique per account and mode, and filters by them and by status', async () => {
    const place = (key: string, file: string, external_id: string) =>
      v1(t, key, 'POST', '/v1/orders', {
        items: [{ file_id: file, ...PARAMS }],
        shipping_address: UK,
        external_id,
      });
    const first = (await place(adaTest, testFile.id, 'shop-42')).json();
    expectError(await place(adaTest, testFile.id, 'shop-42'), 409, 'CONFLICT', 'external_id');
    expect((await place(adaLive, liveFile.id, 'shop-42')).statusCode).toBe(201);

    const byExternal = (await v1(t, adaTest, 'GET', '/v1/orders?external_id=shop-42')).json();
    expect(byExternal.data.map((x: { id: string }) => x.id)).toEqual([first.id]);
    // Read (and remembered) before the change; read again after it, the change shows at once.
    expect((await v1(t, adaTest, 'GET', `/v1/orders/${first.id}`)).json().status).toBe('queued');
    const cancelled = await v1(t, adaTest, 'POST', `/v1/orders/${first.id}/cancel`, {
      reason: 'Customer changed their mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const reread = (await v1(t, adaTest, 'GET', `/v1/orders/${first.id}`)).json();
    expect(reread.status).toBe('cancelled');
    expect(reread.events.map((e: { to_status: string }) => e.to_status)).toEqual(['queued', 'cancelled']);
    const byStatus = (await v1(t, adaTest, 'GET', '/v1/orders?status=cancelled&limit=100')).json();
    expect(byStatus.data.map((x: { id: string }) => x.id)).toContain(first.id);
    expect(byStatus.data.every((x: { status: string }) => x.status === 'cancelled')).toBe(true);
    const queued = (await v1(t, adaTest, 'GET', '/v1/orders?status=queued&limit=100')).json();
    expect(queued.data.map((x: { id: string }) => x.id)).not.toContain(first.id);
    expectError(await v1(t, adaTest, 'GET', '/v1/orders?status=lost'), 400, 'VALIDATION_ERROR', 'status');

    // Cancelling twice, or another account's order, is refused.
    expectError(await v1(t, adaTest, 'POST', `/v1/orders/${first.id}/cancel`), 409, 'CONFLICT');
    expectError(await v1(t, bobTest, 'POST', `/v1/orders/${first.id}/cancel`), 404, 'NOT_FOUND');
    expectError(await v1(t, adaLive, 'POST', `/v1/orders/${first.id}/cancel`), 404, 'NOT_FOUND');
  });

  it('answers a remembered order with every change at once, and only to its own account and mode', async () => {
    const o = (
      await v1(t, adaTest, 'POST', '/v1/orders', {
        items: [{ file_id: testFile.id, ...PARAMS }],
        shipping_address: UK,
      })
    ).json();
    // Read twice (the second is remembered), then change it three ways: each read shows the change.
    for (let i = 0; i < 2; i++)
      expect((await v1(t, adaTest, 'GET', `/v1/orders/${o.id}`)).json().status).toBe('queued');
    const advanced = await v1(t, adaTest, 'POST', `/v1/test_helpers/orders/${o.id}/advance`);
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect((await v1(t, adaTest, 'GET', `/v1/orders/${o.id}`)).json().status).toBe('printing');
    // The simulated clock steps it (due now), as the worker would.
    await t.app.database.db
      .update(orders)
      .set({ nextStepAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, o.id));
    expect(await t.app.testClock.tick()).toBeGreaterThanOrEqual(1);
    const stepped = (await v1(t, adaTest, 'GET', `/v1/orders/${o.id}`)).json();
    expect(stepped.status).toBe('packaging');
    expect(stepped.events.map((e: { to_status: string }) => e.to_status)).toEqual([
      'queued',
      'printing',
      'packaging',
    ]);
    // Remembered or not, another account and the other mode get a 404.
    expectError(await v1(t, bobTest, 'GET', `/v1/orders/${o.id}`), 404, 'NOT_FOUND');
    expectError(await v1(t, adaLive, 'GET', `/v1/orders/${o.id}`), 404, 'NOT_FOUND');
  });

  it('refuses to cancel once printing has started', async () => {
    const o = (
      await v1(t, adaLive, 'POST', '/v1/orders', {
        items: [{ file_id: liveFile.id, ...PARAMS }],
        shipping_address: UK,
      })
    ).json();
    for (const action of ['record_payment', 'start_printing']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/ops/orders/${o.id}/actions`,
        headers: { cookie: op.cookie, origin: t.app.config.publicUrl },
        payload: { action },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const e = expectError(await v1(t, adaLive, 'POST', `/v1/orders/${o.id}/cancel`), 409, 'CONFLICT');
    expect(e.message).toMatch(/printing/i);
  });

  it('pages orders newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await v1(t, bobTest, 'POST', '/v1/orders', {
        model_url: `${models.base}/cube.stl`,
        ...PARAMS,
        shipping_address: UK,
      });
      expect(r.statusCode, r.body).toBe(201);
      ids.unshift(r.json().id);
    }
    const p1 = (await v1(t, bobTest, 'GET', '/v1/orders?limit=2')).json();
    expect(p1.data.map((x: { id: string }) => x.id)).toEqual(ids.slice(0, 2));
    expect(p1.has_more).toBe(true);
    const p2 = (await v1(t, bobTest, 'GET', `/v1/orders?limit=2&starting_after=${ids[1]}`)).json();
    expect(p2.data.map((x: { id: string }) => x.id)).toEqual([ids[2]]);
    expect(p2.has_more).toBe(false);
    const back = (await v1(t, bobTest, 'GET', `/v1/orders?limit=1&ending_before=${ids[2]}`)).json();
    expect(back.data.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
    expect(back.has_more).toBe(true);
    expectError(await v1(t, bobTest, 'GET', '/v1/orders?limit=101'), 400, 'VALIDATION_ERROR', 'limit');
    const foreign = (await v1(t, adaTest, 'GET', '/v1/orders?limit=1')).json().data[0].id;
    expectError(
      await v1(t, bobTest, 'GET', `/v1/orders?starting_after=${foreign}`),
      404,
      'NOT_FOUND',
      'starting_after',
    );
  });

  describe('shipping rates', () => {
    it('lists the five carriers for a weight, cheapest first', async () => {
      const res = await v1(t, adaTest, 'GET', '/v1/shipping/rates?country=DE&weight_grams=420');
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json();
      expect(list.object).toBe('list');
      // The five carriers, each where it serves (Europe and the rest of the world here).
      const world = (await v1(t, adaTest, 'GET', '/v1/shipping/rates?country=US&weight_grams=420')).json();
      const carriers = new Set([...list.data, ...world.data].map((r: { carrier: string }) => r.carrier));
      expect([...carriers].sort()).toEqual(['dhl', 'dpd', 'fedex', 'royal_mail', 'ups']);
      const amounts = list.data.map((r: { amount: number }) => r.amount);
      expect(amounts).toEqual([...amounts].sort((a: number, b: number) => a - b));
      for (const r of list.data) {
        expect(r.currency).toBe('GBP');
        expect(Number.isInteger(r.amount)).toBe(true);
        expect(r.estimated_days.min).toBeLessThanOrEqual(r.estimated_days.max);
      }
      const uk = (await v1(t, adaTest, 'GET', '/v1/shipping/rates?country=GB&weight_grams=420')).json();
      const standard = uk.data.find((r: { id: string }) => r.id === 'royal_mail:standard');
      expect(standard.estimated_days).toEqual({ min: 3, max: 5 });
    });

    it('weighs items as an order would, and refuses bad input', async () => {
      const light = (
        await v1(t, adaTest, 'POST', '/v1/shipping/rates', {
          country: 'GB',
          items: [{ file_id: testFile.id, material: 'PLA' }],
        })
      ).json();
      const heavy = await v1(t, adaTest, 'POST', '/v1/shipping/rates', {
        country: 'GB',
        items: [{ file_id: testFile.id, material: 'PLA', infill: 100, quantity: 200 }],
      });
      expect(heavy.statusCode, heavy.body).toBe(200);
      const id = light.data[0].id;
      const price = (l: { data: { id: string; amount: number }[] }) =>
        l.data.find((r) => r.id === id)!.amount;
      expect(price(heavy.json())).toBeGreaterThan(price(light));
      expectError(
        await v1(t, adaTest, 'GET', '/v1/shipping/rates?country=XX&weight_grams=1'),
        400,
        'VALIDATION_ERROR',
        'country',
      );
      expectError(
        await v1(t, adaTest, 'GET', '/v1/shipping/rates?country=GB'),
        400,
        'VALIDATION_ERROR',
        'weight_grams',
      );
      expectError(
        await v1(t, adaTest, 'GET', '/v1/shipping/rates?country=GB&weight_grams=-5'),
        400,
        'VALIDATION_ERROR',
        'weight_grams',
      );
      expectError(
        await v1(t, adaTest, 'POST', '/v1/shipping/rates', {
          country: 'GB',
          items: [{ file_id: liveFile.id }],
        }),
        404,
        'NOT_FOUND',
        'items[0].file_id',
      );
    });
  });
});
