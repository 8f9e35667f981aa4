import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, modelsDir, multipart, signedInUser, type TestApp } from '../test-helpers.js';

describe('state-changing session routes refuse other sites (CSRF)', () => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  let cube: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp('pglite', { build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
    cube = new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl')));
  });
  afterAll(() => t?.close());

  const post = (headers: Record<string, string>) => {
    const mp = multipart('cube.stl', cube);
    return t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, cookie: ada.cookie, ...headers },
    });
  };

  it('refuses a multipart upload posted from another origin with the user cookie', async () => {
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of cases) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lets the site itself in, by Origin or by Sec-Fetch-Site', async () => {
    expect((await post({ origin: t.app.config.publicUrl })).statusCode).toBe(201);
    expect((await post({ origin: 'http://127.0.0.1:3000' })).statusCode).toBe(201);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('covers every state-changing method on /api, and leaves reads alone', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/quotes/00000000-0000-4000-8000-000000000000',
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(del.statusCode).toBe(403);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(signOut.statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/quotes',
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});
