import { describe, expect, it } from 'vitest';
import { arachneSettings, thicknessFor } from './arachne.js';
import { gearOutline } from './corpus/index.js';
import { loopLength } from './outline.js';
import {
  EdgeGrid,
  extendKept,
  subPath,
  thicknessProfile,
  type WallPath,
  wallLength,
  wallPass,
} from './walls.js';

/** A band along x whose height grows from 1 mm at x = 0 to 2 mm at x = 20 (counter-clockwise). */
const band = Float64Array.from([0, 0, 20, 0, 20, 2, 0, 1]);
const pathLength = (xy: number[]) => {
  let s = 0;
  for (let i = 2; i < xy.length; i += 2) s += Math.hypot(xy[i]! - xy[i - 2]!, xy[i + 1]! - xy[i - 1]!);
  return s;
};

describe('thicknessProfile', () => {
  // a line along the band's floor, the material on its left
  const line = [2, 0.05, 10, 0.05, 18, 0.05];
  const grid = new EdgeGrid([band], 1);

  it("samples the part's thickness along a stretch, to within 0.1 mm of the band's height", () => {
    const p = thicknessProfile(line, grid, 0.5, 64);
    expect(p.length).toBeCloseTo(16, 6);
    expect(p.at.length).toBe(32);
    for (let k = 0; k < p.at.length; k++) {
      const x = 2 + (p.at[k] as number);
      const height = 1 + x / 20;
      expect(Math.abs((p.thickness[k] as number) - height), `at x = ${x.toFixed(2)}`).toBeLessThan(0.1);
    }
    // rising along the band
    expect(p.thickness[p.thickness.length - 1]).toBeGreaterThan((p.thickness[0] as number) + 0.6);
  });

  it('takes at most the samples it is allowed, and at least one', () => {
    expect(thicknessProfile(line, grid, 0.01, 10).at.length).toBe(10);
    expect(thicknessProfile([2, 0.05, 2.001, 0.05], grid, 0.5, 10).at.length).toBe(1);
  });
});

describe('subPath', () => {
  const path = [0, 0, 10, 0, 10, 10];
  it('cuts a path between two arc positions, across its corners', () => {
    const piece = subPath(path, 5, 15);
    expect(piece).toEqual([5, 0, 10, 0, 10, 5]);
    expect(pathLength(piece)).toBeCloseTo(10, 9);
  });
  it('clamps to the path and returns nothing for an empty range', () => {
    expect(subPath(path, -3, 4)).toEqual([0, 0, 4, 0]);
    expect(subPath(path, 18, 40)).toEqual([10, 8, 10, 10]);
    expect(subPath(path, 7, 7)).toEqual([]);
  });
});

describe('wallPass', () => {
  // a 10-tooth module-1 gear: pointed teeth, 0.45 mm perimeters at 0.2 mm layers
  const outline = Float64Array.from(gearOutline(10, 1).flat());
  const width = 0.45;
  const spacing = width - 0.2 * (1 - Math.PI / 4);
  const settings = arachneSettings(width, spacing, 0.4, 2);
  const need = thicknessFor(4, settings) + (width - spacing);
  const grid = new EdgeGrid([outline], 1);

  it("joins the inner pass round a pointed tooth's tip, as Arachne's beads meet there (one loop, no thin stretch)", () => {
    const pass = wallPass([outline], width / 2 + spacing, grid, need);
    expect(pass.paths.length).toBe(1);
    expect(pass.paths[0]?.closed).toBe(true);
    expect(pass.thin).toEqual([]);
    // the loop runs up every tooth: nearly as long as the outline (58 mm), to 10 %
    expect(wallLength(pass.paths[0] as WallPath)).toBeGreaterThan(0.85 * loopLength(outline));
  });

  it('leaves a bar too thin for four beads a thin stretch all round, its ends not joined as tips', () => {
    // a 1.4 mm × 20 mm bar: the inner pass's line exists (two insets are 1.26 mm) but four beads
    // need about 1.5 mm, so the whole line is one thin stretch; its turns at the bar's ends are not
    // pointed tips to join round (a 1.2 mm bar would have no line at all and test nothing)
    const bar = Float64Array.from([0, 0, 20, 0, 20, 1.4, 0, 1.4]);
    const pass = wallPass([bar], width / 2 + spacing, new EdgeGrid([bar], 1), need);
    expect(pass.paths).toEqual([]);
    expect(pass.thin).toHaveLength(1);
    expect(Math.abs((pass.thin[0]?.thickness ?? 0) - 1.4)).toBeLessThan(0.05);
  });
});

describe('extendKept', () => {
  // a 10 × 10 square loop cut into runs: kept 0-4 along the bottom, thin 4-10 and up to (10, 3),
  // kept up to (10, 10) and along the top to (4, 10), thin back round to the start
  const runs = () => [
    { kept: true, xy: [0, 0, 4, 0] },
    { kept: false, xy: [4, 0, 10, 0, 10, 3] },
    { kept: true, xy: [10, 3, 10, 10, 4, 10] },
    { kept: false, xy: [4, 10, 0, 10, 0, 0] },
  ];

  it('runs the kept pieces on into the thin stretches either side, which shrink by as much', () => {
    const out = extendKept(runs(), 0.5);
    expect(out.map((r) => r.kept)).toEqual([true, false, true, false]);
    expect(pathLength(out[0]?.xy ?? [])).toBeCloseTo(4 + 1, 9);
    expect(pathLength(out[1]?.xy ?? [])).toBeCloseTo(9 - 1, 9);
    expect(pathLength(out[2]?.xy ?? [])).toBeCloseTo(13 + 1, 9);
    expect(out[0]?.xy.slice(0, 2)).toEqual([0, 0.5]);
    expect(out[0]?.xy.slice(-2)).toEqual([4.5, 0]);
  });

  it('joins the kept pieces across a thin stretch it uses up, round the loop', () => {
    // 5 mm each end uses up the 9 mm stretch (at most half of it to each side): the two kept runs
    // become one; the 14 mm stretch keeps its middle 4 mm
    const two = extendKept(runs(), 5);
    expect(two.map((r) => r.kept)).toEqual([true, false]);
    expect(pathLength(two[0]?.xy ?? [])).toBeCloseTo(4 + 9 + 13 + 10, 9);
    expect(pathLength(two[1]?.xy ?? [])).toBeCloseTo(4, 9);
    // 10 mm each end uses up both: one kept run all round, back to where it starts
    const all = extendKept(runs(), 10);
    expect(all.length).toBe(1);
    const xy = all[0]?.xy ?? [];
    expect(pathLength(xy)).toBeCloseTo(40, 9);
    expect(xy.slice(-2)).toEqual(xy.slice(0, 2));
  });
});
