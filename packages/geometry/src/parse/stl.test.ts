import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GeometryError } from '../errors.js';
import { analyzeModel, parseBinaryStlFile, parseModel } from '../index.js';
import { asciiStl, binaryStl, box, bytes } from '../testing/meshes.js';
import { parseAsciiFast, parseStl } from './stl.js';

const cube = box([0, 0, 0], [10, 10, 10]);

/** The typed error's code from a parse (a promise, or a synchronous call). */
async function code(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    expect(err).toBeInstanceOf(GeometryError);
    return (err as GeometryError).code;
  }
  throw new Error('expected a GeometryError');
}

describe('binary STL', () => {
  it('reads triangles in file order', () => {
    const r = parseStl(binaryStl(cube));
    expect(r.format).toBe('stl-binary');
    expect(r.triangleCount).toBe(12);
    expect(Array.from(r.positions.subarray(0, 9))).toEqual(cube[0]!.flat());
  });

  it('is binary by the size rule even when the header starts with "solid"', async () => {
    const data = binaryStl(cube, 'solid cube exported by some CAD tool');
    const a = await analyzeModel(data, 'cube.stl');
    expect(a.format).toBe('stl-binary');
    expect(a.triangles).toBe(12);
    expect(a.volume_mm3).toBe(1000);
  });

  it('reads from a view at an odd offset of a larger buffer', () => {
    const data = binaryStl(cube);
    const big = new Uint8Array(data.length + 3);
    big.set(data, 1);
    const r = parseStl(big.subarray(1, 1 + data.length));
    expect(r.triangleCount).toBe(12);
    expect(Array.from(r.positions.subarray(0, 9))).toEqual(cube[0]!.flat());
  });

  it('tolerates padding after the last triangle, with a warning', async () => {
    const data = binaryStl(cube);
    const padded = new Uint8Array(data.length + 7);
    padded.set(data);
    const p = await parseModel(padded, 'cube.stl');
    expect(p.mesh.triangleCount).toBe(12);
    expect(p.warnings.join(' ')).toMatch(/extra bytes/);
  });

  it('rejects a truncated file and absurd counts with typed errors', async () => {
    const data = binaryStl(cube);
    expect(await code(parseModel(data.subarray(0, data.length - 10), 'cube.stl'))).toBe('truncated');
    const absurd = data.slice();
    new DataView(absurd.buffer).setUint32(80, 0xffffffff, true);
    expect(await code(parseModel(absurd, 'cube.stl'))).toBe('truncated');
    expect(await code(parseModel(data.subarray(0, 50), 'cube.stl'))).toBe('truncated');
    expect(await code(parseModel(new Uint8Array(0), 'cube.stl'))).toBe('empty_file');
    expect(await code(parseModel(binaryStl([]), 'none.stl'))).toBe('no_triangles');
  });

  it('rejects NaN and infinite coordinates', async () => {
    const data = binaryStl(cube);
    new DataView(data.buffer).setFloat32(84 + 12, Number.NaN, true);
    expect(await code(parseModel(data, 'nan.stl'))).toBe('invalid_number');
    const inf = binaryStl(cube);
    new DataView(inf.buffer).setFloat32(84 + 50 * 3 + 20, Number.POSITIVE_INFINITY, true);
    expect(await code(parseModel(inf, 'inf.stl'))).toBe('invalid_number');
    // the reader checks the coordinates as it copies them, and names the triangle
    await expect(parseModel(inf, 'inf.stl')).rejects.toThrow(/triangle 4\)/);
  });

  it('turns -0 into 0 as it reads (so that welding compares equal corners)', async () => {
    const data = binaryStl(cube);
    new DataView(data.buffer).setFloat32(84 + 12 + 4, -0, true);
    const parsed = await parseModel(data, 'zero.stl');
    expect(parsed.mesh.positions.some((v) => Object.is(v, -0))).toBe(false);
  });
});

/** A file's positioned reads, `chunk` bytes at most each (as a short read from a disk or a pipe),
 * counted. */
function reader(data: Uint8Array, chunk = Number.POSITIVE_INFINITY) {
  const calls = { reads: 0 };
  const read = (into: Uint8Array, length: number, position: number) => {
    calls.reads++;
    const n = Math.max(0, Math.min(length, chunk, data.length - position));
    into.set(data.subarray(position, position + n));
    return n;
  };
  return { read, calls };
}

describe('binary STL read from a file a block at a time (parseBinaryStlFile)', () => {
  // 45,000 triangles: more than one block of records (20,000 each)
  const many: typeof cube = [];
  for (let i = 0; i < 3750; i++)
    many.push(...box([i % 50, Math.floor(i / 50), -0], [(i % 50) + 0.5, 80, 1 + i / 1000]));

  it('gives the model parseModel gives for the same bytes, over several blocks and short reads', async () => {
    const data = binaryStl(many);
    const whole = await parseModel(data, 'many.stl');
    for (const chunk of [Number.POSITIVE_INFINITY, 777]) {
      const { read, calls } = reader(data, chunk);
      const streamed = parseBinaryStlFile(data.length, read, 'many.STL');
      expect(streamed).toEqual(whole);
      expect(streamed?.mesh.positions.some((v) => Object.is(v, -0))).toBe(false);
      // a block's read is repeated only where the read came short
      if (chunk === Number.POSITIVE_INFINITY) expect(calls.reads).toBe(1 + 3);
    }
    const inches = await parseModel(data, 'many.stl', { units: 'in' });
    expect(parseBinaryStlFile(data.length, reader(data).read, 'many.stl', { units: 'in' })).toEqual(inches);
  });

  it('leaves other files to parseModel (null): ASCII STL, padded binary, other formats', () => {
    const ascii = bytes(asciiStl(cube));
    expect(parseBinaryStlFile(ascii.length, reader(ascii).read, 'cube.stl')).toBeNull();
    const data = binaryStl(cube);
    const padded = new Uint8Array(data.length + 16);
    padded.set(data);
    expect(parseBinaryStlFile(padded.length, reader(padded).read, 'cube.stl')).toBeNull();
    expect(parseBinaryStlFile(data.length, reader(data).read, 'cube.obj')).toBeNull();
    expect(parseBinaryStlFile(40, reader(data).read, 'cube.stl')).toBeNull();
  });

  it('gives the same typed errors: empty, too large, no triangles, bad numbers, a file that shrank', async () => {
    const data = binaryStl(cube);
    expect(await code(() => parseBinaryStlFile(0, reader(data).read, 'cube.stl'))).toBe('empty_file');
    expect(await code(() => parseBinaryStlFile(2 ** 40, reader(data).read, 'cube.stl'))).toBe(
      'file_too_large',
    );
    const none = binaryStl([]);
    expect(await code(() => parseBinaryStlFile(none.length, reader(none).read, 'none.stl'))).toBe(
      'no_triangles',
    );
    const inf = binaryStl(cube);
    new DataView(inf.buffer).setFloat32(84 + 50 * 3 + 20, Number.POSITIVE_INFINITY, true);
    expect(() => parseBinaryStlFile(inf.length, reader(inf).read, 'inf.stl')).toThrow(/triangle 4\)/);
    // the size said 12 triangles, the reads end after 11
    const shrank = reader(data.subarray(0, data.length - 50)).read;
    expect(await code(() => parseBinaryStlFile(data.length, shrank, 'cube.stl'))).toBe('truncated');
    expect(
      await code(() =>
        parseBinaryStlFile(data.length, reader(data).read, 'cube.stl', { units: 'ft' as 'mm' }),
      ),
    ).toBe('malformed');
  });
});

describe('ASCII STL', () => {
  it('reads LF files', async () => {
    const a = await analyzeModel(bytes(asciiStl(cube)), 'cube.stl');
    expect(a.format).toBe('stl-ascii');
    expect(a.triangles).toBe(12);
    expect(a.volume_mm3).toBe(1000);
    expect(a.watertight).toBe(true);
  });

  it('reads CRLF, tabs, runs of blanks, trailing blanks, blank lines and exponent normals', async () => {
    let text = asciiStl(cube, 'my part with spaces', '\r\n');
    text = text
      .replace(/facet normal 0 0 0/g, 'facet\tnormal  0.000000e+00 -1.0E+0\t0e0   ')
      .replace(/ {6}vertex /g, '\t \tvertex\t  ')
      .replace(/endloop\r\n/g, 'endloop   \r\n\r\n');
    const a = await analyzeModel(bytes(text), 'nut.stl');
    expect(a.format).toBe('stl-ascii');
    expect(a.triangles).toBe(12);
    expect(a.volume_mm3).toBe(1000);
  });

  it('reads several solid … endsolid blocks, a bare endsolid and uppercase keywords', async () => {
    const a = asciiStl(box([0, 0, 0], [10, 10, 10]), 'one');
    const b = asciiStl(box([20, 0, 0], [30, 10, 10]), 'two').replace('endsolid two', 'endsolid');
    const c = asciiStl(box([40, 0, 0], [50, 10, 10]), 'three').toUpperCase();
    const r = await analyzeModel(bytes(a + b + c), 'three.stl');
    expect(r.triangles).toBe(36);
    expect(r.shells).toBe(3);
    expect(r.volume_mm3).toBe(3000);
  });

  it('reads exponent-format and signed coordinates', () => {
    const text =
      'solid x\nfacet normal 0 0 1\nouter loop\nvertex 1e1 -2.5E-1 +3\nvertex .5 5. 0\nvertex -0 0 1e-3\nendloop\nendfacet\nendsolid x\n';
    const r = parseStl(bytes(text));
    expect(Array.from(r.positions)).toEqual([10, -0.25, 3, 0.5, 5, 0, -0, 0, Math.fround(1e-3)]);
  });

  it('gives typed errors for malformed text', async () => {
    const cut = asciiStl(cube);
    const inFacet = cut.indexOf('vertex', cut.length / 2);
    expect(await code(parseModel(bytes(cut.slice(0, inFacet + 10)), 'a.stl'))).toBe('truncated');
    const betweenFacets = cut.indexOf('facet normal', cut.length / 2);
    const partial = await parseModel(bytes(cut.slice(0, betweenFacets)), 'a.stl');
    expect(partial.warnings.join(' ')).toMatch(/cut short/);
    expect(await code(parseModel(bytes(cut.replace('vertex 0 0 0', 'vertex 0 zero 0')), 'a.stl'))).toBe(
      'malformed',
    );
    expect(await code(parseModel(bytes(cut.replace('vertex 0 0 0', 'vertex nan 0 0')), 'a.stl'))).toBe(
      'malformed',
    );
    expect(await code(parseModel(bytes('solid empty\nendsolid empty\n'), 'a.stl'))).toBe('no_triangles');
    const four = cut.replace('endloop', 'vertex 1 1 1\nendloop');
    expect(await code(parseModel(bytes(four), 'a.stl'))).toBe('malformed');
  });
});

describe('ASCII STL fast path', () => {
  const cube = box([0, 0, 0], [12.5, 10, 7.25]);

  it('reads the common layout exactly as the general reader does', async () => {
    const text = asciiStl(cube, 'part');
    const fast = await parseModel(bytes(text), 'a.stl');
    // Upper-case keywords are outside the fast path: the general reader takes them.
    const general = await parseModel(bytes(text.toUpperCase()), 'b.stl');
    expect(fast.format).toBe('stl-ascii');
    expect(parseAsciiFast(bytes(text))?.triangleCount).toBe(12);
    expect(parseAsciiFast(bytes(asciiStl(cube, 'part', '\r\n')))?.triangleCount).toBe(12);
    expect(parseAsciiFast(bytes(text.toUpperCase()))).toBeNull();
    expect(Array.from(fast.mesh.positions)).toEqual(Array.from(general.mesh.positions));
    expect(fast.warnings).toEqual([]);
  });

  it('parses numbers as parseFloat does, with exponents, signs and long mantissas', async () => {
    const values = ['1.5e+01', '-2.25E-1', '+3', '0.1234567890123', '1234567.891', '-0.000001e2', '7.'];
    const facet = (a: string, b: string, c: string) =>
      `facet normal 0 0 0\n outer loop\n  vertex ${a} ${b} ${c}\n  vertex 1 0 0\n  vertex 0 1 0\n endloop\nendfacet\n`;
    const text = `solid n\n${facet(values[0]!, values[1]!, values[2]!)}${facet(values[3]!, values[4]!, values[5]!)}${facet(values[6]!, '0', '0')}endsolid n\n`;
    expect(parseAsciiFast(bytes(text))?.triangleCount).toBe(3);
    const parsed = await parseModel(bytes(text), 'n.stl');
    const p = parsed.mesh.positions;
    const got = [p[0], p[1], p[2], p[9], p[10], p[11], p[18]];
    expect(got).toEqual(values.map((v) => Math.fround(Number.parseFloat(v)) + 0));
  });

  it('hands unusual files to the general reader: one line, a name that goes on with facets', async () => {
    const oneLine = asciiStl(cube, 'x').replace(/\s+/g, ' ');
    const a = await analyzeModel(bytes(oneLine), 'one-line.stl');
    expect(a.triangles).toBe(12);
    expect(a.volume_mm3).toBeCloseTo(12.5 * 10 * 7.25, 6);
    expect(parseAsciiFast(bytes(oneLine))).toBeNull();
    const runOn = asciiStl(cube, 'x').replace('\n', ' ');
    expect(parseAsciiFast(bytes(runOn))).toBeNull();
    const b = await analyzeModel(bytes(runOn), 'run-on.stl');
    expect(b.triangles).toBe(12);
  });
});

describe('ASCII STL numbers (property)', () => {
  it('reads every number as Math.fround(parseFloat(text)), in any common notation', () => {
    const notation = fc.tuple(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.constantFrom('fixed', 'exp', 'prec', 'plain'),
      fc.integer({ min: 0, max: 9 }),
    );
    fc.assert(
      fc.property(fc.array(notation, { minLength: 9, maxLength: 9 }), (nums) => {
        const texts = nums.map(([v, how, d]) =>
          how === 'fixed'
            ? v.toFixed(d)
            : how === 'exp'
              ? v.toExponential(d)
              : how === 'prec'
                ? v.toPrecision(d + 1)
                : String(Math.fround(v)),
        );
        let s = 'solid p\n facet normal 0 0 1\n  outer loop\n';
        for (let c = 0; c < 3; c++)
          s += `   vertex ${texts[3 * c]} ${texts[3 * c + 1]} ${texts[3 * c + 2]}\n`;
        s += '  endloop\n endfacet\nendsolid p\n';
        const r = parseStl(bytes(s));
        const want = texts.map((t) => Math.fround(Number.parseFloat(t)));
        expect(Array.from(r.positions)).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
