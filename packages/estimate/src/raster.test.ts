import { describe, expect, it } from 'vitest';
import { loopArea2 } from './outline.js';
import { components, contours, grow, type Raster, shrink } from './raster.js';

const shape = (cols: number, rows: number, cell = 0.25): Raster => ({
  cols,
  rows,
  cell,
  originX: 0,
  originY: 0,
});
const count = (m: Uint8Array) => m.reduce((s, v) => s + v, 0);

describe('raster morphology', () => {
  it('grows a cell into a disc and shrinks a square by whole cells', () => {
    const s = shape(21, 21);
    const m = new Uint8Array(21 * 21);
    m[10 * 21 + 10] = 1;
    const out = new Uint8Array(m.length);
    // by 4 cells from the cell's edge: centres within 4.5 cells (a 0.25 mm square grown by 1 mm is
    // 4.2 mm², 67 cells)
    grow(m, out, 1, s);
    expect(count(out)).toBe(69);
    // diagonal reach is Euclidean, not square
    expect(out[(10 + 4) * 21 + 10 + 4]).toBe(0);
    expect(out[(10 + 3) * 21 + 10 + 3]).toBe(1);
    const sq = shape(30, 30);
    const block = new Uint8Array(900);
    for (let r = 5; r < 25; r++) for (let c = 5; c < 25; c++) block[r * 30 + c] = 1;
    const inner = new Uint8Array(900);
    shrink(block, inner, 1, sq);
    expect(count(inner)).toBe(12 * 12);
    // the raster's border counts as outside
    const full = new Uint8Array(900).fill(1);
    shrink(full, inner, 1, sq);
    expect(count(inner)).toBe(22 * 22);
  });

  it('grows and shrinks exactly like the brute-force disc test, by stencil or by distance transform', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const s = shape(40, 30, 0.25);
    for (const fill of [0.05, 0.5, 0.9])
      for (const radius of [0.2, 0.6, 2.5]) {
        const m = new Uint8Array(1200);
        for (let p = 0; p < 1200; p++) m[p] = rand() < fill ? 1 : 0;
        const r = radius / 0.25 + 0.5;
        const g = new Uint8Array(1200);
        const k = new Uint8Array(1200);
        grow(m, g, radius, s);
        shrink(m, k, radius, s);
        for (let p = 0; p < 1200; p++) {
          const pr = Math.floor(p / 40);
          const pc = p % 40;
          let near1 = m[p] === 1;
          let near0 = Math.min(pr + 1, 30 - pr, pc + 1, 40 - pc) ** 2 <= r * r;
          for (let q = 0; q < 1200; q++) {
            const d2 = (Math.floor(q / 40) - pr) ** 2 + ((q % 40) - pc) ** 2;
            if (d2 <= r * r) {
              if (m[q] === 1) near1 = true;
              else near0 = true;
            }
          }
          expect(g[p]).toBe(near1 ? 1 : 0);
          expect(k[p]).toBe(m[p] === 1 && !near0 ? 1 : 0);
        }
      }
  });

  it('labels components and traces their outlines with material on the left', () => {
    const s = shape(12, 10, 1);
    const m = new Uint8Array(120);
    // a 4 × 4 block with a one-cell hole, and a separate 2 × 1 bar
    for (let r = 1; r < 5; r++) for (let c = 1; c < 5; c++) m[r * 12 + c] = 1;
    m[2 * 12 + 2] = 0;
    m[7 * 12 + 8] = 1;
    m[7 * 12 + 9] = 1;
    const labels = new Int32Array(120);
    const sizes = components(m, labels, s, new Int32Array(120));
    expect(sizes.sort((a, b) => a - b)).toEqual([2, 15]);
    const loops = contours(m, s);
    const areas = loops.map((l) => loopArea2(l) / 2).sort((a, b) => a - b);
    // the hole: a diamond of 0.5 (clockwise, negative); the bar: 2 cells less four corner halves
    // of a quarter; the block: 16 less four corner cuts of 1/8
    expect(areas).toHaveLength(3);
    expect(areas[0]).toBeCloseTo(-0.5, 9);
    expect(areas[1]).toBeCloseTo(2 - 0.5, 9);
    expect(areas[2]).toBeCloseTo(16 - 0.5, 9);
  });

  it('places the outline where the level crosses zero between two centres, when given one', () => {
    // one set cell amid unset ones: a diamond through the edges' middles, or, with a level of +1 at
    // the cell and −3 round it, a quarter of the way out
    const s = shape(3, 3, 1);
    const m = new Uint8Array(9);
    m[4] = 1;
    const level = Float32Array.from([-3, -3, -3, -3, 1, -3, -3, -3, -3]);
    const [mid] = contours(m, s);
    const [quarter] = contours(m, s, level);
    expect(loopArea2(mid as Float64Array) / 2).toBeCloseTo(2 * 0.5 ** 2, 9);
    expect(loopArea2(quarter as Float64Array) / 2).toBeCloseTo(2 * 0.25 ** 2, 9);
    // NaN keeps the middle
    expect(
      loopArea2(contours(m, s, new Float32Array(9).fill(Number.NaN))[0] as Float64Array) / 2,
    ).toBeCloseTo(0.5, 9);
  });
});
