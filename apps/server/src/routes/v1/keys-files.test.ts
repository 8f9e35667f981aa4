import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, printJobs } from '../../db/schema.js';
import { createTestApp, multipart, signedInUser, type TestApp, testDatabases } from '../../test-helpers.js';
import { createKey, expectError, fixture, startModelServer, upload, v1 } from './v1-testing.js';

/** API keys (their modes, revocation, storage) and files, through `inject` on each database. */
describe.each(testDatabases)('API keys and files on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let adaTest: string;
  let adaLive: string;
  let bobTest: string;
  let cube: Buffer;
  let models: Awaited<ReturnType<typeof startModelServer>>;

  beforeAll(async () => {
    cube = await fixture('cube_20mm.stl');
    models = await startModelServer(cube);
    t = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_NETWORK: 'true', API_RATE_LIMIT: '100000' },
      build: { logger: false },
    });
    ada = await signedInUser(t.app, 'ada@example.com');
    bob = await signedInUser(t.app, 'bob@example.com');
    adaTest = (await createKey(t, ada.cookie, 'test')).key;
    adaLive = (await createKey(t, ada.cookie, 'live')).key;
    bobTest = (await createKey(t, bob.cookie, 'test')).key;
  });
  afterAll(async () => {
    await t?.close();
    await models?.close();
  });

  const jobCount = async () => (await t.app.database.db.select({ id: printJobs.id }).from(printJobs)).length;

  describe('keys', () => {
    it('shows a new key once, then only its prefix, and stores only its hash', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie: ada.cookie, origin: t.app.config.publicUrl },
        payload: { name: 'Warehouse', mode: 'test' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toContain('no-store');
      const k = created.json();
      expect(k.key).toMatch(/^pl_test_[0-9A-Za-z]{40}$/);
      expect(k).toMatchObject({ object: 'api_key', name: 'Warehouse', mode: 'test', livemode: false });
      expect(k.id).toMatch(/^key_/);
      expect(k.key.startsWith(k.prefix.slice(0, 12))).toBe(true);
      expect(k.prefix).not.toContain(k.key.slice(8, 44));

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: { cookie: ada.cookie },
      });
      expect(list.statusCode).toBe(200);
      const listed = list.json().data.find((x: { id: string }) => x.id === k.id);
      expect(listed).toMatchObject({ name: 'Warehouse', prefix: k.prefix, revoked_at: null });
      expect(list.body).not.toContain(k.key);
      // Nothing stored holds the key itself.
      const rows = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
      expect(JSON.stringify(rows)).not.toContain(k.key);
      expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
      // Bob sees none of Ada's keys.
      const bobs = await t.app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: { cookie: bob.cookie },
      });
      expect(bobs.json().data.map((x: { id: string }) => x.id)).not.toContain(k.id);
    });

    it('refuses a key without a session, a name or a valid mode', async () => {
      const origin = t.app.config.publicUrl;
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { origin },
        payload: { name: 'x', mode: 'test' },
      });
      expect(anonymous.statusCode).toBe(401);
      for (const payload of [
        { name: '', mode: 'test' },
        { name: 'x', mode: 'prod' },
        { name: 'x', mode: 'test', extra: 1 },
        { name: 'x'.repeat(101), mode: 'live' },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: { cookie: ada.cookie, origin },
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('records when a key was last used', async () => {
      const k = await createKey(t, ada.cookie, 'test', 'Used');
      expect((await v1(t, k.key, 'GET', '/v1/orders')).statusCode).toBe(200);
      let lastUsed: string | null = null;
      for (let i = 0; i < 50 && !lastUsed; i++) {
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/api-keys',
          headers: { cookie: ada.cookie },
        });
        lastUsed = list.json().data.find((x: { id: string }) => x.id === k.id).last_used_at;
        if (!lastUsed) await new Promise((r) => setTimeout(r, 20));
      }
      expect(lastUsed).not.toBeNull();
      expect(Math.abs(Date.parse(lastUsed!) - Date.now())).toBeLessThan(60_000);
    });

    it('fails a revoked key at once, and lets only its owner revoke it', async () => {
      const k = await createKey(t, ada.cookie, 'live', 'Short-lived');
      expect((await v1(t, k.key, 'GET', '/v1/orders')).statusCode).toBe(200);
      const byBob = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${k.id}`,
        headers: { cookie: bob.cookie, origin: t.app.config.publicUrl },
      });
      expect(byBob.statusCode).toBe(404);
      expect((await v1(t, k.key, 'GET', '/v1/orders')).statusCode).toBe(200);

      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${k.id}`,
        headers: { cookie: ada.cookie, origin: t.app.config.publicUrl },
      });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().revoked_at).not.toBeNull();
      // At once: the very next request, even within the key cache's lifetime.
      expectError(await v1(t, k.key, 'GET', '/v1/orders'), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 in the envelope for a missing, malformed, unknown or other-scheme key', async () => {
      const unknown = `pl_test_${'A'.repeat(40)}`;
      for (const authorization of [
        undefined,
        'Bearer',
        'Bearer nope',
        `Bearer ${unknown}`,
        `Basic ${Buffer.from(`${adaTest}:`).toString('base64')}`,
        `Bearer ${adaTest}x`,
        `Bearer ${adaTest.replace('pl_test_', 'pl_live_')}`,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/v1/orders',
          headers: authorization ? { authorization } : {},
        });
        const e = expectError(res, 401, 'UNAUTHENTICATED');
        expect(e.message).not.toContain(adaTest);
      }
    });
  });

  describe('files', () => {
    it('uploads a model by multipart and analyses it as the calculator does', async () => {
      const res = await upload(t, adaTest, 'cube_20mm.stl', cube);
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json();
      expect(file.id).toMatch(/^file_[0-9a-f]{32}$/);
      expect(file).toMatchObject({
        object: 'file',
        livemode: false,
        filename: 'cube_20mm.stl',
        size_bytes: cube.length,
        units: 'mm',
      });
      // 20 mm cube: 8000 mm³, 2400 mm², 12 triangles; within 0.01 %.
      expect(file.analysis.volume_mm3).toBeCloseTo(8000, 0);
      expect(file.analysis.area_mm2).toBeCloseTo(2400, 0);
      expect(file.analysis.triangles).toBe(12);
      expect(file.analysis.watertight).toBe(true);
      expect(file.analysis.fits_build_volume).toBe(true);

      // The calculator's upload of the same bytes gives the same analysis.
      const mp = multipart('cube_20mm.stl', cube);
      const web = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { ...mp.headers, cookie: ada.cookie, origin: t.app.config.publicUrl },
        payload: mp.payload,
      });
      expect(web.statusCode, web.body).toBe(201);
      const a = web.json().analysis;
      for (const f of ['volume_mm3', 'area_mm2', 'triangles', 'watertight', 'shells', 'fits_build_volume']) {
        expect(file.analysis[f], f).toEqual(a[f]);
      }
      expect(file.analysis.bbox).toEqual(a.bbox);

      const got = await v1(t, adaTest, 'GET', `/v1/files/${file.id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(file);
    });

    it('fetches a model from a URL', async () => {
      const res = await v1(t, adaTest, 'POST', '/v1/files', { url: `${models.base}/cube.stl` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ filename: 'cube.stl', size_bytes: cube.length, livemode: false });
      expect(res.json().analysis.volume_mm3).toBeCloseTo(8000, 0);
      const named = await v1(t, adaTest, 'POST', '/v1/files', {
        url: `${models.base}/hop/2`,
        filename: 'part.stl',
        units: 'cm',
      });
      expect(named.statusCode, named.body).toBe(201);
      expect(named.json()).toMatchObject({ filename: 'part.stl', units: 'cm' });
      expect(named.json().analysis.volume_mm3).toBeCloseTo(8_000_000, -2);
    });

    it('keeps modes and accounts apart: 404, never 403', async () => {
      const file = (await upload(t, adaTest, 'cube_20mm.stl', cube)).json();
      expect((await v1(t, adaTest, 'GET', `/v1/files/${file.id}`)).statusCode).toBe(200);
      expectError(await v1(t, adaLive, 'GET', `/v1/files/${file.id}`), 404, 'NOT_FOUND');
      expectError(await v1(t, bobTest, 'GET', `/v1/files/${file.id}`), 404, 'NOT_FOUND');
      // The calculator (live, session) does not see test files either.
      const web = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${file.id.slice(5).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5')}`,
        headers: { cookie: ada.cookie },
      });
      expect(web.statusCode).toBe(404);
      for (const id of ['file_nope', 'file_', `file_${'0'.repeat(32)}`, 'ord_123', "file_' or 1=1"]) {
        expectError(await v1(t, adaTest, 'GET', `/v1/files/${encodeURIComponent(id)}`), 404, 'NOT_FOUND');
      }
    });

    it('refuses an unreadable model with the parser message, and stores nothing', async () => {
      const before = await jobCount();
      const res = await upload(t, adaTest, 'broken.stl', Buffer.from('solid broken\nthis is not an stl\n'));
      const e = expectError(res, 422, 'UNREADABLE_MODEL');
      expect(e.message).not.toMatch(/something went wrong/i);
      expect(await jobCount()).toBe(before);
    });

    it('refuses other formats, a missing file field, bad units and unknown fields', async () => {
      const before = await jobCount();
      expectError(
        await upload(t, adaTest, 'notes.txt', Buffer.from('hello')),
        400,
        'VALIDATION_ERROR',
        'file',
      );
      const wrongField = multipart('cube.stl', cube, 'model');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/v1/files',
          headers: { ...wrongField.headers, authorization: `Bearer ${adaTest}` },
          payload: wrongField.payload,
        }),
        400,
        'VALIDATION_ERROR',
        'file',
      );
      expectError(await v1(t, adaTest, 'POST', '/v1/files', {}), 400, 'VALIDATION_ERROR', 'url');
      expectError(
        await v1(t, adaTest, 'POST', '/v1/files', { url: `${models.base}/cube.stl`, colour: 'red' }),
        400,
        'VALIDATION_ERROR',
        'colour',
      );
      expectError(
        await v1(t, adaTest, 'POST', '/v1/files', { url: `${models.base}/cube.stl`, units: 'ft' }),
        400,
        'VALIDATION_ERROR',
        'units',
      );
      expectError(
        await v1(t, adaTest, 'POST', '/v1/files', { url: `${models.base}/missing.stl` }),
        400,
        'VALIDATION_ERROR',
        'url',
      );
      expect(await jobCount()).toBe(before);
    });

    it('refuses a model over 50 MB while streaming, with a 413', async () => {
      const before = await jobCount();
      const big = Buffer.alloc(50 * 1024 * 1024 + 1024, 0x20);
      expectError(await upload(t, adaTest, 'big.stl', big), 413, 'FILE_TOO_LARGE');
      expectError(
        await v1(t, adaTest, 'POST', '/v1/files', { url: `${models.base}/endless.stl` }),
        413,
        'FILE_TOO_LARGE',
      );
      expectError(
        await v1(t, adaTest, 'POST', '/v1/files', { url: `${models.base}/huge.stl` }),
        413,
        'FILE_TOO_LARGE',
      );
      expect(await jobCount()).toBe(before);
    });
  });
});
