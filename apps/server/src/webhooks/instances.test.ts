import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { webhookAttempts, webhookDeliveries } from '../db/schema.js';
import { createKey, fixture, PARAMS, UK, upload, v1 } from '../routes/v1/v1-testing.js';
import { createTestApp, signedInUser, type TestApp } from '../test-helpers.js';
import { startReceiver } from './receiver-testing.js';

/**
 * Two app processes on one PostgreSQL, both running the webhook worker and the test clock: every
 * delivery is attempted once, every test order is stepped once per step, and one order's events still
 * arrive in order. Needs PostgreSQL (TEST_DATABASE_URL).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const build = { logger: false, webhooks: { pollMs: 10, concurrency: 8 }, testClockPollMs: 10 };

  beforeAll(async () => {
    // Answers take a little while, so both workers are busy at once.
    receiver = await startReceiver(() => ({ status: 200, delayMs: 5 }));
    first = await createTestApp('postgres', {
      env: { ALLOW_PRIVATE_NETWORK: 'true', API_RATE_LIMIT: '100000', TEST_MODE_STEP_SECONDS: '0.3' },
      build,
    });
    second = await buildApp(first.config, { ...build, inlineModels: true });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await receiver?.close();
  });

  it('delivers each event once and steps each test order once', async () => {
    const u = await signedInUser(first.app, 'twins@example.com');
    const key = (await createKey(first, u.cookie, 'test')).key;
    const ep = (
      await v1(first, key, 'POST', '/v1/webhook_endpoints', { url: receiver.url('/twins') })
    ).json();
    const file = (await upload(first, key, 'cube.stl', await fixture('cube_20mm.stl'))).json();
    const orderIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await v1(first, key, 'POST', '/v1/orders', {
        items: [{ file_id: file.id, ...PARAMS }],
        shipping_address: UK,
      });
      orderIds.push(o.json().id);
    }
    // 60 pings, made through both instances.
    const pings = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? second : first.app).inject({
          method: 'POST',
          url: `/v1/webhook_endpoints/${ep.id}/test`,
          headers: { authorization: `Bearer ${key}` },
        }),
      ),
    );
    expect(pings.every((p) => p.statusCode === 200)).toBe(true);

    for (const app of [first.app, second]) {
      app.webhooks.start();
      app.testClock.start();
    }
    // 4 orders × 7 events + 60 pings.
    await receiver.waitFor(() => receiver.on('/twins').length >= 4 * 7 + 60, 30_000);
    await new Promise((r) => setTimeout(r, 500));

    const got = receiver.on('/twins');
    const ids = got.map((r) => String(r.headers['webhook-id']));
    expect(ids.length).toBe(4 * 7 + 60);
    expect(new Set(ids).size).toBe(ids.length);
    const wh = new Webhook(ep.secret);
    const payloads = got.map(
      (r) =>
        wh.verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as { type: string; data: { object: { id: string; status: string } } },
    );
    for (const id of orderIds) {
      const mine = payloads.filter((p) => p.type !== 'ping' && p.data.object.id === id);
      expect(mine.map((p) => p.type)).toEqual([
        'order.created',
        'order.updated',
        'order.updated',
        'order.updated',
        'order.shipped',
        'order.updated',
        'order.delivered',
      ]);
      const detail = (await v1(first, key, 'GET', `/v1/orders/${id}`)).json();
      expect(detail.events.map((e: { to_status: string }) => e.to_status)).toEqual([
        'queued',
        'printing',
        'packaging',
        'shipped',
        'delivered',
      ]);
    }
    const deliveries = await first.app.database.db.select().from(webhookDeliveries);
    const attempts = await first.app.database.db.select().from(webhookAttempts);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    expect(attempts).toHaveLength(deliveries.length);
  });
});
