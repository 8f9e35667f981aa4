import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { GeometryError } from '../errors.js';
import { parseModel } from './index.js';
import { readZipEntries } from './zip.js';

const all = () => true;

/** Rewrite every size field of a one-entry zip to `claimed` (local header and central directory). */
function falsifySizes(zip: Uint8Array, claimed: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, claimed, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, claimed, true);
  }
  return out;
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof GeometryError) return err.code;
    throw err;
  }
  return 'no error';
}

describe('reading zip entries with a cap on inflated bytes', () => {
  const zeros = new Uint8Array(5 * 1024 * 1024);
  const bomb = zipSync({ '3D/3dmodel.model': [zeros, { level: 9 }] });

  it('reads stored and deflated entries, and only the wanted ones', () => {
    const zip = zipSync({
      'a.model': [strToU8('hello'), { level: 0 }],
      'b.model': [strToU8('world'.repeat(100)), { level: 6 }],
      'c.png': strToU8('skip'),
    });
    const files = readZipEntries(zip, (n) => n.endsWith('.model'), 1024);
    expect(Object.keys(files).sort()).toEqual(['a.model', 'b.model']);
    expect(new TextDecoder().decode(files['b.model'])).toBe('world'.repeat(100));
  });

  it('stops an honest bomb at the cap, before inflating it all', () => {
    expect(bomb.byteLength).toBeLessThan(20_000);
    expect(codeOf(() => readZipEntries(bomb, all, 1024 * 1024))).toBe('file_too_large');
    // Under a large enough cap the same archive reads in full.
    expect(readZipEntries(bomb, all, 6 * 1024 * 1024)['3D/3dmodel.model']!.byteLength).toBe(zeros.length);
  });

  it('counts the real inflated bytes, whatever sizes the zip claims', () => {
    const liar = falsifySizes(bomb, 100);
    expect(codeOf(() => readZipEntries(liar, all, 1024 * 1024))).toBe('file_too_large');
    // A zip claiming a huge size that really holds little is read: the claim is not trusted either way.
    const small = zipSync({ 'x.model': strToU8('<model/>') });
    expect(readZipEntries(falsifySizes(small, 0xfffffff0), all, 1024)['x.model']!.byteLength).toBe(8);
  });

  it('refuses truncated and damaged archives with a clear message', () => {
    expect(codeOf(() => readZipEntries(bomb.subarray(0, bomb.length - 30), all, 1e9))).toBe('invalid_3mf');
    const damaged = bomb.slice();
    damaged.fill(0xff, 60, 200);
    expect(codeOf(() => readZipEntries(damaged, all, 1e9))).toBe('invalid_3mf');
  });
});

describe('3MF build items placed many times', () => {
  it('are refused by the triangle cap after instancing, with a message about the copies', async () => {
    // One 20,000-triangle object (a 100 × 100 grid) placed 200 times: 4 M triangles from a small file.
    const n = 100;
    let vertices = '';
    for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) vertices += `<vertex x="${x}" y="${y}" z="0"/>`;
    let triangles = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const a = y * (n + 1) + x;
        triangles += `<triangle v1="${a}" v2="${a + 1}" v3="${a + n + 1}"/><triangle v1="${a + 1}" v2="${a + n + 2}" v3="${a + n + 1}"/>`;
      }
    }
    const items = Array.from({ length: 200 }, () => '<item objectid="1"/>').join('');
    const xml = `<?xml version="1.0"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1" type="model"><mesh><vertices>${vertices}</vertices><triangles>${triangles}</triangles></mesh></object></resources><build>${items}</build></model>`;
    const file = zipSync({ '3D/3dmodel.model': [strToU8(xml), { level: 9 }] });
    expect(file.byteLength).toBeLessThan(300_000);
    const err = await parseModel(file, 'copies.3mf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GeometryError);
    expect((err as GeometryError).code).toBe('too_many_triangles');
    expect((err as GeometryError).message).toMatch(/places its objects so many times/);
  });
});
