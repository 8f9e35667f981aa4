import { describe, expect, it } from 'vitest';
import type { Raster } from './raster.js';
import { keepSeeded } from './supports.js';

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
