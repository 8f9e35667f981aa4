import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GeometryError } from '../errors.js';
import { analyzeModel, configureStepLoader, parseModel } from '../index.js';
import { bytes } from '../testing/meshes.js';
import { loadOcct, type OcctModule } from './step.js';

const MODELS = path.resolve(import.meta.dirname, '../../../../fixtures/models');
const load = (f: string) => new Uint8Array(readFileSync(path.join(MODELS, f)));

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GeometryError);
    return (err as GeometryError).code;
  }
  throw new Error('expected a GeometryError');
}

describe('STEP', () => {
  afterEach(() => {
    // restore the default (package folder) loader
    configureStepLoader(async () => {
      const mod = (await import('occt-import-js' as string)) as { default: () => Promise<OcctModule> };
      return mod.default();
    });
  });

  it('reads .step and .stp, reports solids, keeps the module warm', async () => {
    const first = loadOcct();
    const a = await analyzeModel(load('cylinder_d30_h40.step'), 'cylinder_d30_h40.stp');
    expect(a.format).toBe('step');
    expect(a.shells).toBe(1);
    expect(a.watertight).toBe(true);
    expect(Math.abs(a.volume_mm3 - 9000 * Math.PI) / (9000 * Math.PI)).toBeLessThan(0.005);
    expect(loadOcct()).toBe(first);
  });

  it('uses an injected loader', async () => {
    let calls = 0;
    const fake: OcctModule = {
      ReadStepFile: () => {
        calls++;
        return {
          success: true,
          meshes: [
            {
              attributes: { position: { array: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1] } },
              index: { array: [0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2] },
            },
            {
              attributes: { position: { array: [5, 0, 0, 6, 0, 0, 5, 1, 0, 5, 0, 1] } },
              index: { array: [0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2] },
            },
          ],
        };
      },
    };
    configureStepLoader(async () => fake);
    const a = await analyzeModel(bytes('ISO-10303-21;\nHEADER;\nENDSEC;\n'), 'tet.step');
    expect(calls).toBe(1);
    expect(a.shells).toBe(2);
    expect(a.triangles).toBe(8);
    expect(a.volume_mm3).toBeCloseTo(2 / 6, 5);
  });

  it('gives typed errors for broken STEP files and a failing loader', async () => {
    expect(await code(parseModel(bytes('hello'), 'x.step'))).toBe('invalid_step');
    expect(await code(parseModel(new Uint8Array(0), 'x.step'))).toBe('empty_file');
    const broken = bytes(
      "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nENDSEC;\nDATA;\n#1=GARBAGE(#2,\nENDSEC;\nEND-ISO-10303-21;\n",
    );
    expect(await code(parseModel(broken, 'x.step'))).toMatch(/invalid_step|no_triangles/);
    const real = load('box_with_hole.step');
    expect(await code(parseModel(real.subarray(0, real.length / 2), 'x.step'))).toMatch(
      /invalid_step|no_triangles/,
    );
    configureStepLoader(async () => {
      throw new Error('wasm missing');
    });
    expect(await code(parseModel(real, 'x.step'))).toBe('step_unavailable');
  });
});

describe('file types', () => {
  it('rejects unsupported extensions with a typed error', async () => {
    expect(await code(parseModel(bytes('x'), 'part.fbx'))).toBe('unsupported_format');
    expect(await code(parseModel(bytes('x'), 'README'))).toBe('unsupported_format');
  });
  it('matches extensions case-insensitively', async () => {
    const a = await analyzeModel(load('cube_20mm.stl'), 'CUBE.STL');
    expect(a.volume_mm3).toBe(8000);
  });
});
