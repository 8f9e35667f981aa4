import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeMesh } from '@printloop/geometry';
import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJobs } from '../../db/schema.js';
import {
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  type TestApp,
  testDatabases,
} from '../../test-helpers.js';

type V = [number, number, number];
/** A binary STL of the given triangles (normals left zero, as many exporters do). */
function stl(tris: [V, V, V][]): Uint8Array {
  const out = new Uint8Array(84 + tris.length * 50);
  const view = new DataView(out.buffer);
  view.setUint32(80, tris.length, true);
  tris.forEach((t, i) => {
    t.forEach((v, k) => {
      for (let c = 0; c < 3; c++) view.setFloat32(84 + i * 50 + 12 + k * 12 + c * 4, v[c]!, true);
    });
  });
  return out;
}
/** An axis-aligned box as 12 outward triangles. */
function box(sx: number, sy: number, sz: number): [V, V, V][] {
  const p = (x: number, y: number, z: number): V => [x * sx, y * sy, z * sz];
  const q = (a: V, b: V, c: V, d: V): [V, V, V][] => [
    [a, b, c],
    [a, c, d],
  ];
  return [
    ...q(p(0, 0, 0), p(0, 1, 0), p(1, 1, 0), p(1, 0, 0)),
    ...q(p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)),
    ...q(p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)),
    ...q(p(0, 1, 0), p(0, 1, 1), p(1, 1, 1), p(1, 1, 0)),
    ...q(p(0, 0, 0), p(0, 0, 1), p(0, 1, 1), p(0, 1, 0)),
    ...q(p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)),
  ];
}

describe.each(testDatabases)('uploads refuse what would cost or break them, on %s', (kind) => {
  let t: TestApp;
  let ada: { cookie: string; id: string };
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
  });
  afterAll(() => t?.close());

  const upload = (fileName: string, bytes: Uint8Array, extra: Record<string, string> = {}) => {
    const mp = multipart(fileName, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, cookie: ada.cookie, origin: t.app.config.publicUrl, ...extra },
    });
  };
  const jobCount = async () =>
    (await t.app.database.db.select().from(printJobs).where(eq(printJobs.userId, ada.id))).length;

  it('refuses a file name with a NUL byte with a 400 and a message', async () => {
    const before = await jobCount();
    const res = await upload('cube\u0000.stl', stl(box(10, 10, 10)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/not allowed/);
    expect(await jobCount()).toBe(before);
  });

  it('keeps the extension of a file name over 255 characters', async () => {
    const res = await upload(`${'long-name-'.repeat(40)}.stl`, stl(box(10, 10, 10)));
    expect(res.statusCode, res.body).toBe(201);
    const name: string = res.json().job.file_name;
    expect([...name].length).toBe(255);
    expect(name.endsWith('.stl')).toBe(true);
  });

  it('refuses a model with no printable volume (flat or degenerate) instead of pricing it', async () => {
    const flat = stl([
      [
        [0, 0, 0],
        [10, 0, 0],
        [10, 10, 0],
      ],
      [
        [0, 0, 0],
        [10, 10, 0],
        [0, 10, 0],
      ],
    ]);
    const degenerate = stl([
      [
        [0, 0, 0],
        [5, 5, 5],
        [10, 10, 10],
      ],
      [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
    ]);
    for (const [name, bytes] of [
      ['flat.stl', flat],
      ['degenerate.stl', degenerate],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json().error.message, name).toMatch(/no printable volume|holds no triangles|no triangles/i);
    }
  });

  it('gives two simultaneous uploads of the same name their own objects and analyses', async () => {
    const small = stl(box(10, 10, 10));
    const large = stl(box(40, 20, 5));
    const [a, b] = await Promise.all([upload('same.stl', small), upload('same.stl', large)]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(a.json().analysis.volume_mm3).toBeCloseTo(1000, 3);
    expect(b.json().analysis.volume_mm3).toBeCloseTo(4000, 3);
    const rows = await t.app.database.db
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.userId, ada.id), eq(printJobs.fileName, 'same.stl')));
    expect(new Set(rows.map((r) => r.filePath)).size).toBe(2);
    for (const r of rows) {
      const stored = Buffer.from(await t.app.storage.getBytes(r.filePath));
      expect(stored.equals(Buffer.from(r.id === a.json().job.id ? small : large))).toBe(true);
    }
  });

  it('refuses a small 3MF that places one object hundreds of times, storing nothing', async () => {
    const n = 100;
    let vertices = '';
    for (let y = 0; y <= n; y++)
      for (let x = 0; x <= n; x++) vertices += `<vertex x="${x}" y="${y}" z="${(x * y) % 3}"/>`;
    let triangles = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const v = y * (n + 1) + x;
        triangles += `<triangle v1="${v}" v2="${v + 1}" v3="${v + n + 1}"/><triangle v1="${v + 1}" v2="${v + n + 2}" v3="${v + n + 1}"/>`;
      }
    }
    const items = '<item objectid="1"/>'.repeat(999);
    const xml = `<?xml version="1.0"?><model unit="millimeter"><resources><object id="1" type="model"><mesh><vertices>${vertices}</vertices><triangles>${triangles}</triangles></mesh></object></resources><build>${items}</build></model>`;
    const file = zipSync({ '3D/3dmodel.model': [strToU8(xml), { level: 9 }] });
    const before = await jobCount();
    const res = await upload('copies.3mf', file);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/2,000,000 triangles/);
    expect(await jobCount()).toBe(before);
  });

  it('serves the stored mesh as stored (gzip, never compressed again) and only to its owner', async () => {
    const up = await upload(
      'cube_20mm.stl',
      new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl'))),
    );
    const { job } = up.json();
    const [row] = await t.app.database.db.select().from(printJobs).where(eq(printJobs.id, job.id));
    // The mesh is written just after the answer.
    await expect
      .poll(async () =>
        t.app.storage.getBytes(row!.meshPath!).then(
          (b) => b.byteLength,
          () => 0,
        ),
      )
      .toBeGreaterThan(0);
    const stored = Buffer.from(await t.app.storage.getBytes(row!.meshPath!));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${job.id}/mesh`,
      headers: { cookie: ada.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(decodeMesh(gunzipSync(res.rawPayload)).triangleCount).toBe(12);
    await expect
      .poll(
        async () =>
          (await t.app.database.db.select().from(printJobs).where(eq(printJobs.id, job.id)))[0]!.meshSize,
      )
      .toBe(stored.byteLength);
  });

  it('marks signed-in JSON answers private and never stored', async () => {
    for (const url of ['/api/quotes', '/api/auth/get-session']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: ada.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/quotes', headers: { cookie: ada.cookie } });
    expect(list.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the per-user storage quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { STORAGE_QUOTA_MB: '1' }, build: { logger: false } });
  });
  afterAll(() => t?.close());

  it('answers 413 with a clear message once a user has filled their quota; others are unaffected', async () => {
    const ada = await signedInUser(t.app, 'ada@example.com');
    const bob = await signedInUser(t.app, 'bob@example.com');
    const bytes = new Uint8Array(await readFile(path.join(modelsDir, 'text_plate.stl'))); // 70 KB
    const send = (who: { cookie: string }) => {
      const mp = multipart('plate.stl', bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        payload: mp.payload,
        headers: { ...mp.headers, cookie: who.cookie, origin: t.app.config.publicUrl },
      });
    };
    const codes: number[] = [];
    let last = null;
    for (let i = 0; i < 40 && last?.statusCode !== 413; i++) {
      last = await send(ada);
      codes.push(last.statusCode);
    }
    // Each upload keeps the 70 KB file and its mesh: some fit in 1 MB, then the quota is full.
    expect(
      codes.slice(0, 5).every((c) => c === 201),
      codes.join(','),
    ).toBe(true);
    expect(codes.at(-1), codes.join(',')).toBe(413);
    // What the user keeps in storage never passed the quota.
    let kept = 0;
    for await (const o of t.app.storage.list(`models/${ada.id}/`)) kept += o.size;
    expect(kept).toBeLessThanOrEqual(1024 * 1024);
    expect(last!.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(last!.json().error.message).toMatch(/storage is full \(1 MB/);
    expect((await send(bob)).statusCode).toBe(201);
  });
});

describe('uploads in flight per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      build: { logger: false, models: { analysis: { maxPerUser: 1, maxQueued: 8 } } },
    });
  });
  afterAll(() => t?.close());

  it('refuses an upload beyond the limit at once, with 429 and Retry-After; other users go on', async () => {
    const ada = await signedInUser(t.app, 'ada@example.com');
    const bob = await signedInUser(t.app, 'bob@example.com');
    const bytes = new Uint8Array(await readFile(path.join(modelsDir, 'text_plate.stl')));
    const send = (who: { cookie: string }) => {
      const mp = multipart('plate.stl', bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        payload: mp.payload,
        headers: { ...mp.headers, cookie: who.cookie, origin: t.app.config.publicUrl },
      });
    };
    const [first, second, other] = await Promise.all([send(ada), send(ada), send(bob)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/already have 1 upload/);
    expect(other.statusCode).toBe(201);
    // The slot is free again once the first answer is sent.
    await expect.poll(async () => (await send(ada)).statusCode).toBe(201);
  });
});
