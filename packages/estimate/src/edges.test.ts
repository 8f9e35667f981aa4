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
