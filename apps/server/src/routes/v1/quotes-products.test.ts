import { buildShape, toBinaryStl } from '@printloop/estimate';
import { PRICE_TABLE } from '@printloop/quote';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, quotes } from '../../db/schema.js';
import { createTestApp, signedInUser, type TestApp, testDatabases } from '../../test-helpers.js';
import { createKey, expectError, fixture, PARAMS, startModelServer, upload, v1 } from './v1-testing.js';

/** Quotes and products through the public API, on each database. */
describe.each(testDatabases)('quotes and products on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let adaTest: string;
  let adaLive: string;
  let bobTest: string;
  let cube: Buffer;
  let cubeFile: { id: string };
  let liveCubeFile: { id: string };
  let models: Awaited<ReturnType<typeof startModelServer>>;

  beforeAll(async () => {
    cube = await fixture('cube_20mm.stl');
    models = await startModelServer(cube);
    t = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_NETWORK: 'true', API_RATE_LIMIT: '100000' },
      build: { logger: false },
    });
    ada = await signedInUser(t.app, 'ada@example.com');
    const bob = await signedInUser(t.app, 'bob@example.com');
    adaTest = (await createKey(t, ada.cookie, 'test')).key;
    adaLive = (await createKey(t, ada.cookie, 'live')).key;
    bobTest = (await createKey(t, bob.cookie, 'test')).key;
    cubeFile = (await upload(t, adaTest, 'cube_20mm.stl', cube)).json();
    liveCubeFile = (await upload(t, adaLive, 'cube_20mm.stl', cube)).json();
  });
  afterAll(async () => {
    await t?.close();
    await models?.close();
  });

  const count = async (table: typeof quotes | typeof products) =>
    (await t.app.database.db.select().from(table)).length;

  describe('quotes', () => {
    it('prices a tower taller than the printer laid on its side (layers of its width, not its height)', async () => {
      // 20 × 30 × 240 mm: 240 is over the printer's 210 mm; lying down it is 20 or 30 mm tall.
      const tower = toBinaryStl(buildShape({ kind: 'box', args: [20, 30, 240] }));
      const file = (await upload(t, adaTest, 'tower.stl', Buffer.from(tower))).json();
      expect(file.analysis.fits_build_volume).toBe(true);
      expect(file.analysis.warnings.join(' ')).toMatch(/only laid on its side/);
      const res = await v1(t, adaTest, 'POST', '/v1/quotes', {
        file_id: file.id,
        ...PARAMS,
        layer_height: 0.2,
      });
      expect(res.statusCode, res.body).toBe(201);
      // 100 or 150 layers of 0.2 mm (laid on a side), never 1,200 (standing).
      expect([100, 150]).toContain(res.json().estimate.layers);
    });

    it('prices a file with the calculator engine and price table, itemised in pence', async () => {
      const res = await v1(t, adaLive, 'POST', '/v1/quotes', {
        file_id: liveCubeFile.id,
        ...PARAMS,
        infill: 30,
        quantity: 3,
      });
      expect(res.statusCode, res.body).toBe(201);
      const q = res.json();
      expect(q.id).toMatch(/^quo_[0-9a-f]{32}$/);
      expect(q).toMatchObject({
        object: 'quote',
        livemode: true,
        file_id: liveCubeFile.id,
        product_id: null,
        quantity: 3,
        currency: 'GBP',
        price_table_version: PRICE_TABLE.version,
        parameters: { material: 'PLA', color: 'black', infill: 30, layer_height: 0.2, units: 'mm' },
      });
      for (const f of [
        'unit_amount',
        'subtotal_amount',
        'discount_amount',
        'total_amount',
        'fulfillment_amount',
      ])
        expect(Number.isInteger(q[f]), f).toBe(true);
      expect(q.subtotal_amount).toBe(q.unit_amount * 3);
      expect(q.total_amount).toBe(q.subtotal_amount - q.discount_amount + q.fulfillment_amount);
      // The line items add up to the total exactly.
      expect(q.line_items.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(q.total_amount);
      expect(q.estimate.print_time_s).toBeGreaterThan(0);
      expect(q.estimate.filament_g).toBeGreaterThan(0);
      expect(q.lead_time_days).toBeGreaterThanOrEqual(1);
      // Valid 7 days (to the minute).
      expect(Math.abs(Date.parse(q.valid_until) - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);

      // The calculator's own price for the same file and parameters is the same.
      const uuid = liveCubeFile.id.slice(5).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
      const web = await t.app.inject({
        method: 'POST',
        url: '/api/quotes/preview',
        headers: { cookie: ada.cookie, origin: t.app.config.publicUrl },
        payload: {
          jobId: uuid,
          quantity: 3,
          parameters: {
            filamentType: 'PLA',
            layerHeight: 0.2,
            infillPercentage: 30,
            printSpeed: 60,
            supportRequired: false,
            postProcessing: [],
          },
        },
      });
      expect(web.statusCode, web.body).toBe(200);
      expect(web.json().quote.total_pence).toBe(q.total_amount);
      expect(web.json().quote.unit_price_pence).toBe(q.unit_amount);

      const got = await v1(t, adaLive, 'GET', `/v1/quotes/${q.id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(q);
      expectError(await v1(t, adaTest, 'GET', `/v1/quotes/${q.id}`), 404, 'NOT_FOUND');
      expectError(await v1(t, bobTest, 'GET', `/v1/quotes/${q.id}`), 404, 'NOT_FOUND');
    });

    it('prices a model URL as a new file', async () => {
      const res = await v1(t, adaTest, 'POST', '/v1/quotes', {
        model_url: `${models.base}/cube.stl`,
        ...PARAMS,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().file_id).toMatch(/^file_/);
      expect(res.json().file_id).not.toBe(cubeFile.id);
    });

    it('names the field at fault, and stores nothing for a refused quote', async () => {
      const before = await count(quotes);
      const cases: [Record<string, unknown>, string, number?][] = [
        [{ file_id: cubeFile.id, material: 'PLA' }, 'color'],
        [{ file_id: cubeFile.id, material: 'PLA', color: 'clear' }, 'color'],
        [{ file_id: cubeFile.id, material: 'NYLON', color: 'black' }, 'material'],
        [{ file_id: cubeFile.id, ...PARAMS, layer_height: 0.05 }, 'layer_height'],
        [{ file_id: cubeFile.id, ...PARAMS, infill: 101 }, 'infill'],
        [{ file_id: cubeFile.id, ...PARAMS, print_speed: '60' }, 'print_speed'],
        [{ file_id: cubeFile.id, ...PARAMS, post_processing: ['gilding'] }, 'post_processing[0]'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: 0 }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: 1.5 }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: 1001 }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: -3 }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: 100000 }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: '5' }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, quantity: null }, 'quantity'],
        [{ file_id: cubeFile.id, ...PARAMS, color: 'purple' }, 'color'],
        // Never coerced: a colour id in another case, or with spaces, is not an id of the catalogue.
        [{ file_id: cubeFile.id, ...PARAMS, color: 'Black' }, 'color'],
        [{ file_id: cubeFile.id, ...PARAMS, color: ' black' }, 'color'],
        [{ file_id: cubeFile.id, ...PARAMS, units: 'ft' }, 'units'],
        [{ file_id: cubeFile.id, ...PARAMS, colour: 'red' }, 'colour'],
        [{ ...PARAMS }, 'file_id'],
        [{ file_id: cubeFile.id, model_url: `${models.base}/cube.stl`, ...PARAMS }, 'file_id'],
        [{ file_id: 'file_nope', ...PARAMS }, 'file_id', 404],
        [{ product_id: 'prd_nope', ...PARAMS }, 'product_id', 404],
      ];
      for (const [body, param, status = 400] of cases) {
        const res = await v1(t, adaTest, 'POST', '/v1/quotes', body);
        const e = expectError(res, status, status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR', param);
        if (param === 'color' && body.color === undefined) expect(e.message).toContain('black');
        // An unknown colour is refused with the list of the material's colours.
        if (param === 'color' && body.color === 'purple')
          expect(e.message).toContain('black, white, grey, red, blue, green, yellow, orange');
        // A quantity is never coerced: the field's own message.
        if (param === 'quantity')
          expect(e.message).toContain('Quantity must be a whole number between 1 and 1000');
      }
      expect(await count(quotes)).toBe(before);
    });

    it('refuses a model that does not fit the printer with DOES_NOT_FIT', async () => {
      const plate = (await upload(t, adaTest, 'plate.stl', await fixture('oversize_plate_260mm.stl'))).json();
      expect(plate.analysis).toMatchObject({ fits_build_volume: false, fit_rotation_deg: null });
      const before = await count(quotes);
      const e = expectError(
        await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: plate.id, ...PARAMS }),
        422,
        'DOES_NOT_FIT',
      );
      expect(e.message).toMatch(/does not fit/);
      expect(await count(quotes)).toBe(before);
    });

    it('accepts and prices the 300 mm rail, which fits the bed on the diagonal', async () => {
      const rail = (await upload(t, adaTest, 'rail.stl', await fixture('oversize_rail_300mm.stl'))).json();
      expect(rail.analysis.fits_build_volume).toBe(true);
      const turn = Math.min(rail.analysis.fit_rotation_deg, 180 - rail.analysis.fit_rotation_deg);
      expect(turn).toBeGreaterThan(38.5);
      expect(turn).toBeLessThan(48);
      const q = await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: rail.id, ...PARAMS });
      expect(q.statusCode, q.body).toBe(201);
      expect(q.json().total_amount).toBeGreaterThan(0);
    });

    it('re-reads a file at the units asked for', async () => {
      const inch = (await upload(t, adaTest, 'cube_in.stl', await fixture('cube_1unit_inch.stl'))).json();
      const asMm = (await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: inch.id, ...PARAMS })).json();
      const asIn = await v1(t, adaTest, 'POST', '/v1/quotes', { file_id: inch.id, ...PARAMS, units: 'in' });
      expect(asIn.statusCode, asIn.body).toBe(201);
      expect(asIn.json().parameters.units).toBe('in');
      expect(asIn.json().estimate.filament_g).toBeGreaterThan(asMm.estimate.filament_g * 10);
    });
  });

  describe('products', () => {
    it('measures dimensions from the file and accepts stated ones within 1 mm', async () => {
      const res = await v1(t, adaTest, 'POST', '/v1/products', {
        name: 'Cube',
        file_id: cubeFile.id,
        materials: ['PLA', 'PETG'],
        dimensions: { width: 20.6, height: 19.5, depth: 20 },
        defaults: { color: 'red', infill: 15 },
        sku: 'CUBE-20',
        metadata: { shop: 'etsy' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json();
      expect(p.id).toMatch(/^prd_/);
      expect(p).toMatchObject({
        object: 'product',
        livemode: false,
        name: 'Cube',
        file_id: cubeFile.id,
        materials: ['PLA', 'PETG'],
        dimensions: { width: 20, height: 20, depth: 20 },
        defaults: { material: 'PLA', color: 'red', infill: 15 },
        sku: 'CUBE-20',
        metadata: { shop: 'etsy' },
        archived: false,
      });
      // A quote from the product uses its defaults.
      const q = await v1(t, adaTest, 'POST', '/v1/quotes', { product_id: p.id });
      expect(q.statusCode, q.body).toBe(201);
      expect(q.json()).toMatchObject({ product_id: p.id, parameters: { color: 'red', infill: 15 } });
      expectError(
        await v1(t, adaTest, 'POST', '/v1/quotes', { product_id: p.id, material: 'ABS', color: 'black' }),
        400,
        'VALIDATION_ERROR',
        'material',
      );
    });

    it('refuses stated dimensions more than 1 mm off, naming the likely unit mistake', async () => {
      const before = await count(products);
      const mistake = async (file: string, dimensions: object) => {
        const res = await v1(t, adaTest, 'POST', '/v1/products', { name: 'X', file_id: file, dimensions });
        return expectError(res, 400, 'VALIDATION_ERROR', 'dimensions').message;
      };
      expect(await mistake(cubeFile.id, { width: 2, height: 2, depth: 2 })).toMatch(/centimetres/);
      expect(await mistake(cubeFile.id, { width: 0.787, height: 0.787, depth: 0.787 })).toMatch(/inches/);
      expect(await mistake(cubeFile.id, { width: 21.5, height: 20, depth: 20 })).toMatch(/more than 1 mm/);
      const inch = (await upload(t, adaTest, 'cube_in.stl', await fixture('cube_1unit_inch.stl'))).json();
      expect(await mistake(inch.id, { width: 25.4, height: 25.4, depth: 25.4 })).toMatch(
        /drawn in inches.*units "in"/,
      );
      expect(await count(products)).toBe(before);
    });

    it('keeps SKUs unique per account and mode', async () => {
      const make = (key: string, file: string, sku: string) =>
        v1(t, key, 'POST', '/v1/products', { name: 'Dup', file_id: file, sku });
      expect((await make(adaTest, cubeFile.id, 'SKU-1')).statusCode).toBe(201);
      expectError(await make(adaTest, cubeFile.id, 'SKU-1'), 409, 'CONFLICT', 'sku');
      // The other mode has its own SKUs.
      expect((await make(adaLive, liveCubeFile.id, 'SKU-1')).statusCode).toBe(201);
      // Two at once: one wins, the other is a 409, never a 500.
      const both = await Promise.all([
        make(adaTest, cubeFile.id, 'SKU-RACE'),
        make(adaTest, cubeFile.id, 'SKU-RACE'),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expectError(await make(adaTest, cubeFile.id, 'no*stars'), 400, 'VALIDATION_ERROR', 'sku');
    });

    it('lets an archived product give its SKU to a new one, and only then', async () => {
      const make = () =>
        v1(t, adaTest, 'POST', '/v1/products', { name: 'Old', file_id: cubeFile.id, sku: 'SKU-REPLACED' });
      const old = await make();
      expect(old.statusCode).toBe(201);
      expectError(await make(), 409, 'CONFLICT', 'sku');
      expect((await v1(t, adaTest, 'DELETE', `/v1/products/${old.json().id}`)).statusCode).toBe(200);
      const replacement = await make();
      expect(replacement.statusCode).toBe(201);
      expect(replacement.json().id).not.toBe(old.json().id);
      // The archived one still shows its SKU; the active one is the one the SKU finds.
      const archived = await v1(t, adaTest, 'GET', `/v1/products/${old.json().id}`);
      expect(archived.json()).toMatchObject({ sku: 'SKU-REPLACED', archived: true });
      expectError(await make(), 409, 'CONFLICT', 'sku');
    });

    it('updates, archives and keeps products of other accounts and modes out of reach', async () => {
      const p = (
        await v1(t, adaTest, 'POST', '/v1/products', {
          name: 'Lamp',
          file_id: cubeFile.id,
          materials: ['PLA'],
        })
      ).json();
      const patched = await v1(t, adaTest, 'PATCH', `/v1/products/${p.id}`, {
        name: 'Desk lamp',
        description: 'Warm light',
        defaults: { color: 'white' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({
        name: 'Desk lamp',
        description: 'Warm light',
        defaults: { color: 'white' },
      });
      expectError(
        await v1(t, adaTest, 'PATCH', `/v1/products/${p.id}`, { file_id: cubeFile.id }),
        400,
        'VALIDATION_ERROR',
        'file_id',
      );
      expectError(
        await v1(t, adaTest, 'PATCH', `/v1/products/${p.id}`, { materials: ['ABS'] }),
        400,
        'VALIDATION_ERROR',
        'defaults.material',
      );
      for (const key of [adaLive, bobTest]) {
        expectError(await v1(t, key, 'GET', `/v1/products/${p.id}`), 404, 'NOT_FOUND');
        expectError(await v1(t, key, 'PATCH', `/v1/products/${p.id}`, { name: 'Mine' }), 404, 'NOT_FOUND');
        expectError(await v1(t, key, 'DELETE', `/v1/products/${p.id}`), 404, 'NOT_FOUND');
      }
      const archived = await v1(t, adaTest, 'DELETE', `/v1/products/${p.id}`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().archived).toBe(true);
      const listed = (await v1(t, adaTest, 'GET', '/v1/products?limit=100')).json();
      expect(listed.data.map((x: { id: string }) => x.id)).not.toContain(p.id);
      const archivedList = (await v1(t, adaTest, 'GET', '/v1/products?archived=true')).json();
      expect(archivedList.data.map((x: { id: string }) => x.id)).toContain(p.id);
      expectError(
        await v1(t, adaTest, 'POST', '/v1/quotes', { product_id: p.id, ...PARAMS }),
        409,
        'CONFLICT',
      );
    });

    it('pages newest first with starting_after and ending_before', async () => {
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await v1(t, bobTest, 'POST', '/v1/products', {
          name: `P${i}`,
          model_url: `${models.base}/cube.stl`,
        });
        expect(r.statusCode, r.body).toBe(201);
        made.push(r.json().id);
      }
      const newest = [...made].reverse();
      const page1 = (await v1(t, bobTest, 'GET', '/v1/products?limit=2')).json();
      expect(page1).toMatchObject({ object: 'list', has_more: true });
      expect(page1.data.map((p: { id: string }) => p.id)).toEqual(newest.slice(0, 2));
      const page2 = (await v1(t, bobTest, 'GET', `/v1/products?limit=2&starting_after=${newest[1]}`)).json();
      expect(page2.data.map((p: { id: string }) => p.id)).toEqual(newest.slice(2, 4));
      expect(page2.has_more).toBe(true);
      const page3 = (await v1(t, bobTest, 'GET', `/v1/products?limit=2&starting_after=${newest[3]}`)).json();
      expect(page3.data.map((p: { id: string }) => p.id)).toEqual(newest.slice(4));
      expect(page3.has_more).toBe(false);
      const back = (await v1(t, bobTest, 'GET', `/v1/products?limit=2&ending_before=${newest[4]}`)).json();
      expect(back.data.map((p: { id: string }) => p.id)).toEqual(newest.slice(2, 4));
      expect(back.has_more).toBe(true);
      const all = (await v1(t, bobTest, 'GET', '/v1/products?limit=100')).json();
      expect(all).toMatchObject({ has_more: false });
      expect(all.data).toHaveLength(5);
      const dflt = (await v1(t, bobTest, 'GET', '/v1/products')).json();
      expect(dflt.data).toHaveLength(5);

      for (const q of ['limit=0', 'limit=101', 'limit=ten', 'limit=-1', 'sort=name'])
        expectError(
          await v1(t, bobTest, 'GET', `/v1/products?${q}`),
          400,
          'VALIDATION_ERROR',
          q.split('=')[0],
        );
      expectError(
        await v1(t, bobTest, 'GET', '/v1/products?starting_after=prd_missing'),
        404,
        'NOT_FOUND',
        'starting_after',
      );
      // Another account's product is not a cursor either.
      const adas = (await v1(t, adaTest, 'GET', '/v1/products?limit=1')).json().data[0].id;
      expectError(
        await v1(t, bobTest, 'GET', `/v1/products?ending_before=${adas}`),
        404,
        'NOT_FOUND',
        'ending_before',
      );
    });
  });
});
