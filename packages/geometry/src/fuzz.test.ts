/**
 * Fuzzing with fast-check: random bytes, truncations and mutations of valid files. Every outcome
 * must be an analysis or a GeometryError, each within 2 s. Run counts are modest (2 cores).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeModel, GeometryError } from './index.js';
import { asciiStl, box, bytes, meshObjectXml, modelXml, threeMf } from './testing/meshes.js';

const MODELS = path.resolve(import.meta.dirname, '../../../fixtures/models');
const load = (f: string) => new Uint8Array(readFileSync(path.join(MODELS, f)));

const LIMIT_MS = 2000;

async function outcome(data: Uint8Array, name: string): Promise<'ok' | string> {
  const t0 = performance.now();
  try {
    const a = await analyzeModel(data, name);
    expect(Number.isFinite(a.volume_mm3)).toBe(true);
    expect(Number.isFinite(a.area_mm2)).toBe(true);
    return 'ok';
  } catch (err) {
    if (!(err instanceof GeometryError)) throw new Error(`untyped error for ${name}: ${String(err)}`);
    expect(err.code).toMatch(/^[a-z_0-9]+$/);
    expect(err.message.length).toBeGreaterThan(5);
    return err.code;
  } finally {
    expect(performance.now() - t0).toBeLessThan(LIMIT_MS);
  }
}

const samples: Record<string, Uint8Array> = {
  'bin.stl': load('bracket_holes_solidheader.stl'),
  'ascii.stl': load('m3_hex_nut_crlf.stl'),
  'knob.obj': load('knob_quads.obj'),
  'stand.3mf': load('phone_stand_cm.3mf'),
  'small.3mf': threeMf(
    modelXml('millimeter', meshObjectXml(1, box([0, 0, 0], [1, 2, 3])), '<item objectid="1"/>'),
  ),
  'tiny.stl': bytes(asciiStl(box([0, 0, 0], [1, 1, 1]))),
};
const names = Object.keys(samples);
const exts = ['stl', 'obj', '3mf', 'step', 'stp'];

/** Applies a few random byte edits (overwrite, insert, delete) to a copy. */
const mutation = fc.record({
  file: fc.constantFrom(...names),
  edits: fc.array(
    fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      kind: fc.constantFrom('set', 'insert', 'delete'),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

function applyEdits(src: Uint8Array, edits: { at: number; kind: string; bytes: Uint8Array }[]): Uint8Array {
  let out = src.slice();
  for (const e of edits) {
    const i = Math.min(out.length, Math.floor(e.at * out.length));
    if (e.kind === 'set') {
      out = out.slice();
      out.set(e.bytes.subarray(0, Math.max(0, out.length - i)), i);
    } else if (e.kind === 'insert') {
      const next = new Uint8Array(out.length + e.bytes.length);
      next.set(out.subarray(0, i));
      next.set(e.bytes, i);
      next.set(out.subarray(i), i + e.bytes.length);
      out = next;
    } else {
      const j = Math.min(out.length, i + e.bytes.length);
      const next = new Uint8Array(out.length - (j - i));
      next.set(out.subarray(0, i));
      next.set(out.subarray(j), i);
      out = next;
    }
  }
  return out;
}

describe('fuzzing: only typed errors, each within 2 s', () => {
  it('random bytes under every extension', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(...exts), async (data, ext) => {
        await outcome(data, `random.${ext}`);
      }),
      { numRuns: 120 },
    );
  });

  it('random text that looks like each format', async () => {
    const token = fc.constantFrom(
      'solid',
      'facet',
      'normal',
      'outer',
      'loop',
      'vertex',
      'endloop',
      'endfacet',
      'endsolid',
      'v',
      'f',
      'vn',
      'o',
      '#',
      '1',
      '-1',
      '0.5',
      '1e308',
      '-1e-308',
      'nan',
      '1/2/3',
      '//',
      '\n',
      '\r\n',
      ' ',
      '\t',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(token, { maxLength: 300 }),
        fc.constantFrom('stl', 'obj'),
        async (tokens, ext) => {
          await outcome(bytes(tokens.join(' ')), `text.${ext}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('truncations of valid files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (file, at) => {
          const src = samples[file]!;
          await outcome(src.subarray(0, Math.floor(at * src.length)), file);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('mutations of valid files', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async ({ file, edits }) => {
        await outcome(applyEdits(samples[file]!, edits), file);
      }),
      { numRuns: 150 },
    );
  });

  it('absurd binary STL counts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 84, max: 2000 }),
        async (count, len) => {
          const data = new Uint8Array(len);
          new DataView(data.buffer).setUint32(80, count, true);
          await outcome(data, 'absurd.stl');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('truncations and mutations of a STEP file', async () => {
    const step = load('cylinder_d30_h40.step');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .double({ min: 0, max: 1, noNaN: true })
            .map((at) => step.subarray(0, Math.floor(at * step.length))),
          mutation.map(({ edits }) => applyEdits(step, edits)),
        ),
        async (data) => {
          await outcome(data, 'cyl.step');
        },
      ),
      { numRuns: 20 },
    );
  });
});
