import { describe, expect, it } from 'vitest';
import { EdgeGrid } from './edges.js';

const square = (x0: number, y0: number, size: number) =>
  new Float64Array([x0, y0, x0 + size, y0, x0 + size, y0 + size, x0, y0 + size]);

describe('EdgeGrid.meets', () => {
  // edges 0-3: the 10 mm square; edges 4-7: a 2 mm square inside it, 1 mm from its left side
  const grid = new EdgeGrid([square(0, 0, 10), square(1, 4, 2)], 1);

  it('finds a segment crossing an edge, and none for one that crosses nothing', () => {
    expect(grid.meets(-1, 5, 0.5, 5, 1e-4, -1, -1, -1)).toBe(true);
    expect(grid.meets(0.2, 5, 0.8, 5, 1e-4, -1, -1, -1)).toBe(false);
    expect(grid.meets(5, 5, 6, 6, 1e-4, -1, -1, -1)).toBe(false);
  });

  it('counts a near miss within the tolerance, and not one beyond it', () => {
    expect(grid.meets(0.5, 5, 1 - 0.5e-4, 5, 1e-4, -1, -1, -1)).toBe(true);
    expect(grid.meets(0.5, 5, 1 - 2e-4, 5, 1e-4, -1, -1, -1)).toBe(false);
  });

  it('leaves out the edges it is told to skip (a loop edge and its neighbours)', () => {
    // the inner square's left edge (4 -> 7 closes it: edge 7 runs from (1,6) to (1,4))
    expect(grid.meets(1, 6, 1, 4, 1e-4, 7, 6, 4)).toBe(false);
    expect(grid.meets(1, 6, 1, 4, 1e-4, 7, 6, -1)).toBe(true);
  });
});

describe('EdgeGrid.signedDistance', () => {
  // a 10 mm square (counter-clockwise: material on the left) with a clockwise 2 mm square hole
  const hole = new Float64Array([4, 4, 4, 6, 6, 6, 6, 4]);
  const grid = new EdgeGrid([square(0, 0, 10), hole], 1);

  it('is positive inside the material and negative outside, by the side of the nearest edge', () => {
    expect(grid.signedDistance(0.3, 5, 1)).toBeCloseTo(0.3, 9);
    expect(grid.signedDistance(-0.3, 5, 1)).toBeCloseTo(-0.3, 9);
    // in the hole, 0.25 mm from its edge; in the material, 0.25 mm beside the hole
    expect(grid.signedDistance(4.25, 5, 1)).toBeCloseTo(-0.25, 9);
    expect(grid.signedDistance(3.75, 5, 1)).toBeCloseTo(0.25, 9);
  });

  it('tells the side where the nearest point is a corner', () => {
    // beyond the square's corner (outside) and inside the hole's corner region (material)
    expect(grid.signedDistance(-0.2, -0.2, 1)).toBeCloseTo(-Math.hypot(0.2, 0.2), 9);
    expect(grid.signedDistance(3.8, 3.8, 1)).toBeCloseTo(Math.hypot(0.2, 0.2), 9);
  });

  it('is +Infinity with no edge within the limit', () => {
    expect(grid.signedDistance(2, 2, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('EdgeGrid.forEachNearPair', () => {
  // edges 0-3: a 10 mm square; edges 4-7: a 10 mm square moved 5 mm right and 5 up (they cross
  // twice: edge 1, x = 10, with edge 4, y = 5; edge 2, y = 10, with edge 7, x = 5); buckets of 1 mm,
  // so an edge spans ten of them and most pairs share several
  const grid = new EdgeGrid([square(0, 0, 10), square(5, 5, 10)], 1);
  const pairs: string[] = [];
  grid.forEachNearPair((s, t) => {
    pairs.push(`${s}-${t}`);
  });

  it('gives each pair of edges that share a bucket once, the lower number first', () => {
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const p of pairs) {
      const [s, t] = p.split('-').map(Number);
      expect(s as number).toBeLessThan(t as number);
    }
  });

  it('includes the pairs that cross, and leaves out edges far apart', () => {
    expect(pairs).toContain('1-4');
    expect(pairs).toContain('2-7');
    // the first square's left side (x = 0) and the second's right side (x = 15)
    expect(pairs).not.toContain('3-5');
  });
});
