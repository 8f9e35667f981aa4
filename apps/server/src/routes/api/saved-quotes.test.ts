import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { QUOTE_NAME_MAX, QUOTE_THUMBNAIL_MAX_BYTES } from '@printloop/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printParameters, quotes } from '../../db/schema.js';
import {
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  type TestApp,
  testDatabases,
} from '../../test-helpers.js';

const defaults = {
  layerHeight: 0.2,
  filamentType: 'PETG',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: true,
  postProcessing: ['sanding'],
  color: 'black',
};
/** A real 1 × 1 PNG (67 bytes). */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const png = `data:image/png;base64,${PNG_1PX}`;

type Who = { cookie: string; id: string };

describe.each(testDatabases)('saved quotes: update, save as new, rename, thumbnail, PDF on %s', (kind) => {
  let t: TestApp;
  let ada: Who;
  let bob: Who;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
    bob = await signedInUser(t.app, 'bob@example.com');
    const mp = multipart('cube_20mm.stl', await readFile(path.join(modelsDir, 'cube_20mm.stl')));
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, origin: t.app.config.publicUrl, cookie: ada.cookie },
    });
    expect(up.statusCode, up.body).toBe(201);
    jobId = up.json().job.id;
  });
  afterAll(() => t?.close());

  const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, origin: t.app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });
  const saveNew = async (extra: object = {}) => {
    const res = await as(ada, 'POST', '/api/quotes', { jobId, parameters: defaults, quantity: 12, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const count = async (userId: string) =>
    (await t.app.database.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.userId, userId))).length;

  it('gives each saved quote a unique, sequential reference and the file name as its name', async () => {
    const a = await saveNew();
    const b = await saveNew();
    const year = new Date().getUTCFullYear();
    expect(a.reference).toMatch(new RegExp(`^Q-${year}-\\d{6}$`));
    expect(a.name).toBe('cube_20mm.stl');
    const n = (r: string) => Number(r.slice(-6));
    expect(n(b.reference)).toBe(n(a.reference) + 1);
    // Saved side by side, they still never share a number.
    const many = await Promise.all(Array.from({ length: 5 }, () => saveNew()));
    const refs = [a, b, ...many].map((q) => q.reference);
    expect(new Set(refs).size).toBe(refs.length);
    const sorted = refs.map(n).sort((x, y) => x - y);
    expect(sorted.at(-1)! - sorted[0]!).toBe(refs.length - 1);
  });

  it('lists the reference, name and a one-line summary that tells quotes apart', async () => {
    const a = await saveNew({ name: '  Bracket, left  ' });
    const b = (
      await as(ada, 'POST', '/api/quotes', {
        jobId,
        parameters: { ...defaults, infillPercentage: 40, postProcessing: [] },
        quantity: 12,
      })
    ).json();
    const list = (await as(ada, 'GET', '/api/quotes')).json().quotes;
    const rowA = list.find((q: { id: string }) => q.id === a.id);
    const rowB = list.find((q: { id: string }) => q.id === b.id);
    expect(rowA).toMatchObject({
      reference: a.reference,
      name: 'Bracket, left',
      summary: 'PETG · black · 0.2 mm · 20 % infill · 60 mm/s · supports · sanding',
      thumbnail_url: null,
    });
    expect(rowB.summary).toBe('PETG · black · 0.2 mm · 40 % infill · 60 mm/s · supports');
  });

  it("Update re-prices the owner's quote in place: same id and reference, new figures, one quote", async () => {
    const saved = await saveNew();
    const before = await count(ada.id);
    const res = await as(ada, 'PUT', `/api/quotes/${saved.id}`, {
      jobId,
      parameters: { ...defaults, infillPercentage: 60 },
      quantity: 12,
      total_pence: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ id: saved.id, reference: saved.reference, name: saved.name });
    // More infill, more filament: the server priced the new parameters itself (the 1p was ignored).
    const preview = (
      await as(ada, 'POST', '/api/quotes/preview', {
        jobId,
        parameters: { ...defaults, infillPercentage: 60 },
        quantity: 12,
      })
    ).json();
    expect(updated.quote.total_pence).toBe(preview.quote.total_pence);
    expect(updated.quote.total_pence).toBeGreaterThan(saved.quote.total_pence);
    expect(await count(ada.id)).toBe(before);
    const detail = (await as(ada, 'GET', `/api/quotes/${saved.id}`)).json();
    expect(detail.quote.parameters.infillPercentage).toBe(60);
    expect(detail.quote.total_pence).toBe(updated.quote.total_pence);
    expect(detail.quote.summary).toContain('60 % infill');
    // The old parameters row is gone; only the new one is left for this quote.
    const [row] = await t.app.database.db.select().from(quotes).where(eq(quotes.id, saved.id));
    const params = await t.app.database.db
      .select()
      .from(printParameters)
      .where(eq(printParameters.id, row!.parametersId));
    expect(params).toHaveLength(1);
  });

  it('Update refuses invalid parameters with the field message and changes nothing', async () => {
    const saved = await saveNew();
    const res = await as(ada, 'PUT', `/api/quotes/${saved.id}`, {
      jobId,
      parameters: { ...defaults, infillPercentage: 150 },
      quantity: 12,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['parameters.infillPercentage']);
    const zero = await as(ada, 'PUT', `/api/quotes/${saved.id}`, {
      jobId,
      parameters: defaults,
      quantity: 0,
    });
    expect(zero.statusCode).toBe(400);
    const detail = (await as(ada, 'GET', `/api/quotes/${saved.id}`)).json();
    expect(detail.quote.total_pence).toBe(saved.quote.total_pence);
    expect(detail.quote.quantity).toBe(12);
  });

  it("another user's quote id is a 404 for update, rename, thumbnail and PDF, and nothing changes", async () => {
    const saved = await saveNew({ thumbnail: png });
    const bobUp = await as(bob, 'PUT', `/api/quotes/${saved.id}`, {
      jobId,
      parameters: { ...defaults, infillPercentage: 80 },
      quantity: 1,
    });
    expect(bobUp.statusCode).toBe(404);
    expect((await as(bob, 'PATCH', `/api/quotes/${saved.id}`, { name: 'mine now' })).statusCode).toBe(404);
    expect((await as(bob, 'GET', `/api/quotes/${saved.id}/thumbnail`)).statusCode).toBe(404);
    expect((await as(bob, 'GET', `/api/quotes/${saved.id}/quote.pdf`)).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: `/api/quotes/${saved.id}/thumbnail` });
    expect(anon.statusCode).toBe(401);
    const detail = (await as(ada, 'GET', `/api/quotes/${saved.id}`)).json();
    expect(detail.quote).toMatchObject({
      name: 'cube_20mm.stl',
      quantity: 12,
      total_pence: saved.quote.total_pence,
    });
    expect(detail.quote.parameters.infillPercentage).toBe(20);
  });

  it('Save as new makes a second quote with the next reference', async () => {
    const first = await saveNew();
    const before = await count(ada.id);
    const second = await saveNew({ parameters: { ...defaults, infillPercentage: 30 } });
    expect(second.id).not.toBe(first.id);
    expect(Number(second.reference.slice(-6))).toBeGreaterThan(Number(first.reference.slice(-6)));
    expect(await count(ada.id)).toBe(before + 1);
  });

  it('renames within the length limit, trimmed; refuses an empty or overlong name', async () => {
    const saved = await saveNew();
    const ok = await as(ada, 'PATCH', `/api/quotes/${saved.id}`, { name: '  Lid v2 ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: saved.id, name: 'Lid v2', reference: saved.reference });
    const longest = 'x'.repeat(QUOTE_NAME_MAX);
    expect((await as(ada, 'PATCH', `/api/quotes/${saved.id}`, { name: longest })).json().name).toBe(longest);
    for (const name of ['', '   ', 'x'.repeat(QUOTE_NAME_MAX + 1)]) {
      const bad = await as(ada, 'PATCH', `/api/quotes/${saved.id}`, { name });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('name');
    }
    const other = await as(ada, 'PATCH', `/api/quotes/${saved.id}`, { name: 'a', extra: true });
    expect(other.statusCode).toBe(400);
    expect((await as(ada, 'GET', `/api/quotes/${saved.id}`)).json().quote.name).toBe(longest);
  });

  it('stores a PNG thumbnail with the save and serves it to the owner only', async () => {
    const saved = await saveNew({ thumbnail: png });
    const list = (await as(ada, 'GET', '/api/quotes')).json().quotes;
    const url = list.find((q: { id: string }) => q.id === saved.id).thumbnail_url;
    expect(url).toMatch(new RegExp(`^/api/quotes/${saved.id}/thumbnail`));
    const img = await as(ada, 'GET', url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('private');
    expect(img.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    expect((await as(bob, 'GET', url)).statusCode).toBe(404);
    // Deleting the quote removes the stored image.
    const [row] = await t.app.database.db.select().from(quotes).where(eq(quotes.id, saved.id));
    expect(row!.thumbnailPath).toMatch(/^thumbnails\//);
    expect((await as(ada, 'DELETE', `/api/quotes/${saved.id}`)).statusCode).toBe(204);
    await expect(t.app.storage.getBytes(row!.thumbnailPath!)).rejects.toThrow();
  });

  it('refuses a thumbnail of the wrong type or over the size limit, and saves nothing', async () => {
    const before = await count(ada.id);
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`;
    // Labelled PNG, but the bytes are not one (an SVG with a script, say).
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"></svg>').toString('base64')}`;
    const big = Buffer.alloc(QUOTE_THUMBNAIL_MAX_BYTES + 1);
    Buffer.from(PNG_1PX, 'base64').copy(big);
    const oversize = `data:image/png;base64,${big.toString('base64')}`;
    for (const thumbnail of [gif, fake, oversize, 'not a data url']) {
      const res = await as(ada, 'POST', '/api/quotes', {
        jobId,
        parameters: defaults,
        quantity: 1,
        thumbnail,
      });
      expect(res.statusCode, thumbnail.slice(0, 30)).toBe(400);
      expect(res.json().error.fields).toHaveProperty('thumbnail');
    }
    expect(await count(ada.id)).toBe(before);
  });

  it('Update replaces the thumbnail', async () => {
    const saved = await saveNew({ thumbnail: png });
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([26, 0, 0, 0]),
      Buffer.from('WEBPVP8L'),
      Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
    ]);
    const res = await as(ada, 'PUT', `/api/quotes/${saved.id}`, {
      jobId,
      parameters: defaults,
      quantity: 12,
      thumbnail: `data:image/webp;base64,${webp.toString('base64')}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const img = await as(ada, 'GET', `/api/quotes/${saved.id}/thumbnail`);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.rawPayload.equals(webp)).toBe(true);
  });

  it("prices with the production floor's lead times: ready-to-ship days by service", async () => {
    const res = await as(ada, 'POST', '/api/quotes/preview', { jobId, parameters: defaults, quantity: 12 });
    expect(res.statusCode, res.body).toBe(200);
    const { quote, lead_times } = res.json();
    expect(lead_times.standard_days).toBe(quote.lead_time_days);
    expect(Number.isInteger(lead_times.express_days)).toBe(true);
    expect(lead_times.express_days).toBeGreaterThanOrEqual(1);
    // Express plates go ahead of standard ones: never later.
    expect(lead_times.express_days).toBeLessThanOrEqual(lead_times.standard_days);
    // The saved quote keeps the lead time it was priced with.
    const saved = await saveNew();
    expect(saved.quote.lead_time_days).toBe(quote.lead_time_days);
  });

  it('downloads the saved quote as a PDF numbered with its reference', async () => {
    const saved = await saveNew();
    const res = await as(ada, 'GET', `/api/quotes/${saved.id}/quote.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${saved.reference}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
