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
