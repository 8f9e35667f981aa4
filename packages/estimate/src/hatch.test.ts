import { describe, expect, it } from 'vitest';
import { boundingLoops, hatch, hatchedArea, hatchPoint, insetLoops } from './hatch.js';
import { loopArea2, loopLength } from './outline.js';

const loop = (pts: Array<[number, number]>) => Float64Array.from(pts.flat());
const square = (x0: number, y0: number, size: number) =>
  loop([
    [x0, y0],
    [x0 + size, y0],
    [x0 + size, y0 + size],
    [x0, y0 + size],
  ]);
/** A clockwise square (a hole: material on its left is outside it). */
const hole = (x0: number, y0: number, size: number) =>
  loop([
    [x0, y0],
    [x0, y0 + size],
    [x0 + size, y0 + size],
    [x0 + size, y0],
  ]);
const disc = (r: number, n: number, cw = false) =>
  loop(
    Array.from({ length: n }, (_, i) => {
      const a = ((cw ? -1 : 1) * 2 * Math.PI * i) / n;
      return [r * Math.cos(a), r * Math.sin(a)] as [number, number];
    }),
  );

/** Area of a region measured by a fine hatch at a given angle (tolerance: about spacing × outline). */
const areaOf = (loops: Float64Array[], angle = 0.3) => hatchedArea(hatch(loops, angle, 0.01, 0.003));

describe('insetLoops and hatch', () => {
  it('measures a square, insets it exactly, and a hole grows as the outline shrinks', () => {
    expect(areaOf([square(0, 0, 10)])).toBeCloseTo(100, 0);
    expect(areaOf(insetLoops([square(0, 0, 10)], 1))).toBeCloseTo(64, 0);
    const ring = [square(0, 0, 20), hole(5, 5, 10)];
    expect(areaOf(ring)).toBeCloseTo(300, 0);
    // 20 → 18 outside; the hole grows by 1 with mitred corners (12²)
    expect(areaOf(insetLoops(ring, 1))).toBeCloseTo(324 - 144, 0);
  });

  it('drops what an inset collapses: a 1 mm strip inset by 0.6 mm, a ring whose wall is used up', () => {
    const strip = loop([
      [0, 0],
      [30, 0],
      [30, 1],
      [0, 1],
    ]);
    expect(areaOf(insetLoops([strip], 0.6))).toBeLessThan(0.05);
    expect(areaOf(insetLoops([strip], 0.3))).toBeCloseTo(29.4 * 0.4, 0);
    const thinRing = [square(0, 0, 10), hole(1, 1, 8)];
    expect(areaOf(insetLoops(thinRing, 0.6))).toBeLessThan(0.05);
  });

  it('mitres corners: an L grown and shrunk by 1 mm, and a spike bevelled past the miter limit', () => {
    const ell = loop([
      [0, 0],
      [20, 0],
      [20, 10],
      [10, 10],
      [10, 20],
      [0, 20],
    ]);
    expect(areaOf([ell])).toBeCloseTo(300, 0);
    // grown: 22 × 22 less the 10 × 10 notch grown into (9 × 9 from the corner at 11, 11): 484 − 100
    expect(areaOf(insetLoops([ell], -1))).toBeCloseTo(384, 0);
    // shrunk: 18 × 8 + 8 × 10
    expect(areaOf(insetLoops([ell], 1))).toBeCloseTo(224, 0);
    // a 1:10 spike: its tip is bevelled (the miter would reach 3 × the offset), not lost
    const spike = loop([
      [0, 0],
      [2, 0],
      [1, 20],
    ]);
    const grown = areaOf(insetLoops([spike], -0.5));
    expect(grown).toBeGreaterThan(20 + 0.5 * (2 + 2 * Math.hypot(1, 20)));
  });

  it("moves a spike's tip in along its axis however far (no bevel there: it put the tip outside)", () => {
    // the 1:10 spike shrunk by 0.2 mm: a similar triangle, scaled by (r − 0.2) / r about its
    // incentre (r = area / half the perimeter), its tip 0.2 / sin(half the tip's angle) below the apex
    const spike = loop([
      [0, 0],
      [2, 0],
      [1, 20],
    ]);
    const [inset] = insetLoops([spike], 0.2);
    if (!inset) throw new Error('no inset');
    const r = 20 / ((2 + 2 * Math.hypot(1, 20)) / 2);
    expect(Math.abs(loopArea2(inset)) / 2).toBeCloseTo(20 * ((r - 0.2) / r) ** 2, 2);
    const tipY = Math.max(...inset.filter((_, k) => k % 2 === 1));
    expect(tipY).toBeCloseTo(20 - 0.2 / Math.sin(Math.atan2(1, 20)), 3);
    // every corner inside the spike
    for (let k = 0; k < inset.length; k += 2) {
      const x = inset[k] as number;
      const y = inset[k + 1] as number;
      expect(y).toBeGreaterThan(0);
      expect(Math.abs(x - 1)).toBeLessThan(1 - y / 20);
    }
  });

  it('cuts lines at their spacing and phase, ends on the edges they cross', () => {
    const h = hatch([square(0, 0, 10)], 0, 1, 0.5);
    expect(h.count).toBe(10);
    for (let s = 0; s < h.count; s++) {
      expect(h.x0[s]).toBeCloseTo(0, 9);
      expect(h.x1[s]).toBeCloseTo(10, 9);
      expect(h.line[s]).toBe(s);
      // left end on the left edge (vertex 3 → 0), right end on the right edge (1 → 2)
      expect(h.edge0[s]).toBe(3);
      expect(h.edge1[s]).toBe(1);
    }
    // 45°: lines across the square's diagonal direction, points back in the layer's frame
    const d = hatch([square(0, 0, 10)], Math.PI / 4, 1, 0);
    let length = 0;
    for (let s = 0; s < d.count; s++) {
      const [ax, ay] = hatchPoint(d, s, 0);
      const [bx, by] = hatchPoint(d, s, 1);
      expect(ax).toBeGreaterThan(-1e-9);
      expect(ay).toBeLessThan(10 + 1e-9);
      length += Math.hypot(bx - ax, by - ay);
      expect(Math.hypot(bx - ax, by - ay)).toBeCloseTo((d.x1[s] as number) - (d.x0[s] as number), 9);
    }
    expect(length).toBeCloseTo(100, -1);
  });

  it('a disc with a hole splits each line crossing the hole into two', () => {
    const ring = [disc(10, 200), disc(4, 100, true)];
    const h = hatch(ring, 0, 1, 0.5);
    const byLine = new Map<number, number>();
    for (let s = 0; s < h.count; s++)
      byLine.set(h.line[s] as number, (byLine.get(h.line[s] as number) ?? 0) + 1);
    expect(byLine.get(0)).toBe(2);
    expect(byLine.get(-8)).toBe(1);
    expect(areaOf(ring)).toBeCloseTo(Math.PI * (100 - 16), 0);
  });
});

describe('insetLoops past a collapse', () => {
  // A lattice's corner post (a 1.2 mm square with chamfered corners, as sliced at 0.2 mm): moved in
  // by 0.63 mm (the inner wall pass) it has nothing left, but the offset came out as a loop wound
  // the other way, partly outside the post, and was printed as a wall (+6 % on the lattice).
  const post = new Float64Array([
    14.47, 13.9, 14.7, 13.83, 14.85, 13.9, 14.85, 14.35, 15.0, 14.7, 14.96, 14.96, 14.7, 15.0, 14.35, 14.85,
    13.9, 14.85, 13.83, 14.7, 13.9, 14.47, 14.2, 14.47, 14.22, 14.22, 14.47, 14.2,
  ]);
  it('drops an outline moved in past its own collapse when asked', () => {
    expect(insetLoops([post], 0.632, 'round')).toHaveLength(1); // the winding rule sorts it out later
    expect(insetLoops([post], 0.632, 'round', true)).toHaveLength(0);
    // the external pass (0.225 mm in) is still there
    expect(insetLoops([post], 0.225, 'round', true)).toHaveLength(1);
  });
});

describe('boundingLoops where kept loops cross', () => {
  it("gives the region's exact outline, as PrusaSlicer's offset of a union does", () => {
    // the two holes cross: both are kept (each bounds at its longest edge's middle), and the region
    // comes back as the square and one hole, its loops' areas adding up to the region's 371 mm²
    // (their own signed areas add up to 400 − 32 = 368: the 1 × 3 mm overlap counted twice)
    const out = boundingLoops([square(0, 0, 20), hole(5, 8, 4), hole(8, 9, 4)]);
    expect(out).toHaveLength(2);
    expect(out.reduce((a, l) => a + loopArea2(l) / 2, 0)).toBeCloseTo(371, 6);
    // its outline: the square and the holes' union (2 × 16 − 2 × (1 + 3) = 24 mm), not 32 mm
    expect(out.reduce((a, l) => a + loopLength(l), 0)).toBeCloseTo(80 + 24, 6);
  });

  it('keeps loops that meet none as they are', () => {
    const loops = [square(0, 0, 20), hole(2, 2, 4), hole(10, 10, 4)];
    expect(boundingLoops(loops)).toEqual(loops);
  });
});
