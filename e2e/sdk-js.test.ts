import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ConflictError,
  type Event,
  IdempotencyError,
  NotFoundError,
  type Order,
  PrintLoop,
  ValidationError,
} from '@printloop/sdk';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tryReceiverExample } from './receiver-example';

const run = promisify(execFile);
const baseURL = inject('baseURL');
const CUBE = path.resolve('fixtures/models/cube_20mm.stl');
const ADDRESS = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'SW1A 1AA',
  country: 'GB',
};

/** A new account's test key, through the session routes as /dashboard/developers uses them. */
async function testKey(email: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const password = 'sdk-js-secret-1';
  const up = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: 'SDK' }),
  });
  expect(up.status).toBe(200);
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${baseURL}/api/api-keys`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'SDK', mode: 'test' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: answers 200 and keeps every delivery, raw. */
async function receiver() {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, deliveries, close: () => new Promise((r) => server.close(r)) };
}

async function until<T>(
  what: string,
  ms: number,
  probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const LIFECYCLE = ['queued', 'printing', 'packaging', 'shipped', 'delivered'] as const;

describe('@printloop/sdk against the built server', () => {
  let client: PrintLoop;
  let apiKey: string;
  let hooks: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    apiKey = await testKey(`sdk-js.${Date.now()}@example.com`);
    client = new PrintLoop({ apiKey, baseUrl: baseURL });
    hooks = await receiver();
  });
  afterAll(async () => {
    await hooks?.close();
  });

  it('uploads, quotes, orders, advances to delivered, and the webhooks verify in order', async () => {
    // Registered first, so that it hears order.created too.
    const endpoint = await client.webhookEndpoints.create({ url: hooks.url, events: ['*'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const secret = endpoint.secret!;

    const file = await client.files.create({ file: await readFile(CUBE), filename: 'cube_20mm.stl' });
    expect(file.id).toMatch(/^file_/);
    expect(file.analysis.volume_mm3).toBeCloseTo(8000, 0);

    const quote = await client.quotes.create({
      file_id: file.id,
      material: 'PETG',
      color: 'blue',
      quantity: 2,
    });
    expect(quote.total_amount).toBeGreaterThan(0);

    const externalId = `sdk-${Date.now()}`;
    const order = await client.orders.create({
      items: [{ quote_id: quote.id, quantity: 2 }],
      shipping_address: ADDRESS,
      external_id: externalId,
      metadata: { source: 'sdk-js' },
    });
    expect(order.status).toBe('queued');

    // The simulated clock may step the order too: a refused advance means it already moved.
    let current: Order = order;
    await until('the order to be delivered', 45_000, async () => {
      if (current.status === 'delivered') return current;
      try {
        current = await client.testHelpers.orders.advance(order.id);
      } catch (err) {
        if (!(err instanceof ConflictError)) throw err;
        current = await client.orders.retrieve(order.id);
      }
      return current.status === 'delivered' ? current : undefined;
    });
    const delivered = await client.orders.retrieve(order.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.tracking_number).toMatch(/^TEST/);

    // At least once: duplicates allowed, so the first delivery of each event id counts.
    const ofOrder = (): { event: Event; delivery: Delivery }[] => {
      const seen = new Set<string>();
      const out: { event: Event; delivery: Delivery }[] = [];
      for (const d of hooks.deliveries) {
        const event = JSON.parse(d.body) as Event;
        if (event.data.object.id !== order.id || seen.has(event.id)) continue;
        seen.add(event.id);
        out.push({ event, delivery: d });
      }
      return out;
    };
    await until('order.delivered to arrive', 30_000, () =>
      ofOrder().some((e) => e.event.type === 'order.delivered') ? true : undefined,
    );

    const received = ofOrder();
    for (const { delivery } of received) {
      const headers = {
        'webhook-id': String(delivery.headers['webhook-id']),
        'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
        'webhook-signature': String(delivery.headers['webhook-signature']),
      };
      // The third-party library and the SDK agree on every delivery.
      expect(new Webhook(secret).verify(delivery.body, headers)).toEqual(JSON.parse(delivery.body));
      const event = await client.webhooks.verify(delivery.body, delivery.headers, secret);
      expect(event.id).toBe(headers['webhook-id']);
    }
    const steps = received.map(({ event }) =>
      event.type === 'order.updated'
        ? `order.updated:${String(event.data.previous_attributes?.status)}->${String(event.data.object.status)}`
        : event.type,
    );
    expect(steps).toEqual([
      'order.created',
      ...LIFECYCLE.slice(1).flatMap((to, i) => {
        const update = `order.updated:${LIFECYCLE[i]}->${to}`;
        if (to === 'shipped') return [update, 'order.shipped'];
        if (to === 'delivered') return [update, 'order.delivered'];
        return [update];
      }),
    ]);
    const shipped = received.find((e) => e.event.type === 'order.shipped')!.event;
    expect(shipped.data.object.tracking_number).toMatch(/^TEST/);

    // A tampered body or another secret is refused.
    const last = received.at(-1)!.delivery;
    await expect(client.webhooks.verify(`${last.body} `, last.headers, secret)).rejects.toThrow(/signature/);
    await expect(
      client.webhooks.verify(last.body, last.headers, `whsec_${btoa('x'.repeat(32))}`),
    ).rejects.toThrow();

    // The events API has them too, newest first, paged through automatically.
    const types: string[] = [];
    for await (const event of client.events.list({ limit: 2 })) {
      if (event.data.object.id === order.id) types.push(event.type);
    }
    expect(types.reverse()).toEqual(received.map((e) => e.event.type));
  });

  it('covers the other endpoints, idempotency and typed errors', async () => {
    // A file fetched by the server from a URL (ALLOW_PRIVATE_NETWORK lets it reach 127.0.0.1).
    const cube = await readFile(CUBE);
    const modelServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'model/stl' }).end(cube);
    });
    await new Promise<void>((r) => modelServer.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/cube.stl`;
      const fetched = await client.files.createFromUrl(url, { filename: 'from-url.stl' });
      expect(fetched.filename).toBe('from-url.stl');
      expect((await client.files.retrieve(fetched.id)).id).toBe(fetched.id);

      // The same idempotency key and body: the first answer again.
      const first = await client.files.create({ url }, { idempotencyKey: `file-${Date.now()}` });
      const key = `quote-${Date.now()}`;
      const params = { file_id: first.id, material: 'PLA', color: 'black', quantity: 1 } as const;
      const quote = await client.quotes.create(params, { idempotencyKey: key });
      expect((await client.quotes.create(params, { idempotencyKey: key })).id).toBe(quote.id);
      await expect(client.quotes.create({ ...params, quantity: 3 }, { idempotencyKey: key })).rejects.toThrow(
        IdempotencyError,
      );
      expect((await client.quotes.retrieve(quote.id)).id).toBe(quote.id);

      const sku = `SKU-${Date.now()}`;
      const product = await client.products.create({ name: 'Cube', file_id: first.id, sku });
      expect((await client.products.update(product.id, { name: 'Cube 2' })).name).toBe('Cube 2');
      expect((await client.products.retrieve(product.id)).name).toBe('Cube 2');
      expect((await client.products.list()).data.map((p) => p.id)).toContain(product.id);

      const rates = await client.shipping.rates({ country: 'DE', weight_grams: 420 });
      expect(rates.data.length).toBeGreaterThan(0);
      const forItems = await client.shipping.rates({
        country: 'GB',
        items: [{ product_id: product.id, material: 'PLA', color: 'black', quantity: 2 }],
      });
      expect(forItems.data[0]!.currency).toBe('GBP');

      // Three orders, then list them back with the filters and auto-pagination.
      const tag = `list-${Date.now()}`;
      const placed: string[] = [];
      for (let i = 0; i < 3; i++) {
        const o = await client.orders.create({
          items: [{ product_id: product.id, material: 'PLA', color: 'black', quantity: 1 }],
          shipping_address: ADDRESS,
          external_id: `${tag}-${i}`,
        });
        placed.push(o.id);
      }
      const byExternal = await client.orders.list({ external_id: `${tag}-1` });
      expect(byExternal.data.map((o) => o.id)).toEqual([placed[1]]);
      const walked: string[] = [];
      for await (const o of client.orders.list({ limit: 1, status: 'queued' })) {
        if (placed.includes(o.id)) walked.push(o.id);
      }
      expect(walked).toEqual([...placed].reverse());

      const cancelled = await client.orders.cancel(placed[0]!, { reason: 'Changed my mind' });
      expect(cancelled.status).toBe('cancelled');
      const again = await client.orders.cancel(placed[1]!);
      expect(again.status).toBe('cancelled');
      await expect(client.orders.cancel(placed[0]!)).rejects.toBeInstanceOf(ConflictError);

      const archived = await client.products.archive(product.id);
      expect(archived.id).toBe(product.id);

      // Webhook endpoints: list, ping, the event, redeliver, delete.
      const endpoint = await client.webhookEndpoints.create({ url: hooks.url, events: ['ping'] });
      expect((await client.webhookEndpoints.list()).data.map((e) => e.id)).toContain(endpoint.id);
      const ping = await client.webhookEndpoints.test(endpoint.id);
      expect(ping.type).toBe('ping');
      expect((await client.events.retrieve(ping.id)).id).toBe(ping.id);
      expect((await client.events.redeliver(ping.id, { endpoint_id: endpoint.id })).id).toBe(ping.id);
      await until('the ping to arrive', 30_000, () =>
        hooks.deliveries.some((d) => d.headers['webhook-id'] === ping.id) ? true : undefined,
      );
      expect(await client.webhookEndpoints.del(endpoint.id)).toMatchObject({
        id: endpoint.id,
        deleted: true,
      });

      // Typed errors carry the code, param, status and request id.
      const missing = await client.orders.retrieve('ord_doesnotexist').catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((missing as NotFoundError).requestId).toBeTruthy();
      const invalid = await client.orders
        .create({ items: [{ product_id: product.id, quantity: 0 }], shipping_address: ADDRESS })
        .catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(ValidationError);
      expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', param: 'items[0].quantity' });
      const unauthenticated = await new PrintLoop({ apiKey: 'pl_test_wrong', baseUrl: baseURL }).orders
        .list()
        .catch((e: unknown) => e);
      expect(unauthenticated).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    } finally {
      await new Promise((r) => modelServer.close(r));
    }
  });

  it('runs the README quick start (packages/sdk/examples/quickstart.mjs)', async () => {
    // The README shows the example file's code, verbatim: what it shows is what runs here.
    const example = await readFile('packages/sdk/examples/quickstart.mjs', 'utf8');
    const readme = await readFile('packages/sdk/README.md', 'utf8');
    expect(readme).toContain(`\`\`\`js\n${example.slice(example.indexOf('import '))}\`\`\``);

    const { stdout } = await run(process.execPath, ['packages/sdk/examples/quickstart.mjs', CUBE], {
      env: { ...process.env, PRINTLOOP_API_KEY: apiKey, PRINTLOOP_BASE_URL: baseURL },
    });
    const [id, status] = stdout.trim().split(/\s+/);
    expect(id).toMatch(/^ord_/);
    expect(['queued', 'printing']).toContain(status);
    expect((await client.orders.retrieve(id!)).id).toBe(id);
  });

  it('runs the webhook receiver example that /docs shows (packages/sdk/examples/webhook-receiver.mjs)', async () => {
    await tryReceiverExample({
      command: process.execPath,
      args: ['packages/sdk/examples/webhook-receiver.mjs'],
      env: process.env,
      register: async (url) => {
        const e = await client.webhookEndpoints.create({ url, events: ['ping'] });
        if (!e.secret) throw new Error('the new endpoint has no secret');
        return { id: e.id, secret: e.secret };
      },
      ping: async (id) => (await client.webhookEndpoints.test(id)).id,
    });
  });

  it('runs the error-handling example that /docs shows (packages/sdk/examples/errors.mjs)', async () => {
    const { stdout } = await run(process.execPath, ['packages/sdk/examples/errors.mjs'], {
      env: { ...process.env, PRINTLOOP_API_KEY: apiKey, PRINTLOOP_BASE_URL: baseURL },
    });
    expect(stdout.trim()).toMatch(/^404 NOT_FOUND [0-9a-f-]{36}$/);
  });
});
