import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.js';
import { createKey, fixture, upload, v1 } from '../routes/v1/v1-testing.js';
import { createTestApp, signedInUser, type TestApp, testDatabases } from '../test-helpers.js';
import { guessMapping, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoting, a BOM, CRLF and a quoted line break, and lists the rows it cannot read', () => {
    const text =
      '\uFEFFOrder ID,SKU,Ship Address1\r\n' +
      '1,A,"1 High Street, Flat ""B"""\r\n' +
      '2,B,"Line one\r\nline two"\r\n' +
      '3,C,x"bad\r\n' +
      '4,D\r\n' +
      '5,E,fine\r\n';
    const p = parseCsv(text);
    expect(p.headers).toEqual(['Order ID', 'SKU', 'Ship Address1']);
    expect(p.rows.map((r) => r.cells)).toEqual([
      ['1', 'A', '1 High Street, Flat "B"'],
      ['2', 'B', 'Line one\nline two'],
      ['5', 'E', 'fine'],
    ]);
    expect(p.rows.map((r) => r.line)).toEqual([2, 3, 7]);
    expect(p.broken.map((b) => b.line)).toEqual([5, 6]);
    expect(p.broken[0]!.reason).toMatch(/quote/);
    expect(p.broken[1]!.reason).toMatch(/columns/);
  });

  it('keeps the rows before a quote that is never closed, and says where it opened', () => {
    const p = parseCsv('a,b\n1,2\n3,"never closed\n4,5\n');
    expect(p.rows.map((r) => r.cells)).toEqual([['1', '2']]);
    expect(p.broken).toHaveLength(1);
    expect(p.broken[0]!.reason).toMatch(/never closed/);
  });

  it('reads Amazon’s tab-separated report and guesses its columns', () => {
    const p = parseCsv('order-id\tsku\tquantity-purchased\trecipient-name\n123-1\tX\t1\tAl\n');
    expect(p.rows[0]!.cells).toEqual(['123-1', 'X', '1', 'Al']);
    expect(guessMapping(p.headers)).toMatchObject({
      external_id: 'order-id',
      sku: 'sku',
      quantity: 'quantity-purchased',
      name: 'recipient-name',
    });
  });
});

const ETSY_HEAD =
  'Sale Date,Item Name,Buyer,Quantity,Price,Order ID,Ship Name,Ship Address1,Ship Address2,Ship City,Ship State,Ship Zipcode,Ship Country,SKU';

describe.each(testDatabases)('CSV import on %s', (kind) => {
  let t: TestApp;
  let seller: { cookie: string; id: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { API_RATE_LIMIT: '100000' }, build: { logger: false } });
    seller = await signedInUser(t.app, `csv.${randomUUID().slice(0, 8)}@example.com`);
    const live = (await createKey(t, seller.cookie, 'live')).key;
    const file = (await upload(t, live, 'cube.stl', await fixture('cube_20mm.stl'))).json();
    for (const sku of ['CUBE-1', 'CUBE-2']) {
      const p = await v1(t, live, 'POST', '/v1/products', {
        name: sku,
        file_id: file.id,
        sku,
        defaults: { material: 'PLA', color: 'black' },
      });
      expect(p.statusCode, p.body).toBe(201);
    }
  });
  afterAll(() => t?.close());

  const post = (path: 'preview' | 'place', body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/integrations/import/${path}`,
      headers: { cookie: seller.cookie, origin: t.app.config.publicUrl },
      payload: body,
    });

  it('an Etsy export: preset columns, every row checked and shown, valid orders placed once, re-import places nothing', async () => {
    const csv =
      '\uFEFF' +
      [
        ETSY_HEAD,
        // One order of two lines (the address repeated on each, as Etsy writes it).
        '01/11/26,Cube,ada,2,10.00,E-100,Ada Lovelace,"12 St James\'s Square, Flat 2",,London,,SW1Y 4JH,United Kingdom,CUBE-1',
        '01/11/26,Cube 2,ada,1,10.00,E-100,Ada Lovelace,"12 St James\'s Square, Flat 2",,London,,SW1Y 4JH,United Kingdom,CUBE-2',
        '01/11/26,Cube,bob,1,10.00,E-101,"Bob ""The Builder"" Smith",1 Rue de Rivoli,,Paris,,75001,France,CUBE-1',
        '01/11/26,Mug,cy,1,10.00,E-102,Cy Young,1 Main St,,Springfield,IL,62701,United States,MUG-9',
        '01/11/26,Cube,di,0,10.00,E-103,Di Prince,1 Main St,,Leeds,,LS1 1AA,United Kingdom,CUBE-1',
        '01/11/26,Cube,ed,1,10.00,E-104,Ed Stone,1 Main St,,Leeds,,NOT A CODE,United Kingdom,CUBE-1',
        '01/11/26,Cube,fi,1,10.00,E-105,Fi Green,1 Main St,,Leeds,,LS1 1AA,Atlantis,CUBE-1',
        '01/11/26,Cube,gus,1,10.00,E-106,Gus "broken,1 Main St,,Leeds,,LS1 1AA,United Kingdom,CUBE-1',
        '01/11/26,Cube,hal,1,10.00,E-107,Hal Jordan,1 Main St,,Leeds,,LS1 1AA,United Kingdom,CUBE-1',
        '01/11/26,Cube,hal,1,10.00,E-107,Hal Jordan,1 Main St,,Leeds,,LS1 1AA,United Kingdom,NOPE',
      ].join('\r\n') +
      '\r\n';
    const preview = await post('preview', { source: 'etsy', csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.mapping_origin).toBe('preset');
    expect(p.missing_fields).toEqual([]);
    const byLine = new Map(p.rows.map((r: { line: number }) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ status: 'ready', external_id: 'E-100', sku: 'CUBE-1' });
    expect(byLine.get(4)).toMatchObject({
      status: 'ready',
      name: 'Bob "The Builder" Smith',
      country: 'France',
    });
    expect(byLine.get(5)).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('No live product has the SKU “MUG-9”'),
    });
    expect(byLine.get(6)).toMatchObject({ status: 'error', reason: expect.stringContaining('quantity') });
    expect(byLine.get(7)).toMatchObject({ status: 'error', reason: expect.stringContaining('Postcode') });
    expect(byLine.get(8)).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('Unknown country “Atlantis”'),
    });
    expect(byLine.get(9)).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('could not be read'),
    });
    expect(byLine.get(10)).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('Line 11 of the same order'),
    });
    expect(byLine.get(11)).toMatchObject({ status: 'error', reason: expect.stringContaining('NOPE') });
    expect(p.counts).toMatchObject({ rows: 10, ready: 3, errors: 7, orders_ready: 2 });
    // Nothing placed by a preview.
    expect(await t.app.database.db.select().from(orders).where(eq(orders.userId, seller.id))).toHaveLength(0);

    const placed = (await post('place', { source: 'etsy', csv })).json();
    expect(placed.counts).toMatchObject({ placed: 3, errors: 7 });
    const mine = await t.app.database.db.select().from(orders).where(eq(orders.userId, seller.id));
    expect(mine.map((o) => o.externalId).sort()).toEqual(['E-100', 'E-101']);
    const e100 = mine.find((o) => o.externalId === 'E-100')!;
    expect(e100.placedVia).toBe('csv');
    expect(e100.shippingAddress).toMatchObject({
      name: 'Ada Lovelace',
      postal_code: 'SW1Y 4JH',
      country: 'GB',
    });
    const e101 = mine.find((o) => o.externalId === 'E-101')!;
    expect(e101.shippingAddress).toMatchObject({ country: 'FR', city: 'Paris' });

    const again = (await post('place', { source: 'etsy', csv })).json();
    expect(again.counts).toMatchObject({ placed: 0, duplicates: 3 });
    expect(again.rows.find((r: { line: number }) => r.line === 2)).toMatchObject({
      status: 'duplicate',
      order_id: e100.id,
    });
    expect(await t.app.database.db.select().from(orders).where(eq(orders.userId, seller.id))).toHaveLength(2);
  });

  it('remembers a hand-made column mapping per source', async () => {
    const csv =
      'Ref;Item;Qty;Who;Addr;Town;Zip;Land;Speed\nW-1;CUBE-1;1;Al Ray;1 Main St;York;YO1 7HH;GB;Expedited\n';
    const first = (await post('preview', { source: 'walmart', csv })).json();
    expect(first.mapping_origin).toBe('guessed');
    expect(first.missing_fields.length).toBeGreaterThan(0);
    const mapping = {
      external_id: 'Ref',
      sku: 'Item',
      quantity: 'Qty',
      name: 'Who',
      street: 'Addr',
      city: 'Town',
      postal_code: 'Zip',
      country: 'Land',
      service: 'Speed',
    };
    const mapped = (await post('preview', { source: 'walmart', csv, mapping })).json();
    expect(mapped.counts).toMatchObject({ ready: 1 });
    const remembered = (await post('preview', { source: 'walmart', csv })).json();
    expect(remembered.mapping_origin).toBe('remembered');
    expect(remembered.mapping).toEqual(mapping);
    const placed = (await post('place', { source: 'walmart', csv })).json();
    expect(placed.counts.placed).toBe(1);
    const [o] = await t.app.database.db.select().from(orders).where(eq(orders.externalId, 'W-1'));
    expect((o!.shipping as { service: string }).service).toBe('express');
  });

  it('imports a 500-row Amazon report (tab-separated) with per-row errors, and re-imports nothing', async () => {
    const head =
      'order-id\torder-item-id\tsku\tquantity-purchased\trecipient-name\tship-address-1\tship-address-2\tship-city\tship-state\tship-postal-code\tship-country\tship-phone-number\tbuyer-email\tship-service-level';
    const lines = [head];
    for (let i = 0; i < 500; i++) {
      const bad = i % 50 === 7;
      lines.push(
        [
          `206-${String(i).padStart(7, '0')}`,
          `it-${i}`,
          bad ? 'UNKNOWN' : i % 2 ? 'CUBE-1' : 'CUBE-2',
          String(1 + (i % 3)),
          `Buyer ${i}`,
          `${i} Long Road`,
          '',
          'Manchester',
          '',
          'M1 1AE',
          'GB',
          '07700 900123',
          `b${i}@example.com`,
          i % 5 ? 'Standard' : 'Expedited',
        ].join('\t'),
      );
    }
    const csv = `${lines.join('\n')}\n`;
    const started = Date.now();
    const res = await post('place', { source: 'amazon', csv });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const r = res.json();
    expect(r.mapping_origin).toBe('preset');
    expect(r.counts).toMatchObject({ rows: 500, placed: 490, errors: 10 });
    expect(
      r.rows
        .filter((x: { status: string }) => x.status === 'error')
        .every((x: { reason: string }) => x.reason.includes('UNKNOWN')),
    ).toBe(true);
    const again = (await post('place', { source: 'amazon', csv })).json();
    expect(again.counts).toMatchObject({ placed: 0, duplicates: 490, errors: 10 });
    const placedIds = new Set(r.rows.map((x: { order_id: string | null }) => x.order_id).filter(Boolean));
    expect(placedIds.size).toBe(490);
    console.log(`500-row import placed 490 orders in ${Date.now() - started} ms`);
  }, 180_000);

  it('refuses a file over the size limit and one with no header', async () => {
    const big = await post('preview', { source: 'other', csv: 'a'.repeat(2 * 1024 * 1024 + 1) });
    expect(big.statusCode).toBe(400);
    const empty = await post('preview', { source: 'other', csv: '\n\n' });
    expect(empty.statusCode).toBe(400);
  });
});
