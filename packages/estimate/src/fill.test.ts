import { describe, expect, it } from 'vitest';
import { solidFill } from './fill.js';
import { fillArea } from './fills.js';
import { boundingLoops } from './hatch.js';
import { loopArea2 } from './outline.js';

const square = (x0: number, y0: number, size: number) =>
  Float64Array.from([x0, y0, x0 + size, y0, x0 + size, y0 + size, x0, y0 + size]);
const pathLength = (xy: number[]) => {
  let s = 0;
  for (let i = 2; i < xy.length; i += 2)
    s += Math.hypot((xy[i] as number) - (xy[i - 2] as number), (xy[i + 1] as number) - (xy[i - 1] as number));
  return s;
};

describe('solidFill', () => {
  const spacing = 0.45;

  it('fills a region with about area ÷ spacing of line (±15 %)', () => {
    const { paths } = solidFill({ loops: [square(0, 0, 10)] }, Math.PI / 4, spacing);
    const total = paths.reduce((s, p) => s + pathLength(p.xy), 0);
    expect(total).toBeGreaterThan((100 / spacing) * 0.85);
    expect(total).toBeLessThan((100 / spacing) * 1.15);
  });

  it('joins the lines across a narrow strip slanting across them into one zig-zag (a sloped wall skin)', () => {
    // 0.7 mm wide, 30 mm long, lines at 45°: cut at half a spacing inside, each line crosses 0.35 mm
    // of it, and the next one starts a spacing × √2 further along, past its end (no overlap along
    // the lines): PrusaSlicer links them along the strip's sides (a sloped slab's skin in its G-code)
    const strip = Float64Array.from([0, 0, 0.7, 0, 0.7, 30, 0, 30]);
    const { paths } = solidFill({ loops: [strip] }, Math.PI / 4, spacing);
    expect(paths).toHaveLength(1);
    // about area ÷ spacing of line, links included (±15 %)
    const total = pathLength((paths[0] as { xy: number[] }).xy);
    expect(total).toBeGreaterThan((21 / spacing) * 0.85);
    expect(total).toBeLessThan((21 / spacing) * 1.15);
  });

  it('drops a lone line that crosses a sliver for less than half a spacing (only its free ends)', () => {
    // 0.55 mm across: cut at half a spacing inside, one line crosses 0.1 mm of it
    expect(solidFill({ loops: [square(0, 0, 0.55)] }, 0, spacing).paths).toHaveLength(0);
  });

  it('keeps a lone line that crosses half a spacing or more', () => {
    // 0.8 mm across: the line crosses 0.35 mm (> 0.225)
    const { paths } = solidFill({ loops: [square(0, 0, 0.8)] }, 0, spacing);
    expect(paths).toHaveLength(1);
  });
});

describe('the fill area of a plate whose rim is narrower than the walls', () => {
  /** A clockwise 32-gon (a hole) of radius r about (cx, cy). */
  const hole = (cx: number, cy: number, r: number) =>
    Float64Array.from({ length: 64 }, (_, k) => {
      const a = (-2 * Math.PI * Math.floor(k / 2)) / 32;
      return k % 2 === 0 ? cx + r * Math.cos(a) : cy + r * Math.sin(a);
    });
  const rect = (x0: number, y0: number, x1: number, y1: number) =>
    Float64Array.from([x0, y0, x1, y0, x1, y1, x0, y1]);

  it('keeps the moved-in outline where a grown hole crosses the middle of its longest edge', () => {
    // 20 × 10, a hole crossing the middle of the (first) longest edge, the bottom one
    const loops = [rect(0, 0, 20, 10), hole(10, 0.4, 0.5)];
    expect(boundingLoops(loops)).toHaveLength(2);
  });

  it('is most of the plate: 2 mm rims between 5 mm holes and the edge (it was none)', () => {
    // the holes of a 9 × 7 grid at 9 mm; rows and columns through the middles of the edges
    const loops = [rect(-40.5, -31.5, 40.5, 31.5)];
    for (let c = -4; c <= 4; c++) for (let r = -3; r <= 3; r++) loops.push(hole(9 * c, 9 * r, 2.5));
    const island = loops.reduce((a, l) => a + loopArea2(l) / 2, 0);
    const fill = fillArea(loops, 0.45, 0.2).reduce((a, l) => a + loopArea2(l) / 2, 0);
    // the walls take about 2 × 0.45 mm round every loop (about 1,000 mm of outline)
    expect(fill).toBeGreaterThan(0.6 * island);
    expect(fill).toBeLessThan(island);
  });

  it("is a patch at each corner of a box's 2 mm wall, as PrusaSlicer fills there (it was none)", () => {
    // a 40 × 30 mm box, 2 mm walls: four beads fill the sides; the corners, 1.17 mm from wall to
    // wall on the diagonal's widest circle, leave room that PrusaSlicer fills with solid infill
    const walls = [rect(-20, -15, 20, 15), Float64Array.from([-18, -13, -18, 13, 18, 13, 18, -13])];
    const patches = fillArea(walls, 0.45, 0.2);
    expect(patches).toHaveLength(4);
    for (const p of patches) {
      const area = loopArea2(p) / 2;
      // each a small triangle-like patch at a corner, inside the wall (stated range 0.1-1 mm²)
      expect(area).toBeGreaterThan(0.1);
      expect(area).toBeLessThan(1);
      const cx = p.filter((_, k) => k % 2 === 0).reduce((a, v) => a + v, 0) / (p.length / 2);
      const cy = p.filter((_, k) => k % 2 === 1).reduce((a, v) => a + v, 0) / (p.length / 2);
      expect(Math.abs(cx)).toBeGreaterThan(18);
      expect(Math.abs(cx)).toBeLessThan(20);
      expect(Math.abs(cy)).toBeGreaterThan(13);
      expect(Math.abs(cy)).toBeLessThan(15);
    }
  });

  it('runs a free end on to the outline shrunk by 0.05 of a spacing when asked (outerEnds)', () => {
    // a sliver 10 mm long and 0.8 mm high, its long side slanting at 0.08 to the lines along x: one
    // line, at y = 0.27; 0.0225 mm in from the slanted side is 0.282 mm along the line, so the free
    // end reaches x = 6.625 − 0.282; the fixed reach stops 0.45 of a spacing past the region shrunk
    // by half a spacing (2.82 mm along the line): x = 3.80 + 0.2025
    const sliver = [Float64Array.from([0, 0, 10, 0, 0, 0.8])];
    const end = (outerEnds: boolean) => {
      const { paths } = solidFill({ loops: sliver }, 0, 0.45, { outerEnds });
      expect(paths).toHaveLength(1);
      return Math.max(...(paths[0] as { xy: number[] }).xy.filter((_, k) => k % 2 === 0));
    };
    expect(end(false)).toBeCloseTo(6.625 - 2.822 + 0.2025, 2);
    expect(end(true)).toBeCloseTo(6.625 - 0.282, 2);
  });
});
