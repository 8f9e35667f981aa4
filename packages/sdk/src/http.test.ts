import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrintLoop } from './client.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  ConflictError,
  IdempotencyError,
  NotFoundError,
  PermissionError,
  PrintLoopError,
  RateLimitError,
  ValidationError,
} from './errors.js';
import { backoffMs, DEFAULT_BASE_URL } from './http.js';
import { apiError, fakeFetch, json, type Scripted } from './testing/fake-fetch.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ORDER = { id: 'ord_1', object: 'order', status: 'queued' };
const ORDER_PARAMS = {
  items: [{ file_id: 'file_1', material: 'PLA' as const, color: 'black', quantity: 1 }],
  shipping_address: {
    name: 'A',
    street: '1 High St',
    city: 'London',
    postal_code: 'SW1A 1AA',
    country: 'GB',
  },
};

function client(script: Scripted[], options: { maxRetries?: number; timeout?: number } = {}) {
  const fake = fakeFetch(script);
  const pl = new PrintLoop({
    apiKey: 'pl_test_abc',
    baseUrl: 'http://api.test/',
    fetch: fake.fetch,
    ...options,
  });
  return { pl, calls: fake.calls };
}

/** Rejections caught at once, so that fake timers can run while the call is pending. */
function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

describe('requests', () => {
  it('sends the key to {baseUrl}/v1, JSON in and out', async () => {
    const { pl, calls } = client([json(200, ORDER)]);
    const order = await pl.orders.retrieve('ord_1');
    expect(order.id).toBe('ord_1');
    expect(calls[0]!.url).toBe('http://api.test/v1/orders/ord_1');
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer pl_test_abc');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(calls[0]!.headers.has('idempotency-key')).toBe(false);
    expect(calls[0]!.body).toBeUndefined();
  });

  it('defaults to the public origin and needs an API key', () => {
    expect(new PrintLoop({ apiKey: 'pl_test_x', fetch: fakeFetch([]).fetch }).baseUrl).toBe(DEFAULT_BASE_URL);
    expect(new PrintLoop({ apiKey: 'pl_test_x', baseUrl: undefined }).baseUrl).toBe(DEFAULT_BASE_URL);
    expect(() => new PrintLoop({ apiKey: '' })).toThrow(/apiKey is required/);
  });

  it('escapes ids in paths and drops undefined query parameters', async () => {
    const { pl, calls } = client([
      json(200, ORDER),
      json(200, { object: 'list', data: [], has_more: false }),
    ]);
    await pl.orders.retrieve('ord_1/../x');
    await pl.orders.list({ status: 'queued', external_id: undefined, limit: 5 });
    expect(calls[0]!.url).toBe('http://api.test/v1/orders/ord_1%2F..%2Fx');
    expect(calls[1]!.url).toBe('http://api.test/v1/orders?status=queued&limit=5');
  });
});

describe('idempotency keys', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends a new UUID on every POST', async () => {
    const { pl, calls } = client([json(201, ORDER), json(201, ORDER)]);
    await pl.orders.create(ORDER_PARAMS);
    await pl.orders.create(ORDER_PARAMS);
    const [a, b] = calls.map((c) => c.headers.get('idempotency-key'));
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.body))).toEqual(ORDER_PARAMS);
  });

  it('reuses the key on every retry of one call, and takes the caller’s own', async () => {
    const { pl, calls } = client([
      apiError(503, 'SERVICE_UNAVAILABLE', 'Busy'),
      new TypeError('fetch failed'),
      json(201, ORDER),
    ]);
    const done = settle(pl.orders.create(ORDER_PARAMS, { idempotencyKey: 'shop-1001' }));
    await vi.advanceTimersByTimeAsync(250 + 500);
    expect((await done).value).toEqual(ORDER);
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual([
      'shop-1001',
      'shop-1001',
      'shop-1001',
    ]);

    const generated = client([apiError(500, 'INTERNAL_ERROR', 'Oops'), json(201, ORDER)]);
    const again = settle(generated.pl.orders.create(ORDER_PARAMS));
    await vi.advanceTimersByTimeAsync(250);
    await again;
    const keys = generated.calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('retries 409 IDEMPOTENCY_KEY_IN_USE, not other conflicts', async () => {
    const { pl, calls } = client([
      apiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'In progress', { headers: { 'retry-after': '1' } }),
      json(201, ORDER),
    ]);
    const done = settle(pl.orders.create(ORDER_PARAMS));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await done).value).toEqual(ORDER);
    expect(calls).toHaveLength(2);

    const refused = client([apiError(409, 'CONFLICT', 'Already shipped')]);
    const error = (await settle(refused.pl.orders.cancel('ord_1'))).error;
    expect(error).toBeInstanceOf(ConflictError);
    expect(refused.calls).toHaveLength(1);
  });
});

describe('retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for Retry-After (seconds) on a 429', async () => {
    const { pl, calls } = client([
      apiError(429, 'RATE_LIMITED', 'Slow down', { headers: { 'retry-after': '2' } }),
      json(200, ORDER),
    ]);
    const done = settle(pl.orders.retrieve('ord_1'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect((await done).value).toEqual(ORDER);
  });

  it('backs off exponentially without Retry-After, then throws the last error', async () => {
    const { pl, calls } = client(
      [
        apiError(500, 'INTERNAL_ERROR', 'Oops'),
        apiError(502, 'INTERNAL_ERROR', 'Oops'),
        apiError(503, 'SERVICE_UNAVAILABLE', 'Down'),
        apiError(500, 'INTERNAL_ERROR', 'Still'),
      ],
      { maxRetries: 3 },
    );
    const done = settle(pl.orders.retrieve('ord_1'));
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(4);
    const { error } = await done;
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', message: 'Still' });
  });

  it('does not wait for a Retry-After over a minute', async () => {
    const { pl, calls } = client([
      apiError(429, 'RATE_LIMITED', 'Slow down', { headers: { 'retry-after': '3600' } }),
    ]);
    const { error } = await settle(pl.orders.retrieve('ord_1'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(calls).toHaveLength(1);
  });

  it('does not retry 4xx refusals, nor when maxRetries is 0', async () => {
    const { pl, calls } = client([apiError(400, 'VALIDATION_ERROR', 'Bad')]);
    expect((await settle(pl.orders.retrieve('ord_1'))).error).toBeInstanceOf(ValidationError);
    expect(calls).toHaveLength(1);

    const none = client([apiError(503, 'SERVICE_UNAVAILABLE', 'Down')], { maxRetries: 0 });
    expect((await settle(none.pl.orders.retrieve('ord_1'))).error).toBeInstanceOf(APIError);
    expect(none.calls).toHaveLength(1);
  });

  it('retries network errors, then throws APIConnectionError', async () => {
    const { pl, calls } = client([
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('x'),
    ]);
    const done = settle(pl.orders.retrieve('ord_1'));
    await vi.advanceTimersByTimeAsync(250 + 500);
    const { error } = await done;
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', status: undefined });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('aborts an attempt after the timeout, and retries it', async () => {
    const hang = (call: { signal: AbortSignal | null | undefined }) =>
      new Promise<Response>((_resolve, reject) => {
        call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { pl, calls } = client([hang, json(200, ORDER)], { timeout: 1000 });
    const done = settle(pl.orders.retrieve('ord_1'));
    await vi.advanceTimersByTimeAsync(1000 + 250);
    expect(calls).toHaveLength(2);
    expect((await done).value).toEqual(ORDER);

    const slow = client([hang], { timeout: 50, maxRetries: 0 });
    const late = settle(slow.pl.orders.retrieve('ord_1'));
    await vi.advanceTimersByTimeAsync(50);
    const { error } = await late;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const { pl, calls } = client([apiError(503, 'SERVICE_UNAVAILABLE', 'Down'), json(200, ORDER)]);
    const done = settle(pl.orders.retrieve('ord_1', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('user gave up'));
    const { error } = await done;
    expect((error as Error).message).toBe('user gave up');
    expect(calls).toHaveLength(1);
  });

  it('backs off between half and all of 0.5 s × 2^n, at most 8 s', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    expect(backoffMs(0)).toBeCloseTo(500, 0);
    expect(backoffMs(10)).toBeCloseTo(8000, 0);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(backoffMs(1)).toBe(500);
    expect(backoffMs(3)).toBe(2000);
  });
});

describe('typed errors', () => {
  const cases: [number, string, new (...args: never[]) => PrintLoopError][] = [
    [400, 'VALIDATION_ERROR', ValidationError],
    [401, 'UNAUTHENTICATED', AuthenticationError],
    [403, 'FORBIDDEN', PermissionError],
    [404, 'NOT_FOUND', NotFoundError],
    [409, 'CONFLICT', ConflictError],
    [413, 'FILE_TOO_LARGE', ValidationError],
    [422, 'UNREADABLE_MODEL', ValidationError],
    [422, 'IDEMPOTENCY_KEY_REUSED', IdempotencyError],
  ];

  it.each(cases)('%i %s', async (status, code, type) => {
    const { pl } = client([apiError(status, code, `Refused: ${code}`, { param: 'items[0].quantity' })]);
    const { error } = await settle(pl.orders.retrieve('ord_1'));
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(PrintLoopError);
    expect(error).toMatchObject({
      code,
      status,
      param: 'items[0].quantity',
      message: `Refused: ${code}`,
      requestId: `req_${status}`,
    });
    expect((error as PrintLoopError).headers?.get('request-id')).toBe('req_header');
  });

  it('takes the request id from the header, and copes with an answer that is not the envelope', async () => {
    const { pl } = client(
      [new Response('<html>Bad gateway</html>', { status: 502, headers: { 'request-id': 'req_proxy' } })],
      { maxRetries: 0 },
    );
    const { error } = await settle(pl.orders.retrieve('ord_1'));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE', requestId: 'req_proxy' });
    expect((error as Error).message).toMatch(/502.*Bad gateway/);
  });

  it('refuses a success that is not JSON', async () => {
    const { pl } = client([new Response('OK', { status: 200 })]);
    const { error } = await settle(pl.orders.retrieve('ord_1'));
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 200 });
  });
});
