import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, webhookEndpoints } from '../db/schema.js';
import { createKey, expectError, fixture, PARAMS, UK, upload, v1 } from '../routes/v1/v1-testing.js';
import { createTestApp, signedInUser, type TestApp, testDatabasesWithThread } from '../test-helpers.js';
import { type Received, startReceiver } from './receiver-testing.js';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The payload of a delivery, verified with the third-party Standard Webhooks library. */
function verified(secret: string, r: Received) {
  const headers = {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(r.body, headers) as {
    id: string;
    type: string;
    livemode: boolean;
    data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  };
}

describe.each(testDatabasesWithThread)('webhooks on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let cube: Buffer;

  beforeAll(async () => {
    cube = await fixture('cube_20mm.stl');
    receiver = await startReceiver((path, n) => {
      if (path.startsWith('/flaky')) return { status: n <= 2 ? 500 : 200 };
      if (path.startsWith('/slow')) return n === 1 ? { status: 200, delayMs: 3000 } : { status: 200 };
      if (path.startsWith('/always-500')) return { status: 500 };
      if (path.startsWith('/gone')) return { status: 410 };
      return { status: 200 };
    });
    t = await createTestApp(kind, {
      env: {
        ALLOW_PRIVATE_NETWORK: 'true',
        API_RATE_LIMIT: '100000',
        WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2',
        WEBHOOK_TIMEOUT_S: '2',
        TEST_MODE_STEP_SECONDS: '3600',
      },
      build: { logger: false, webhooks: { pollMs: 20 } },
    });
    t.app.webhooks.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A fresh account with a test key and a live key, so each test hears only its own events. */
  async function account() {
    const u = await signedInUser(t.app, `dev.${randomUUID().slice(0, 8)}@example.com`);
    return {
      ...u,
      test: (await createKey(t, u.cookie, 'test')).key,
      live: (await createKey(t, u.cookie, 'live')).key,
    };
  }
  async function endpoint(key: string, path: string, events?: string[]) {
    const res = await v1(t, key, 'POST', '/v1/webhook_endpoints', {
      url: receiver.url(path),
      ...(events ? { events } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  }
  async function testOrder(key: string) {
    const file = (await upload(t, key, 'cube.stl', cube)).json();
    const res = await v1(t, key, 'POST', '/v1/orders', {
      items: [{ file_id: file.id, ...PARAMS }],
      shipping_address: UK,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  const deliveries = async (cookie: string, endpointId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/webhook-endpoints/${endpointId}/deliveries`,
        headers: { cookie },
      })
    ).json().data as {
      status: string;
      attempts: number;
      event_type: string;
      attempt_log: {
        status_code: number | null;
        error: string | null;
        duration_ms: number;
        response_body: string | null;
      }[];
    }[];

  it("signs every event of a test order's whole life (Standard Webhooks), in order", async () => {
    const a = await account();
    const path = `/life-${randomUUID()}`;
    const ep = await endpoint(a.test, path);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const order = await testOrder(a.test);
    for (let i = 0; i < 4; i++) {
      const r = await v1(t, a.test, 'POST', `/v1/test_helpers/orders/${order.id}/advance`);
      expect(r.statusCode, r.body).toBe(200);
    }
    await receiver.waitFor(() => receiver.unique(path).length >= 7);
    const got = receiver.unique(path).map((r) => verified(ep.secret, r));
    expect(got.map((e) => e.type)).toEqual([
      'order.created',
      'order.updated',
      'order.updated',
      'order.updated',
      'order.shipped',
      'order.updated',
      'order.delivered',
    ]);
    expect(got.every((e) => e.livemode === false && e.data.object.id === order.id)).toBe(true);
    expect(
      got.filter((e) => e.type === 'order.updated').map((e) => e.data.previous_attributes?.status),
    ).toEqual(['queued', 'printing', 'packaging', 'shipped']);
    expect(got.map((e) => e.data.object.status)).toEqual([
      'queued',
      'printing',
      'packaging',
      'shipped',
      'shipped',
      'delivered',
      'delivered',
    ]);
    const shipped = got.find((e) => e.type === 'order.shipped')!;
    expect(shipped.data.object.tracking_number).toMatch(/^TEST\d{10}$/);
    expect(shipped.data.previous_attributes).toMatchObject({ status: 'packaging', tracking_number: null });
    // The webhook-id is the event's id; the events are listed newest first.
    for (const r of receiver.on(path)) expect(JSON.parse(r.body).id).toBe(r.headers['webhook-id']);
    const listed = (await v1(t, a.test, 'GET', '/v1/events?limit=100')).json();
    expect(listed.data.map((e: { id: string }) => e.id)).toEqual(got.map((e) => e.id).reverse());
    const one = await v1(t, a.test, 'GET', `/v1/events/${got[0]!.id}`);
    expect(one.json()).toMatchObject({ id: got[0]!.id, type: 'order.created' });
    // A changed body or another secret fails verification.
    const first = receiver.unique(path)[0]!;
    expect(() => verified(ep.secret, { ...first, body: first.body.replace('queued', 'shipped') })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, first)).toThrow(
      WebhookVerificationError,
    );
    // Delivered with nothing left to do: the helper says so.
    expectError(await v1(t, a.test, 'POST', `/v1/test_helpers/orders/${order.id}/advance`), 409, 'CONFLICT');
  });

  it('sends order.updated and order.cancelled on cancelling, and only the types an endpoint asked for', async () => {
    const a = await account();
    const all = `/all-${randomUUID()}`;
    const some = `/some-${randomUUID()}`;
    const epAll = await endpoint(a.test, all);
    const epSome = await endpoint(a.test, some, ['order.cancelled']);
    const order = await testOrder(a.test);
    expect(
      (await v1(t, a.test, 'POST', `/v1/orders/${order.id}/cancel`, { reason: 'Changed my mind' }))
        .statusCode,
    ).toBe(200);
    await receiver.waitFor(() => receiver.unique(all).length >= 3 && receiver.unique(some).length >= 1);
    expect(receiver.unique(all).map((r) => verified(epAll.secret, r).type)).toEqual([
      'order.created',
      'order.updated',
      'order.cancelled',
    ]);
    const cancelled = verified(epSome.secret, receiver.on(some)[0]!);
    expect(cancelled).toMatchObject({ type: 'order.cancelled', data: { object: { status: 'cancelled' } } });
    expect(receiver.unique(some)).toHaveLength(1);
  });

  it('retries on a 500 and on a timeout, and logs every attempt', async () => {
    const a = await account();
    const flaky = await endpoint(a.test, `/flaky-${randomUUID()}`);
    const slow = await endpoint(a.test, `/slow-${randomUUID()}`);
    await v1(t, a.test, 'POST', `/v1/webhook_endpoints/${flaky.id}/test`);
    await v1(t, a.test, 'POST', `/v1/webhook_endpoints/${slow.id}/test`);
    let flakyLog: Awaited<ReturnType<typeof deliveries>> = [];
    let slowLog: Awaited<ReturnType<typeof deliveries>> = [];
    for (let i = 0; i < 200; i++) {
      flakyLog = await deliveries(a.cookie, flaky.id);
      slowLog = await deliveries(a.cookie, slow.id);
      if (flakyLog[0]?.status === 'succeeded' && slowLog[0]?.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(flakyLog[0]).toMatchObject({ status: 'succeeded', attempts: 3, event_type: 'ping' });
    expect(flakyLog[0]!.attempt_log.map((x) => x.status_code)).toEqual([500, 500, 200]);
    expect(flakyLog[0]!.attempt_log[0]!.response_body).toContain('failing on purpose');
    expect(slowLog[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(slowLog[0]!.attempt_log[0]).toMatchObject({ status_code: null });
    expect(slowLog[0]!.attempt_log[0]!.error).toMatch(/No answer within 2 s/);
    expect(slowLog[0]!.attempt_log[0]!.duration_ms).toBeGreaterThanOrEqual(1950);
  });

  it('gives up after the last retry of the schedule', async () => {
    const a = await account();
    const path = `/always-500-${randomUUID()}`;
    const ep = await endpoint(a.test, path);
    await v1(t, a.test, 'POST', `/v1/webhook_endpoints/${ep.id}/test`);
    await receiver.waitFor(() => receiver.on(path).length >= 4);
    let log: Awaited<ReturnType<typeof deliveries>> = [];
    for (let i = 0; i < 100 && log[0]?.status !== 'failed'; i++) {
      log = await deliveries(a.cookie, ep.id);
      await new Promise((r) => setTimeout(r, 30));
    }
    // The first attempt and the three retries of WEBHOOK_RETRY_SCHEDULE=0.2,0.2,0.2.
    expect(log[0]).toMatchObject({ status: 'failed', attempts: 4, last_status_code: 500 });
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.on(path)).toHaveLength(4);
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const a = await account();
    const path = `/gone-${randomUUID()}`;
    const ep = await endpoint(a.test, path);
    await v1(t, a.test, 'POST', `/v1/webhook_endpoints/${ep.id}/test`);
    await receiver.waitFor(() => receiver.on(path).length >= 1);
    let listed: { id: string; status: string; disabled_reason: string | null }[] = [];
    for (let i = 0; i < 100; i++) {
      listed = (await v1(t, a.test, 'GET', '/v1/webhook_endpoints')).json().data;
      if (listed[0]?.status === 'disabled') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(listed[0]).toMatchObject({ id: ep.id, status: 'disabled' });
    expect(listed[0]!.disabled_reason).toMatch(/410/);
    // Nothing more goes to it.
    await testOrder(a.test);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on(path)).toHaveLength(1);
    expectError(await v1(t, a.test, 'POST', `/v1/webhook_endpoints/${ep.id}/test`), 409, 'CONFLICT');
  });

  it('acts once per Idempotency-Key on advance, test and redeliver (a retried call replays)', async () => {
    const a = await account();
    const path = `/once-${randomUUID()}`;
    const ep = await endpoint(a.test, path);
    const order = await testOrder(a.test);
    const key = { 'idempotency-key': randomUUID() };
    const advance = () =>
      v1(t, a.test, 'POST', `/v1/test_helpers/orders/${order.id}/advance`, undefined, key);
    const first = await advance();
    const again = await advance();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().status).toBe(first.json().status);
    const now = (await v1(t, a.test, 'GET', `/v1/orders/${order.id}`)).json();
    expect(now.status).toBe('printing'); // one step, not two

    const pingKey = { 'idempotency-key': randomUUID() };
    const ping = () => v1(t, a.test, 'POST', `/v1/webhook_endpoints/${ep.id}/test`, undefined, pingKey);
    const p1 = (await ping()).json();
    const p2 = await ping();
    expect(p2.headers['idempotent-replayed']).toBe('true');
    expect(p2.json().id).toBe(p1.id);

    const reKey = { 'idempotency-key': randomUUID() };
    const redeliver = () =>
      v1(t, a.test, 'POST', `/v1/events/${p1.id}/redeliver`, { endpoint_id: ep.id }, reKey);
    expect((await redeliver()).statusCode).toBe(200);
    expect((await redeliver()).headers['idempotent-replayed']).toBe('true');
    // The ping once, its redelivery once: two deliveries, not four.
    await receiver.waitFor(
      () => receiver.on(path).filter((r) => JSON.parse(r.body).type === 'ping').length >= 2,
    );
    const pings = (await deliveries(a.cookie, ep.id)).filter(
      (d) => (d as unknown as { event_type: string }).event_type === 'ping',
    );
    expect(pings).toHaveLength(2);
    // The same key with another body is refused.
    const other = await v1(t, a.test, 'POST', `/v1/events/${p1.id}/redeliver`, {}, reKey);
    expectError(other, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('redelivers an event with the same webhook-id, through the API and the dashboard', async () => {
    const a = await account();
    const path = `/again-${randomUUID()}`;
    const ep = await endpoint(a.test, path);
    const ping = (await v1(t, a.test, 'POST', `/v1/webhook_endpoints/${ep.id}/test`)).json();
    expect(ping).toMatchObject({ object: 'event', type: 'ping', livemode: false });
    await receiver.waitFor(() => receiver.on(path).length >= 1);
    const again = await v1(t, a.test, 'POST', `/v1/events/${ping.id}/redeliver`, { endpoint_id: ep.id });
    expect(again.statusCode, again.body).toBe(200);
    await receiver.waitFor(() => receiver.on(path).length >= 2);
    const log = await deliveries(a.cookie, ep.id);
    expect(log).toHaveLength(2);
    const viaDashboard = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${(log[0] as unknown as { id: string }).id}/redeliver`,
      headers: { cookie: a.cookie, origin: t.app.config.publicUrl },
    });
    expect(viaDashboard.statusCode, viaDashboard.body).toBe(200);
    await receiver.waitFor(() => receiver.on(path).length >= 3);
    expect(new Set(receiver.on(path).map((r) => r.headers['webhook-id']))).toEqual(new Set([ping.id]));
    for (const r of receiver.on(path)) expect(verified(ep.secret, r).id).toBe(ping.id);
  });

  it('shows a secret once, keeps it sealed, and keeps accounts and modes apart', async () => {
    const a = await account();
    const b = await account();
    const created = await v1(
      t,
      a.test,
      'POST',
      '/v1/webhook_endpoints',
      { url: receiver.url('/secret'), events: ['order.created', 'order.shipped'], description: 'ERP' },
      { 'idempotency-key': 'endpoint-1' },
    );
    expect(created.statusCode).toBe(201);
    const ep = created.json();
    expect(ep).toMatchObject({
      object: 'webhook_endpoint',
      livemode: false,
      status: 'enabled',
      events: ['order.created', 'order.shipped'],
    });
    const replay = await v1(
      t,
      a.test,
      'POST',
      '/v1/webhook_endpoints',
      { url: receiver.url('/secret'), events: ['order.created', 'order.shipped'], description: 'ERP' },
      { 'idempotency-key': 'endpoint-1' },
    );
    expect(replay.json().id).toBe(ep.id);
    expect(replay.json().secret).toBeUndefined();
    const list = await v1(t, a.test, 'GET', '/v1/webhook_endpoints');
    expect(list.body).not.toContain(ep.secret);
    const [row] = await t.app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, ep.id));
    expect(JSON.stringify(row)).not.toContain(ep.secret.slice(6));
    const stored = await t.app.database.db.execute('select * from idempotency_keys');
    expect(JSON.stringify(stored)).not.toContain(ep.secret.slice(6));

    expect((await v1(t, a.live, 'GET', '/v1/webhook_endpoints')).json().data).toEqual([]);
    for (const key of [a.live, b.test]) {
      expectError(await v1(t, key, 'DELETE', `/v1/webhook_endpoints/${ep.id}`), 404, 'NOT_FOUND');
      expectError(await v1(t, key, 'POST', `/v1/webhook_endpoints/${ep.id}/test`), 404, 'NOT_FOUND');
    }
    const bobsView = await t.app.inject({
      method: 'GET',
      url: `/api/webhook-endpoints/${ep.id}/deliveries`,
      headers: { cookie: b.cookie },
    });
    expect(bobsView.statusCode).toBe(404);
    expectError(
      await v1(t, a.test, 'POST', '/v1/webhook_endpoints', {
        url: receiver.url('/x'),
        events: ['order.exploded'],
      }),
      400,
      'VALIDATION_ERROR',
      'events[0]',
    );
    expectError(
      await v1(t, a.test, 'POST', '/v1/webhook_endpoints', { url: 'ftp://example.org/hook' }),
      400,
      'VALIDATION_ERROR',
      'url',
    );
    const deleted = await v1(t, a.test, 'DELETE', `/v1/webhook_endpoints/${ep.id}`);
    expect(deleted.json()).toEqual({ id: ep.id, object: 'webhook_endpoint', deleted: true });
    expectError(await v1(t, a.test, 'DELETE', `/v1/webhook_endpoints/${ep.id}`), 404, 'NOT_FOUND');
    // Events of another account or mode are not found either.
    const ping = (await v1(t, a.test, 'GET', '/v1/events?limit=1')).json().data[0];
    if (ping) {
      expectError(await v1(t, b.test, 'GET', `/v1/events/${ping.id}`), 404, 'NOT_FOUND');
      expectError(await v1(t, a.live, 'POST', `/v1/events/${ping.id}/redeliver`), 404, 'NOT_FOUND');
    }
  });

  it('answers live keys with a 404 on test helpers, and never steps live orders', async () => {
    const a = await account();
    const file = (await upload(t, a.live, 'cube.stl', cube)).json();
    const live = (
      await v1(t, a.live, 'POST', '/v1/orders', {
        items: [{ file_id: file.id, ...PARAMS }],
        shipping_address: UK,
      })
    ).json();
    expectError(await v1(t, a.live, 'POST', `/v1/test_helpers/orders/${live.id}/advance`), 404, 'NOT_FOUND');
    // A test key cannot reach the live order through the helper either.
    expectError(await v1(t, a.test, 'POST', `/v1/test_helpers/orders/${live.id}/advance`), 404, 'NOT_FOUND');
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, live.id));
    expect(row!.nextStepAt).toBeNull();
    expect(row!.status).toBe('awaiting_payment');
  });
});

describe('the test-mode clock', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp('pglite', {
      env: { ALLOW_PRIVATE_NETWORK: 'true', TEST_MODE_STEP_SECONDS: '0.2', API_RATE_LIMIT: '100000' },
      build: { logger: false, webhooks: { pollMs: 20 }, testClockPollMs: 20 },
    });
    t.app.webhooks.start();
    t.app.testClock.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('moves a test order through its whole life, one step each TEST_MODE_STEP_SECONDS, firing every webhook', async () => {
    const u = await signedInUser(t.app, 'clock@example.com');
    const key = (await createKey(t, u.cookie, 'test')).key;
    const ep = (await v1(t, key, 'POST', '/v1/webhook_endpoints', { url: receiver.url('/clock') })).json();
    const file = (await upload(t, key, 'cube.stl', await fixture('cube_20mm.stl'))).json();
    const started = Date.now();
    const order = (
      await v1(t, key, 'POST', '/v1/orders', {
        items: [{ file_id: file.id, ...PARAMS }],
        shipping_address: UK,
      })
    ).json();
    let status = 'queued';
    while (status !== 'delivered' && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await v1(t, key, 'GET', `/v1/orders/${order.id}`)).json().status;
    }
    expect(status).toBe('delivered');
    // Four steps of 0.2 s: at least 0.8 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    const final = (await v1(t, key, 'GET', `/v1/orders/${order.id}`)).json();
    expect(final.tracking_number).toMatch(/^TEST/);
    expect(final.events.map((e: { to_status: string; actor: string }) => [e.to_status, e.actor])).toEqual([
      ['queued', 'customer'],
      ['printing', 'system'],
      ['packaging', 'system'],
      ['shipped', 'system'],
      ['delivered', 'system'],
    ]);
    await receiver.waitFor(() => receiver.unique('/clock').length >= 7);
    const types = receiver.unique('/clock').map((r) => verified(ep.secret, r).type);
    expect(types).toEqual([
      'order.created',
      'order.updated',
      'order.updated',
      'order.updated',
      'order.shipped',
      'order.updated',
      'order.delivered',
    ]);
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.nextStepAt).toBeNull();
  });
});
