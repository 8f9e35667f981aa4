import { describe, expect, it } from 'vitest';
import { loopArea2 } from './outline.js';
import type { Raster } from './raster.js';
import { keepSeeded, squaredRegion, squareOutlines } from './supports.js';

describe('keepSeeded', () => {
  // a 6 × 3 raster: two islands split by an empty column, and a third touching the first diagonally
  const shape: Raster = { cols: 6, rows: 3, cell: 1, originX: 0, originY: 0 };
  const grid = (rows: string[]) => Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));

  it('keeps the islands a seed cell falls in and clears the others (4-connected)', () => {
    const mask = grid(['##.##.', '##.##.', '.....#']);
    const seed = grid(['.#....', '......', '......']);
    keepSeeded(mask, seed, shape, new Int32Array(18), new Int32Array(18));
    expect(Array.from(mask).join('')).toBe(Array.from(grid(['##....', '##....', '......'])).join(''));
  });

  it('ignores seed cells outside the mask, and keeps every seeded island', () => {
    const mask = grid(['##.##.', '##.##.', '......']);
    const seed = grid(['..#...', '....#.', '.....#']);
    keepSeeded(mask, seed, shape, new Int32Array(18), new Int32Array(18));
    expect(Array.from(mask).join('')).toBe(Array.from(grid(['...##.', '...##.', '......'])).join(''));
  });
});

describe('squareOutlines', () => {
  // SupportGridPattern extracts the grid squares grown by half the support spacing, mitred
  const G = 2.807;
  const e = 0.1535;
  const area = (l: Float64Array) => loopArea2(l) / 2;

  it('outlines an L of three squares as one counter-clockwise loop, grown with mitred corners', () => {
    // squares (0,0), (1,0), (0,1) of a 2 × 2 grid
    const loops = squareOutlines(Uint8Array.from([1, 1, 1, 0]), 2, 2, G, -G, -G, e);
    expect(loops).toHaveLength(1);
    expect((loops[0] as Float64Array).length / 2).toBe(6);
    // area + perimeter · e + (5 convex − 1 concave corners) · e²
    expect(area(loops[0] as Float64Array)).toBeCloseTo(3 * G * G + 8 * G * e + 4 * e * e, 9);
    const xs = Array.from(loops[0] as Float64Array).filter((_, k) => k % 2 === 0);
    expect(Math.min(...xs)).toBeCloseTo(-G - e, 9);
    expect(Math.max(...xs)).toBeCloseTo(G + e, 9);
  });

  it('keeps squares that touch only at a corner apart, and a ring with its hole', () => {
    const diagonal = squareOutlines(Uint8Array.from([1, 0, 0, 1]), 2, 2, G, 0, 0, e);
    expect(diagonal.map(area).sort()).toEqual(
      [(G + 2 * e) ** 2, (G + 2 * e) ** 2].map((a) => expect.closeTo(a, 9)),
    );
    const ring = squareOutlines(Uint8Array.from([1, 1, 1, 1, 0, 1, 1, 1, 1]), 3, 3, G, 0, 0, e);
    const areas = ring.map(area).sort((a, b) => a - b);
    // the hole runs clockwise and shrinks as the squares round it grow
    expect(areas[0]).toBeCloseTo(-((G - 2 * e) ** 2), 9);
    expect(areas[1]).toBeCloseTo((3 * G + 2 * e) ** 2, 9);
  });
});

describe('squaredRegion', () => {
  it("takes an interface's grid squares grown by half a spacing, less the object and its gap", () => {
    // a 0.1 mm raster over [−3, 3]²; the grid square [0, 2.807]² holds the interface cells; an
    // object (a disc of 1 mm radius at (1.4, 1.4)) sits in it with a 0.225 mm gap (22.5 steps)
    const n = 60;
    const shape: Raster = { cols: n, rows: n, cell: 0.1, originX: -3, originY: -3 };
    const field = new Int8Array(n * n);
    const kinds = new Uint8Array(n * n);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        const x = -3 + (c + 0.5) * 0.1;
        const y = -3 + (r + 0.5) * 0.1;
        const d = Math.hypot(x - 1.4, y - 1.4) - 1; // > 0 outside the disc
        field[r * n + c] = Math.max(-127, Math.min(127, Math.round(-d * 100)));
        if (x > 0 && x < 2.807 && y > 0 && y < 2.807 && d >= 0.225) kinds[r * n + c] = 2;
      }
    const region = squaredRegion(kinds, 0, 2, shape, 2.807, 0.1535, field, [0], 22.5);
    expect(region).not.toBeNull();
    const { loops, clip } = region as { loops: Float64Array[]; clip: Float64Array[] };
    expect(loops).toHaveLength(1);
    expect(loopArea2(loops[0] as Float64Array) / 2).toBeCloseTo((2.807 + 0.307) ** 2, 6);
    // the clip's hole: the disc grown by the gap, its outline placed by the distances to within a
    // few hundredths of a millimetre (a circle of 1.225 mm: 4.71 mm²)
    const hole = clip.map((l) => loopArea2(l) / 2).filter((a) => a < 0);
    expect(hole).toHaveLength(1);
    expect(-(hole[0] as number)).toBeGreaterThan(Math.PI * 1.2 ** 2);
    expect(-(hole[0] as number)).toBeLessThan(Math.PI * 1.25 ** 2);
    // no interface cell: nothing
    expect(squaredRegion(new Uint8Array(n * n), 0, 2, shape, 2.807, 0.1535, field, [0], 22.5)).toBeNull();
  });
});
