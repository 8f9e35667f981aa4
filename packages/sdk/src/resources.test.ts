import { describe, expect, it } from 'vitest';
import { PrintLoop } from './client.js';
import type { RequestOptions } from './http.js';
import { fakeFetch, json } from './testing/fake-fetch.js';

const LIST = { object: 'list', data: [], has_more: false };

function client() {
  const fake = fakeFetch(Array.from({ length: 40 }, () => () => json(200, LIST)));
  return {
    pl: new PrintLoop({ apiKey: 'pl_test_abc', baseUrl: 'http://api.test', fetch: fake.fetch }),
    ...fake,
  };
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  return typeof body === 'string' ? JSON.parse(body) : body;
}

describe('every endpoint of API.md section 3', () => {
  const opts: RequestOptions = { idempotencyKey: 'key-1' };
  const item = { file_id: 'file_1', material: 'PLA' as const, color: 'black', quantity: 1 };
  const address = { name: 'A', street: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' };
  const cases: [string, (pl: PrintLoop) => PromiseLike<unknown>, string, string, unknown][] = [
    [
      'files.create({url})',
      (pl) => pl.files.create({ url: 'https://x.test/a.stl', units: 'mm' }),
      'POST',
      '/files',
      { url: 'https://x.test/a.stl', units: 'mm' },
    ],
    [
      'files.createFromUrl',
      (pl) => pl.files.createFromUrl('https://x.test/a.stl', { filename: 'b.stl' }),
      'POST',
      '/files',
      { url: 'https://x.test/a.stl', filename: 'b.stl' },
    ],
    ['files.retrieve', (pl) => pl.files.retrieve('file_1'), 'GET', '/files/file_1', undefined],
    [
      'quotes.create',
      (pl) => pl.quotes.create({ file_id: 'file_1', material: 'PETG', color: 'blue', quantity: 2 }),
      'POST',
      '/quotes',
      { file_id: 'file_1', material: 'PETG', color: 'blue', quantity: 2 },
    ],
    ['quotes.retrieve', (pl) => pl.quotes.retrieve('quo_1'), 'GET', '/quotes/quo_1', undefined],
    [
      'products.create',
      (pl) => pl.products.create({ name: 'Stand', file_id: 'file_1' }),
      'POST',
      '/products',
      { name: 'Stand', file_id: 'file_1' },
    ],
    [
      'products.list',
      (pl) => pl.products.list({ archived: 'true', limit: 3 }),
      'GET',
      '/products?archived=true&limit=3',
      undefined,
    ],
    ['products.retrieve', (pl) => pl.products.retrieve('prd_1'), 'GET', '/products/prd_1', undefined],
    [
      'products.update',
      (pl) => pl.products.update('prd_1', { name: 'Stand 2' }),
      'PATCH',
      '/products/prd_1',
      { name: 'Stand 2' },
    ],
    ['products.archive', (pl) => pl.products.archive('prd_1'), 'DELETE', '/products/prd_1', undefined],
    ['products.del', (pl) => pl.products.del('prd_1'), 'DELETE', '/products/prd_1', undefined],
    [
      'orders.create',
      (pl) => pl.orders.create({ items: [item], shipping_address: address }, opts),
      'POST',
      '/orders',
      { items: [item], shipping_address: address },
    ],
    [
      'orders.list',
      (pl) => pl.orders.list({ status: 'shipped', external_id: 'shop-1' }),
      'GET',
      '/orders?status=shipped&external_id=shop-1',
      undefined,
    ],
    ['orders.retrieve', (pl) => pl.orders.retrieve('ord_1'), 'GET', '/orders/ord_1', undefined],
    ['orders.cancel', (pl) => pl.orders.cancel('ord_1'), 'POST', '/orders/ord_1/cancel', undefined],
    [
      'orders.cancel(reason)',
      (pl) => pl.orders.cancel('ord_1', { reason: 'Duplicate' }),
      'POST',
      '/orders/ord_1/cancel',
      { reason: 'Duplicate' },
    ],
    [
      'shipping.rates (GET)',
      (pl) => pl.shipping.rates({ country: 'DE', weight_grams: 420 }),
      'GET',
      '/shipping/rates?country=DE&weight_grams=420',
      undefined,
    ],
    [
      'shipping.rates (items)',
      (pl) =>
        pl.shipping.rates({ country: 'DE', items: [{ file_id: 'file_1', material: 'PLA', quantity: 2 }] }),
      'POST',
      '/shipping/rates',
      { country: 'DE', items: [{ file_id: 'file_1', material: 'PLA', quantity: 2 }] },
    ],
    [
      'webhookEndpoints.create',
      (pl) => pl.webhookEndpoints.create({ url: 'https://x.test/hook', events: ['order.created'] }),
      'POST',
      '/webhook_endpoints',
      { url: 'https://x.test/hook', events: ['order.created'] },
    ],
    ['webhookEndpoints.list', (pl) => pl.webhookEndpoints.list(), 'GET', '/webhook_endpoints', undefined],
    [
      'webhookEndpoints.del',
      (pl) => pl.webhookEndpoints.del('we_1'),
      'DELETE',
      '/webhook_endpoints/we_1',
      undefined,
    ],
    [
      'webhookEndpoints.test',
      (pl) => pl.webhookEndpoints.test('we_1'),
      'POST',
      '/webhook_endpoints/we_1/test',
      undefined,
    ],
    [
      'events.list',
      (pl) => pl.events.list({ type: 'order.shipped' }),
      'GET',
      '/events?type=order.shipped',
      undefined,
    ],
    ['events.retrieve', (pl) => pl.events.retrieve('evt_1'), 'GET', '/events/evt_1', undefined],
    [
      'events.redeliver',
      (pl) => pl.events.redeliver('evt_1', { endpoint_id: 'we_1' }),
      'POST',
      '/events/evt_1/redeliver',
      { endpoint_id: 'we_1' },
    ],
    [
      'testHelpers.orders.advance',
      (pl) => pl.testHelpers.orders.advance('ord_1'),
      'POST',
      '/test_helpers/orders/ord_1/advance',
      undefined,
    ],
  ];

  it.each(cases)('%s', async (_name, call, method, path, body) => {
    const { pl, calls } = client();
    await call(pl);
    expect(calls).toHaveLength(1);
    const [sent] = calls;
    expect(sent!.method).toBe(method);
    expect(sent!.url).toBe(`http://api.test/v1${path}`);
    expect(bodyOf(sent!.body)).toEqual(body);
    expect(sent!.headers.has('idempotency-key')).toBe(method === 'POST');
    expect(sent!.headers.get('content-type')).toBe(body === undefined ? null : 'application/json');
  });
});

describe('files.create with the bytes', () => {
  it('sends a multipart form with the model in "file", its name and the units', async () => {
    const { pl, calls } = client();
    const stl = new TextEncoder().encode('solid cube\nendsolid cube\n');
    await pl.files.create({ file: Buffer.from(stl), filename: 'cube.stl', units: 'cm' });
    const form = calls[0]!.body;
    expect(form).toBeInstanceOf(FormData);
    const file = (form as FormData).get('file');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('cube.stl');
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(stl);
    expect((form as FormData).get('units')).toBe('cm');
    // fetch sets the multipart content type with its boundary.
    expect(calls[0]!.headers.get('content-type')).toBeNull();
    expect(calls[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('takes a File’s own name, a Blob or an ArrayBuffer, and needs a name otherwise', async () => {
    const { pl, calls } = client();
    await pl.files.create({ file: new File(['solid'], 'part.obj') });
    expect(((calls[0]!.body as FormData).get('file') as File).name).toBe('part.obj');
    await pl.files.create({ file: new ArrayBuffer(4), filename: 'a.3mf' });
    expect(((calls[1]!.body as FormData).get('file') as File).size).toBe(4);
    await expect(pl.files.create({ file: new Blob(['x']) })).rejects.toThrow(/filename/);
    // A bad argument rejects, as every failure of a call does; nothing was sent.
    await expect(pl.orders.retrieve('')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(2);
  });
});
