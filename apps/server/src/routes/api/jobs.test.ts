import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeMesh } from '@printloop/geometry';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJobs, printParameters, quotes } from '../../db/schema.js';
import {
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  type TestApp,
  testDatabases,
} from '../../test-helpers.js';

interface ManifestEntry {
  file: string;
  volume_mm3: number;
  bbox_mm: { x: number; y: number; z: number };
  triangles: number | null;
  watertight: boolean;
  shells: number;
}
const manifest: ManifestEntry[] = JSON.parse(await readFile(path.join(modelsDir, 'manifest.json'), 'utf8'));
const model = (f: string) => readFile(path.join(modelsDir, f));
const defaults = {
  layerHeight: 0.2,
  filamentType: 'PLA',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: false,
  postProcessing: [],
  color: 'black',
};

/** A multipart upload with form fields sent before the file (as the calculator sends its parameters). */
function multipartWithFields(fileName: string, bytes: Uint8Array, fields: Record<string, string>) {
  const boundary = `----printloop${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases)('uploads, analysis and quotes on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
    bob = await signedInUser(t.app, 'bob@example.com');
  });
  afterAll(() => t?.close());

  const upload = async (fileName: string, bytes: Uint8Array, cookie?: string, units?: string) => {
    const mp = multipart(fileName, bytes);
    return t.app.inject({
      method: 'POST',
      url: units ? `/api/jobs?units=${units}` : '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, origin: t.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    });
  };
  const as = (who: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, origin: t.app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });

  it('refuses an anonymous upload with 401', async () => {
    const res = await upload('cube_20mm.stl', await model('cube_20mm.stl'));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    'cube_20mm.stl',
    'hollow_box_2mm.stl',
    'knob_quads.obj',
    'phone_stand_cm.3mf',
    'bracket_holes_solidheader.stl',
  ])('stores and analyses %s on the server (volume within 1e-4, bbox within 0.01 mm)', async (file) => {
    const ref = manifest.find((m) => m.file === file)!;
    const res = await upload(file, await model(file), ada.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { job, analysis } = res.json();
    expect(job).toMatchObject({ file_name: file, status: 'pending' });
    expect(Math.abs(analysis.volume_mm3 - ref.volume_mm3) / ref.volume_mm3).toBeLessThan(1e-4);
    expect(analysis.bbox.size[0]).toBeCloseTo(ref.bbox_mm.x, 2);
    expect(analysis.bbox.size[1]).toBeCloseTo(ref.bbox_mm.y, 2);
    expect(analysis.bbox.size[2]).toBeCloseTo(ref.bbox_mm.z, 2);
    expect(analysis.triangles).toBe(ref.triangles);
    expect(analysis.watertight).toBe(ref.watertight);
    const [row] = await t.app.database.db.select().from(printJobs).where(eq(printJobs.id, job.id));
    expect(row!.userId).toBe(ada.id);
    expect(row!.filePath).toBe(`models/${ada.id}/${job.id}/${file}`);
    const stored = await t.app.storage.getBytes(row!.filePath);
    expect(Buffer.from(stored).equals(await model(file))).toBe(true);
  });

  it('analyses a STEP file (volume within 0.5% of the solid)', async () => {
    const res = await upload('box_with_hole.step', await model('box_with_hole.step'), ada.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(Math.abs(res.json().analysis.volume_mm3 - 16821.9) / 16821.9).toBeLessThan(0.005);
  });

  it('refuses another extension, unreadable content and files over 50 MB, keeping nothing', async () => {
    const before = await t.app.database.db.select().from(printJobs);
    const badExt = await upload('notes.gcode', Buffer.from('G28\n'), ada.cookie);
    expect(badExt.statusCode).toBe(400);
    expect(badExt.json().error.message).toBe(
      'Invalid file format. Please upload STL, OBJ, 3MF or STEP files.',
    );
    const garbage = await upload(
      'random.stl',
      Buffer.from('this is not a mesh at all, just some text'),
      ada.cookie,
    );
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().error.code).toBe('UNREADABLE_MODEL');
    const fake3mf = await upload('fake.3mf', Buffer.from('PK not really a zip'), ada.cookie);
    expect(fake3mf.statusCode).toBe(422);
    const huge = await upload('huge.stl', new Uint8Array(50 * 1024 * 1024 + 10), ada.cookie);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('File size exceeds 50MB limit.');
    const after = await t.app.database.db.select().from(printJobs);
    expect(after.length).toBe(before.length);
  });

  it('prices on the server, ignores any price the client sends, and saves in one go', async () => {
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), ada.cookie);
    const jobId = up.json().job.id;
    const preview = await as(ada, 'POST', '/api/quotes/preview', {
      jobId,
      parameters: defaults,
      quantity: 1,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { estimate, quote } = preview.json();
    // PrusaSlicer's reference for this job is 915 s and 3.98 g; the estimator is checked in its own tests.
    expect(estimate.print_time_s).toBeGreaterThan(915 * 0.8);
    expect(estimate.print_time_s).toBeLessThan(915 * 1.2);
    // One unit: its price plus the per-order fulfilment fee.
    expect(quote.total_pence).toBe(quote.unit_price_pence + quote.fulfilment_pence);
    expect(quote.fulfilment_pence).toBe(295);

    const saved = await as(ada, 'POST', '/api/quotes', {
      jobId,
      parameters: defaults,
      quantity: 1,
      total_cost: 0.01,
      totalCost: 0.01,
      price: { total: 0.01 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const body = saved.json();
    expect(body.id).toBeTruthy();
    expect(body.created_at).toBeTruthy();
    expect(body.quote.total_pence).toBe(quote.total_pence);
    const [row] = await t.app.database.db.select().from(quotes).where(eq(quotes.id, body.id));
    expect(Number(row!.totalCost)).toBeCloseTo(quote.total_pence / 100, 2);
    expect(Number(row!.materialCost)).toBeCloseTo(quote.material_pence / 100, 2);
    expect(Number(row!.electricityCost)).toBeCloseTo(quote.machine_pence / 100, 2);
    expect(row!.status).toBe('pending');
    expect(row!.printTime).toBe(Math.round(estimate.print_time_s / 60));
    const validMs = row!.validUntil.getTime() - row!.createdAt.getTime();
    expect(Math.abs(validMs - 7 * 86_400_000)).toBeLessThan(60_000);
    const [params] = await t.app.database.db
      .select()
      .from(printParameters)
      .where(eq(printParameters.id, row!.parametersId));
    expect(params).toMatchObject({
      layerHeight: 0.2,
      filamentType: 'PLA',
      printSpeed: 60,
      infillPercentage: 20,
    });

    const list = await as(ada, 'GET', '/api/quotes');
    expect(list.json().quotes[0]).toMatchObject({
      id: body.id,
      file_name: 'cube_20mm.stl',
      total_pence: quote.total_pence,
    });
    const one = await as(ada, 'GET', `/api/quotes/${body.id}`);
    expect(one.json().quote.parameters).toEqual(defaults);
    expect(one.json().analysis.volume_mm3).toBeCloseTo(8000, 1);
  });

  it('re-prices a stored job with new parameters and units without a new upload', async () => {
    const up = await upload('cube_1unit_inch.stl', await model('cube_1unit_inch.stl'), ada.cookie);
    const { job, analysis } = up.json();
    expect(analysis.suggested_units).toBe('in');
    const inches = await as(ada, 'POST', `/api/jobs/${job.id}/units`, { units: 'in' });
    expect(inches.statusCode, inches.body).toBe(200);
    expect(inches.json().analysis.volume_mm3).toBeCloseTo(16387.06, 0);
    const a = await as(ada, 'POST', '/api/quotes/preview', {
      jobId: job.id,
      parameters: defaults,
      quantity: 1,
    });
    const b = await as(ada, 'POST', '/api/quotes/preview', {
      jobId: job.id,
      parameters: { ...defaults, infillPercentage: 100, filamentType: 'PETG', postProcessing: ['sanding'] },
      quantity: 20,
    });
    expect(b.json().estimate.filament_g).toBeGreaterThan(a.json().estimate.filament_g * 1.5);
    expect(b.json().quote.post_processing_pence).toBe(500);
    expect(b.json().quote.discount_pence).toBeGreaterThan(0);
  });

  it('refuses parameters out of range with a clear message', async () => {
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), ada.cookie);
    const res = await as(ada, 'POST', '/api/quotes/preview', {
      jobId: up.json().job.id,
      parameters: { ...defaults, layerHeight: 0.8 },
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/layer height/i);
  });

  it('refuses an invalid quantity with its message and never coerces it (preview, save, upload)', async () => {
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), ada.cookie);
    const jobId = up.json().job.id;
    const count = async () => (await t.app.database.db.select({ id: quotes.id }).from(quotes)).length;
    const before = await count();
    const message = 'Quantity must be a whole number between 1 and 1000';
    for (const quantity of [0, -3, 1.5, 100000, 1001, '', '2', null, undefined]) {
      for (const url of ['/api/quotes/preview', '/api/quotes']) {
        const res = await as(ada, 'POST', url, { jobId, parameters: defaults, quantity });
        expect(res.statusCode, `${url} ${String(quantity)}`).toBe(400);
        expect(res.json().error.fields.quantity).toBe(message);
      }
    }
    // Saving 0 stores nothing (it used to store a quote for 1).
    expect(await count()).toBe(before);
    // The upload's own price: the form field must be digits within the bounds.
    for (const quantity of ['0', '-3', '1.5', '100000', '', ' 5']) {
      const mp = multipartWithFields('cube_20mm.stl', await model('cube_20mm.stl'), {
        parameters: JSON.stringify(defaults),
        quantity,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        payload: mp.payload,
        headers: { ...mp.headers, origin: t.app.config.publicUrl, cookie: ada.cookie },
      });
      expect(res.statusCode, `upload quantity ${JSON.stringify(quantity)}`).toBe(400);
      expect(res.json().error.fields.quantity).toBe(message);
    }
  });

  it('carries the colour into the saved quote and refuses an unknown one with the valid list', async () => {
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), ada.cookie);
    const jobId = up.json().job.id;
    const saved = await as(ada, 'POST', '/api/quotes', {
      jobId,
      parameters: { ...defaults, filamentType: 'PETG', color: 'clear' },
      quantity: 2,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const one = (await as(ada, 'GET', `/api/quotes/${saved.json().id}`)).json();
    expect(one.quote.parameters).toMatchObject({ filamentType: 'PETG', color: 'clear' });
    const list = (await as(ada, 'GET', '/api/quotes')).json();
    expect(list.quotes[0].parameters.color).toBe('clear');

    const cases: [Record<string, unknown>, RegExp][] = [
      // PLA has no clear: refused, not swapped for another colour.
      [
        { ...defaults, color: 'clear' },
        /"clear" is not a colour of PLA\. Choose one of: black, white, grey, red/,
      ],
      [{ ...defaults, filamentType: 'TPU', color: 'grey' }, /Choose one of: black, white, red, blue\./],
      [{ ...defaults, color: 'Black' }, /"Black" is not a colour of PLA/],
      [{ ...defaults, color: undefined }, /Choose a colour of PLA: one of black, white/],
      [{ ...defaults, color: 7 }, /Choose a colour of PLA/],
    ];
    for (const [parameters, message] of cases) {
      const res = await as(ada, 'POST', '/api/quotes', { jobId, parameters, quantity: 1 });
      expect(res.statusCode, JSON.stringify(parameters)).toBe(400);
      expect(res.json().error.fields['parameters.color']).toMatch(message);
    }
    // A preview may leave the colour out (it does not change the price), but not name a wrong one.
    const { color: _, ...uncoloured } = defaults;
    expect(
      (await as(ada, 'POST', '/api/quotes/preview', { jobId, parameters: uncoloured, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const wrong = await as(ada, 'POST', '/api/quotes/preview', {
      jobId,
      parameters: { ...defaults, color: 'purple' },
      quantity: 1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('Choose one of: black, white');
  });

  it('prices TPU at 40 mm/s and layers at 0.3 mm, as the farm runs them', async () => {
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), ada.cookie);
    const jobId = up.json().job.id;
    const price = async (p: Record<string, unknown>) =>
      (
        await as(ada, 'POST', '/api/quotes/preview', {
          jobId,
          parameters: { ...defaults, ...p },
          quantity: 1,
        })
      ).json();
    const fast = await price({ filamentType: 'TPU', color: 'black', printSpeed: 150 });
    const forty = await price({ filamentType: 'TPU', color: 'black', printSpeed: 40 });
    expect(fast.estimate).toEqual(forty.estimate);
    expect(fast.quote.total_pence).toBe(forty.quote.total_pence);
    // The quote still records what was asked.
    expect(fast.quote.inputs.parameters.printSpeed).toBe(150);
    const thick = await price({ layerHeight: 0.4 });
    const max = await price({ layerHeight: 0.3 });
    expect(thick.estimate).toEqual(max.estimate);
  });

  it('keeps every job, file and quote private to its owner (404 for anyone else)', async () => {
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), ada.cookie);
    const jobId = up.json().job.id;
    const saved = (await as(ada, 'POST', '/api/quotes', { jobId, parameters: defaults, quantity: 1 })).json();
    for (const [method, url, payload] of [
      ['GET', `/api/jobs/${jobId}`, undefined],
      ['GET', `/api/jobs/${jobId}/file`, undefined],
      ['POST', `/api/jobs/${jobId}/units`, { units: 'cm' }],
      ['POST', '/api/quotes/preview', { jobId, parameters: defaults, quantity: 1 }],
      ['POST', '/api/quotes', { jobId, parameters: defaults, quantity: 1 }],
      ['GET', `/api/quotes/${saved.id}`, undefined],
      ['DELETE', `/api/quotes/${saved.id}`, undefined],
    ] as const) {
      const res = await as(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(bob, 'GET', '/api/quotes')).json().quotes).toEqual([]);
    // Anonymous: 401 everywhere.
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/file` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/quotes' })).statusCode).toBe(401);
    // The owner gets the file and can delete the quote.
    const file = await as(ada, 'GET', `/api/jobs/${jobId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(await model('cube_20mm.stl'))).toBe(true);
    const mesh = await as(ada, 'GET', `/api/jobs/${jobId}/mesh`);
    expect(mesh.statusCode).toBe(200);
    // The indexed mesh: a 12-byte header, 8 distinct corners and 12 triangles of indices.
    expect(mesh.rawPayload.byteLength).toBe(12 + 8 * 12 + 12 * 12);
    expect([...decodeMesh(new Uint8Array(mesh.rawPayload)).positions]).toHaveLength(12 * 9);
    expect((await as(bob, 'GET', `/api/jobs/${jobId}/mesh`)).statusCode).toBe(404);
    expect((await as(ada, 'DELETE', `/api/quotes/${saved.id}`)).statusCode).toBe(204);
    expect((await as(ada, 'GET', `/api/quotes/${saved.id}`)).statusCode).toBe(404);
  });

  it('lists saved quotes a page at a time, newest first, with no gaps or repeats', async () => {
    const carl = await signedInUser(t.app, 'carl@example.com');
    const up = await upload('cube_20mm.stl', await model('cube_20mm.stl'), carl.cookie);
    const jobId = up.json().job.id;
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await as(carl, 'POST', '/api/quotes', { jobId, parameters: defaults, quantity: i + 1 });
      made.push(r.json().id);
    }
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await as(carl, 'GET', `/api/quotes?limit=3${after ? `&starting_after=${after}` : ''}`);
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      seen.push(...body.quotes.map((q: { id: string }) => q.id));
      after = body.quotes.at(-1)?.id;
      if (!body.has_more) break;
    }
    expect(seen).toEqual([...made].reverse());
    expect((await as(carl, 'GET', '/api/quotes?limit=0')).statusCode).toBe(400);
    expect((await as(carl, 'GET', '/api/quotes?limit=101')).statusCode).toBe(400);
    // Another user's quote is not a cursor.
    expect((await as(ada, 'GET', `/api/quotes?starting_after=${made[0]}`)).statusCode).toBe(404);
  });
});
