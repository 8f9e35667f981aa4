import { describe, expect, it } from 'vitest';
import { buildPart, type PartSpec } from './corpus/index.js';
import { repairLikeSlicer } from './repair.js';
import { box } from './shapes.js';
import { layerGeometry, prepareMesh } from './slice.js';

const defects = (part: PartSpec, duplicate: number, degenerate: number, flip: number, seed: number) =>
  buildPart({ kind: 'defects', part, duplicate, degenerate, flip, seed });

// The corpus's damaged parts (refs/corpus-refs.json), and what `prusa-slicer --info` (2.5.0) printed
// for each, written as binary STL by toBinaryStl: facets after the repair, degenerate facets,
// facets removed, facets reversed, parts, volume (mm³).
const ARCH = defects(
  {
    kind: 'bridge',
    profile: [
      [0, 0],
      [8, 0],
      [8, 12],
      [32, 12],
      [32, 0],
      [40, 0],
      [40, 16],
      [0, 16],
    ],
    depth: 20,
  },
  0.2,
  20,
  0.05,
  16,
);
const PEGS = defects(
  { kind: 'cellPlate', cols: 6, rows: 6, cell: 12, thickness: 3, hole: 3, peg: [2.5, 5], pattern: 'mixed' },
  0.05,
  30,
  0.03,
  14,
);
const VASE = defects(
  { kind: 'vase', radius: 22, height: 50, wall: 1.2, floor: 1.5, ripple: 0.05, lobes: 6, flare: 0.1 },
  0.1,
  50,
  0.02,
  15,
);

describe('repair as PrusaSlicer does on loading', () => {
  it.each([
    ['arch_defects', ARCH, { facets: 37, degenerate: 10, removed: 18, reversed: 7, parts: 3 }, 7680.0],
    [
      'pegs_holes_defects',
      PEGS,
      { facets: 6574, degenerate: 15, removed: 33, reversed: 480, parts: 34 },
      14676.61,
    ],
    [
      'vase_defects',
      VASE,
      { facets: 26769, degenerate: 25, removed: 47, reversed: 2990, parts: 173 },
      10170.63,
    ],
  ])('%s: every figure of prusa-slicer --info', (_name, mesh, counts, volume) => {
    const { mesh: out, stats } = repairLikeSlicer(mesh);
    expect(stats).toMatchObject(counts);
    expect(out.triangleCount).toBe(counts.facets);
    // admesh sums the volume in float32: within 0.01 %
    expect(Math.abs(stats.volume / volume - 1)).toBeLessThan(1e-4);
  });

  it('leaves a sound mesh as it is, and turns an inside-out one round', () => {
    const cube = box(10, 10, 10);
    const { mesh, stats } = repairLikeSlicer(cube);
    expect(stats).toMatchObject({ facets: 12, degenerate: 0, removed: 0, reversed: 0, parts: 1 });
    expect(stats.volume).toBeCloseTo(1000, 6);
    expect(Array.from(mesh.positions)).toEqual(Array.from(cube.positions));
    const inside = new Float32Array(cube.positions);
    for (let t = 0; t < 12; t++) {
      const a = inside.slice(t * 9, t * 9 + 3);
      inside.copyWithin(t * 9, t * 9 + 3, t * 9 + 6);
      inside.set(a, t * 9 + 3);
    }
    const turned = repairLikeSlicer({ positions: inside, triangleCount: 12 });
    expect(turned.stats.volume).toBeCloseTo(1000, 6);
    expect(Array.from(turned.mesh.positions)).toEqual(Array.from(cube.positions));
  });

  it('is used by the slicer only when slicing met damage', () => {
    const sound = prepareMesh(box(20, 20, 10));
    const opt = { margin: 3, maxCellsPerLayer: 250_000, maxCellLayers: 3e7, minCell: 0.05 };
    layerGeometry(sound, 0.2, opt);
    expect(sound.fixed).toBeUndefined();
    const damaged = prepareMesh(PEGS);
    const geo = layerGeometry(damaged, 0.2, opt);
    expect(damaged.fixed?.repaired).toBe(true);
    expect(damaged.fixed?.mesh.triangleCount).toBe(6574);
    // the geometry is the repaired mesh's (the same object, from its cache)
    expect(geo).toBe(layerGeometry(damaged.fixed as NonNullable<typeof damaged.fixed>, 0.2, opt));
  });
});
