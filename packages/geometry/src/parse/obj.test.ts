import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GeometryError } from '../errors.js';
import { analyzeModel, parseModel } from '../index.js';
import { bytes } from '../testing/meshes.js';

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GeometryError);
    return (err as GeometryError).code;
  }
  throw new Error('expected a GeometryError');
}

const CUBE_V = `v 0 0 0\nv 10 0 0\nv 10 10 0\nv 0 10 0\nv 0 0 10\nv 10 0 10\nv 10 10 10\nv 0 10 10\n`;

describe('OBJ', () => {
  it('reads quads (fan-triangulated) in every face form, with comments and unknown statements', async () => {
    const text = `# a cube\nmtllib missing.mtl\no cube\ng sides\nusemtl red\ns 1\n${CUBE_V}vt 0 0\nvt 1 0\nvn 0 0 1\nvp 0.5\n\
f 1 4 3 2\nf 5/1 6/2 7/1 8/2\nf 1/1/1 2/1/1 6/1/1 5/1/1\nf 2//1 3//1 7//1 6//1\nf 3 4 8 7 # back\nf 4 1 5 8\ncurv 0 1 2\nl 1 2\n`;
    const a = await analyzeModel(bytes(text), 'cube.obj');
    expect(a.format).toBe('obj');
    expect(a.triangles).toBe(12);
    expect(a.volume_mm3).toBe(1000);
    expect(a.watertight).toBe(true);
    expect(a.shells).toBe(1);
  });

  it('fans polygons of more than 4 vertices', async () => {
    // Octagonal prism: 2 octagons (6 triangles each) + 8 quads.
    const n = 8;
    let text = '';
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / n;
      text += `v ${10 * Math.cos(t)} ${10 * Math.sin(t)} 0\n`;
    }
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / n;
      text += `v ${10 * Math.cos(t)} ${10 * Math.sin(t)} 5\n`;
    }
    text += `f ${Array.from({ length: n }, (_, i) => n - i).join(' ')}\n`;
    text += `f ${Array.from({ length: n }, (_, i) => n + 1 + i).join(' ')}\n`;
    for (let i = 0; i < n; i++) {
      const a = i + 1;
      const b = ((i + 1) % n) + 1;
      text += `f ${a} ${b} ${b + n} ${a + n}\n`;
    }
    const r = await analyzeModel(bytes(text), 'prism.obj');
    expect(r.triangles).toBe(2 * (n - 2) + 2 * n);
    const octagonArea = 0.5 * n * 100 * Math.sin((2 * Math.PI) / n);
    expect(r.volume_mm3).toBeCloseTo(octagonArea * 5, 3);
    expect(r.watertight).toBe(true);
  });

  it('resolves negative (relative) indices, in a second object, with CRLF line ends', async () => {
    const first = `o a\r\n${CUBE_V.replace(/\n/g, '\r\n')}f 1 4 3 2\r\nf 5 6 7 8\r\nf 1 2 6 5\r\nf 2 3 7 6\r\nf 3 4 8 7\r\nf 4 1 5 8\r\n`;
    const second = `o b\r\n${CUBE_V.replace(/\n/g, '\r\n').replace(/v (\d+) /g, (_m, x) => `v ${Number(x) + 20} `)}\
f -8 -5 -6 -7\r\nf -4 -3 -2 -1\r\nf -8 -7 -3 -4\r\nf -7 -6 -2 -3\r\nf -6 -5 -1 -2\r\nf -5 -8 -4 -1\r\n`;
    const a = await analyzeModel(bytes(first + second), 'two.obj');
    expect(a.triangles).toBe(24);
    expect(a.shells).toBe(2);
    expect(a.volume_mm3).toBe(2000);
    expect(a.bbox.max).toEqual([30, 10, 10]);
    expect(a.watertight).toBe(true);
  });

  it('accepts faces that refer to vertices defined later', async () => {
    const p = await parseModel(bytes('f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n'), 'late.obj');
    expect(Array.from(p.mesh.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('skips faces with fewer than 3 corners, with a warning', async () => {
    const p = await parseModel(bytes('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\nf 1 2 3\n'), 'short.obj');
    expect(p.mesh.triangleCount).toBe(1);
    expect(p.warnings.join(' ')).toMatch(/fewer than 3/);
  });

  it('gives typed errors for out-of-range indices, bad numbers and empty files', async () => {
    expect(await code(parseModel(bytes('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n'), 'a.obj'))).toBe(
      'index_out_of_range',
    );
    expect(await code(parseModel(bytes('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n'), 'a.obj'))).toBe(
      'index_out_of_range',
    );
    expect(await code(parseModel(bytes('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n'), 'a.obj'))).toBe(
      'index_out_of_range',
    );
    expect(await code(parseModel(bytes('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 99999999999999\n'), 'a.obj'))).toBe(
      'index_out_of_range',
    );
    expect(await code(parseModel(bytes('v 0 x 0\nf 1 1 1\n'), 'a.obj'))).toBe('malformed');
    expect(await code(parseModel(bytes('v 0 1e999 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'a.obj'))).toBe(
      'invalid_number',
    );
    expect(await code(parseModel(bytes('v 0 0 0\nf 1 a 2\n'), 'a.obj'))).toBe('malformed');
    expect(await code(parseModel(bytes('# nothing here\nv 1 2 3\n'), 'a.obj'))).toBe('no_triangles');
    expect(await code(parseModel(new Uint8Array(0), 'a.obj'))).toBe('empty_file');
  });
});

describe('OBJ numbers (property)', () => {
  it('reads every coordinate as Math.fround(parseFloat(text)) (-0 as 0), in any common notation', async () => {
    const notation = fc.tuple(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.constantFrom('fixed', 'exp', 'prec', 'plain'),
      fc.integer({ min: 0, max: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(notation, { minLength: 9, maxLength: 9 }), async (nums) => {
        const texts = nums.map(([v, how, d]) =>
          how === 'fixed'
            ? v.toFixed(d)
            : how === 'exp'
              ? v.toExponential(d)
              : how === 'prec'
                ? v.toPrecision(d + 1)
                : String(v),
        );
        const text = `v ${texts.slice(0, 3).join(' ')}\nv ${texts.slice(3, 6).join(' ')}\nv ${texts.slice(6).join(' ')}\nf 1 2 3\n`;
        const parsed = await parseModel(bytes(text), 'p.obj');
        const want = texts.map((t) => Math.fround(Number.parseFloat(t)) + 0);
        expect(Array.from(parsed.mesh.indexed!.vertices)).toEqual(want);
        expect(Array.from(parsed.mesh.positions)).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a coordinate beyond float32 range and welds a tiny negative with 0', async () => {
    await expect(parseModel(bytes('v 1e39 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'big.obj')).rejects.toThrow(
      /not a finite number/,
    );
    const parsed = await parseModel(bytes('v -1e-50 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'tiny.obj');
    expect(Object.is(parsed.mesh.positions[0], 0)).toBe(true);
  });
});
