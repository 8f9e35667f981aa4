import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../db/schema.js';
import { createTestApp, signedInUser, type TestApp, testDatabasesWithThread } from '../../test-helpers.js';
import { createKey, expectError, fixture, PARAMS, UK, upload, v1 } from './v1-testing.js';

/**
 * What every /v1 route shares (API.md §3): idempotent POSTs held in the database, the one error
 * envelope (404 and 405 included), Request-Id, body limits, and per-key rate limits.
 */
describe.each(testDatabasesWithThread)('the public API protocol on %s', (kind) => {
  let t: TestApp;
  let adaTest: string;
  let adaLive: string;
  let ada: { cookie: string; id: string };
  let file: { id: string };
  let liveFile: { id: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { API_RATE_LIMIT: '100000' }, build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
    adaTest = (await createKey(t, ada.cookie, 'test')).key;
    adaLive = (await createKey(t, ada.cookie, 'live')).key;
    const cube = await fixture('cube_20mm.stl');
    file = (await upload(t, adaTest, 'cube_20mm.stl', cube)).json();
    liveFile = (await upload(t, adaLive, 'cube_20mm.stl', cube)).json();
  });
  afterAll(() => t?.close());

  const orderBody = (external_id?: string) => ({
    items: [{ file_id: file.id, ...PARAMS }],
    shipping_address: UK,
    ...(external_id ? { external_id } : {}),
  });
  const orderCount = async () => (await t.app.database.db.select({ id: orders.id }).from(orders)).length;

  describe('idempotency', () => {
    it('replays the first answer for the same key and body, with Idempotent-Replayed', async () => {
      const before = await orderCount();
      const headers = { 'idempotency-key': 'order-7f3a' };
      const first = await v1(t, adaTest, 'POST', '/v1/orders', orderBody('idem-1'), headers);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await v1(t, adaTest, 'POST', '/v1/orders', orderBody('idem-1'), headers);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(again.headers['request-id']).not.toBe(first.headers['request-id']);
      expect(await orderCount()).toBe(before + 1);
    });

    it('refuses the same key with another body (422) and keeps keys per mode', async () => {
      const headers = { 'idempotency-key': 'order-reused' };
      expect((await v1(t, adaTest, 'POST', '/v1/orders', orderBody('idem-2'), headers)).statusCode).toBe(201);
      const e = expectError(
        await v1(t, adaTest, 'POST', '/v1/orders', orderBody('idem-3'), headers),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect(e.message).toMatch(/different request/);
      // Another route with the same key is another request too.
      expectError(
        await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: file.id, ...PARAMS }, headers),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      // The live mode has its own keys.
      const live = await v1(
        t,
        adaLive,
        'POST',
        '/v1/orders',
        { items: [{ file_id: liveFile.id, ...PARAMS }], shipping_address: UK },
        headers,
      );
      expect(live.statusCode, live.body).toBe(201);
    });

    it('answers 409 while the first request with the key is still running', async () => {
      // A request holding the key right now (as another process would).
      const caller = await t.app.database.db.select().from(idempotencyKeys).limit(1);
      expect(caller.length).toBeGreaterThan(0);
      await t.app.database.db.insert(idempotencyKeys).values({
        userId: ada.id,
        livemode: false,
        key: 'in-flight',
        fingerprint: 'whatever',
        state: 'running',
      });
      const e = expectError(
        await v1(t, adaTest, 'POST', '/v1/orders', orderBody(), { 'idempotency-key': 'in-flight' }),
        409,
        'IDEMPOTENCY_KEY_IN_USE',
      );
      expect(e.message).toMatch(/in progress/);

      // Truly concurrent requests with one key: one order, the others wait (409) or replay it.
      const before = await orderCount();
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          v1(t, adaTest, 'POST', '/v1/orders', orderBody('idem-race'), { 'idempotency-key': 'race' }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
      const ids = new Set(results.filter((r) => r.statusCode === 201).map((r) => r.json().id));
      expect(ids.size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
    });

    it('replays a refusal too, and frees nothing it should not', async () => {
      const headers = { 'idempotency-key': 'refused-once' };
      const body = { items: [{ file_id: `file_${'0'.repeat(32)}`, ...PARAMS }], shipping_address: UK };
      const first = expectError(await v1(t, adaTest, 'POST', '/v1/orders', body, headers), 404, 'NOT_FOUND');
      const again = await v1(t, adaTest, 'POST', '/v1/orders', body, headers);
      const replayed = expectError(again, 404, 'NOT_FOUND', first.param);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(replayed.message).toBe(first.message);
      expect(replayed.request_id).not.toBe(first.request_id);
    });

    it('holds across a restart: the key lives in the database', async () => {
      const headers = { 'idempotency-key': 'survives' };
      const first = await v1(t, adaTest, 'POST', '/v1/orders', orderBody('idem-restart'), headers);
      expect(first.statusCode).toBe(201);
      const [row] = await t.app.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'survives'));
      expect(row).toMatchObject({ state: 'done', responseStatus: 201, livemode: false });
      expect((row!.responseBody as { id: string }).id).toBe(first.json().id);
    });

    it('refuses a malformed key', async () => {
      for (const key of ['x'.repeat(256), 'has space', 'tab\tkey']) {
        expectError(
          await v1(t, adaTest, 'POST', '/v1/orders', orderBody(), { 'idempotency-key': key }),
          400,
          'VALIDATION_ERROR',
        );
      }
    });
  });

  describe('errors', () => {
    it('answers an unknown path with a 404 in the envelope, with or without a key', async () => {
      for (const key of [adaTest, null]) {
        const res = await v1(t, key, 'GET', '/v1/widgets');
        expectError(res, 404, 'NOT_FOUND');
        expect(res.headers['content-type']).toContain('application/json');
      }
      expectError(await v1(t, adaTest, 'GET', '/v1'), 404, 'NOT_FOUND');
    });

    it('answers another method on a known path with a 405 and Allow', async () => {
      const cases: [string, 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string][] = [
        ['/v1/orders', 'DELETE', 'GET, POST'],
        ['/v1/orders/ord_x', 'PATCH', 'GET'],
        ['/v1/files', 'GET', 'POST'],
        ['/v1/products/prd_x', 'PUT', 'DELETE, GET, PATCH'],
        ['/v1/orders/ord_x/cancel', 'GET', 'POST'],
      ];
      for (const [url, method, allow] of cases) {
        const res = await v1(t, adaTest, method, url);
        expectError(res, 405, 'METHOD_NOT_ALLOWED');
        expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      }
    });

    it('answers malformed JSON, a wrong content type and an oversized body without a 500', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { authorization: `Bearer ${adaTest}`, 'content-type': 'application/json' },
        payload: '{"items": [',
      });
      expect(expectError(bad, 400, 'VALIDATION_ERROR').message).toMatch(/not valid JSON/);
      const xml = await t.app.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { authorization: `Bearer ${adaTest}`, 'content-type': 'application/xml' },
        payload: '<order/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json().error.code).toBe('VALIDATION_ERROR');
      const before = await orderCount();
      const huge = await t.app.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { authorization: `Bearer ${adaTest}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...orderBody(), metadata: { note: 'x'.repeat(2 * 1024 * 1024) } }),
      });
      expectError(huge, 413, 'FILE_TOO_LARGE');
      const arrayBody = await v1(t, adaTest, 'POST', '/v1/orders', [orderBody()]);
      expectError(arrayBody, 400, 'VALIDATION_ERROR');
      expect(await orderCount()).toBe(before);
    });

    it('puts Request-Id and the RateLimit headers on every answer', async () => {
      const answers = [
        await v1(t, adaTest, 'GET', '/v1/orders'),
        await v1(t, adaTest, 'GET', '/v1/orders/ord_missing'),
        await v1(t, adaTest, 'DELETE', '/v1/orders'),
        await v1(t, null, 'GET', '/v1/orders'),
        await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: file.id, ...PARAMS }),
      ];
      for (const res of answers) {
        expect(res.headers['request-id'], String(res.statusCode)).toMatch(/^[0-9a-f-]{36}$/);
      }
      for (const res of [answers[0]!, answers[1]!, answers[4]!]) {
        expect(Number(res.headers['ratelimit-limit'])).toBe(100000);
        expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(100000);
        expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(0);
      }
      // A client's own request id is not trusted.
      const spoofed = await v1(t, adaTest, 'GET', '/v1/orders', undefined, { 'request-id': 'evil\r\nx' });
      expect(spoofed.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describe('per-key rate limits', () => {
  let t: TestApp;
  let first: string;
  let second: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { API_RATE_LIMIT: '3' }, build: { logger: false } });
    const ada = await signedInUser(t.app, 'ada@example.com');
    first = (await createKey(t, ada.cookie, 'test', 'One')).key;
    second = (await createKey(t, ada.cookie, 'test', 'Two')).key;
  });
  afterAll(() => t?.close());

  it('limits each key on its own, with RateLimit headers and Retry-After on the 429', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await v1(t, first, 'GET', '/v1/orders');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      remaining.push(Number(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual([2, 1, 0]);
    const limited = await v1(t, first, 'GET', '/v1/orders');
    const e = expectError(limited, 429, 'RATE_LIMITED');
    expect(e.message.length).toBeGreaterThan(0);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // Another key of the same account has its own allowance.
    expect((await v1(t, second, 'GET', '/v1/orders')).statusCode).toBe(200);
    // Requests without a valid key are refused before they count against anyone.
    expect((await v1(t, null, 'GET', '/v1/orders')).statusCode).toBe(401);
    expect((await v1(t, second, 'GET', '/v1/orders')).statusCode).toBe(200);
  });
});
