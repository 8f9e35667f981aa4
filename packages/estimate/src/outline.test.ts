import { describe, expect, it } from 'vitest';
import { estimatePrint } from './estimate.js';
import { chainLoops, loopArea2, loopLength, simplifyLoop } from './outline.js';
import { box } from './shapes.js';

/** Segments (x1, y1, x2, y2) of a closed polygon, counter-clockwise. */
function soupOf(points: Array<[number, number]>): Float32Array {
  const out: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as [number, number];
    const q = points[(i + 1) % points.length] as [number, number];
    out.push(p[0], p[1], q[0], q[1]);
  }
  return new Float32Array(out);
}

describe('outline stage', () => {
  it('chains a shuffled soup into one loop and repairs a segment wound the wrong way', () => {
    const square: Array<[number, number]> = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    const seg = soupOf(square);
    // turn the second segment round (a facet wound inwards)
    const s = seg.slice(4, 8);
    seg.set([s[2] as number, s[3] as number, s[0] as number, s[1] as number], 4);
    const loops = chainLoops(seg, 0, 4);
    expect(loops).toHaveLength(1);
    expect(loopArea2((loops[0] as { xy: Float64Array }).xy)).toBeCloseTo(200, 6);
    // the soup itself is repaired for the raster
    expect(Array.from(seg.slice(4, 8))).toEqual([10, 0, 10, 10]);
  });

  // A mesh with a hole (a missing facet) leaves a layer's chain open. The walk starts at the soup's
  // first segment, inside the chain, and it came out as two pieces, each closed on itself by a straight
  // line: a hexagon missing one side was two slivers. The pieces are joined end to start, and the
  // chain closed across the gap, as a repair fills the hole.
  it('closes a chain across a hole in the mesh, the pieces a walk split it into joined', () => {
    const hexagon: Array<[number, number]> = [];
    for (let k = 0; k < 6; k++)
      hexagon.push([10 * Math.cos((k * Math.PI) / 3), 10 * Math.sin((k * Math.PI) / 3)]);
    const all = soupOf(hexagon);
    // the fifth side gone, and the soup starting at the third (the walk goes third, fourth, stops;
    // then first, second, stops)
    const seg = new Float32Array([...all.slice(8, 16), ...all.slice(20, 24), ...all.slice(0, 8)]);
    const loops = chainLoops(seg, 0, 5);
    expect(loops).toHaveLength(1);
    expect(loops[0]?.gap).toBe(true);
    // the whole hexagon: (3√3 / 2) r², twice; stated tolerance 1e-4 (float32 soup)
    expect(loopArea2(loops[0]?.xy ?? new Float64Array()) / (3 * Math.sqrt(3) * 100) - 1).toBeCloseTo(0, 4);
    // a closed soup's loops have no gap
    expect(chainLoops(soupOf(hexagon), 0, 6)[0]?.gap).toBe(false);
  });

  it('simplifies like Arachne: short segments that barely deviate go, corners stay', () => {
    const fine: Array<[number, number]> = [];
    for (let i = 0; i < 400; i++) {
      const a = (2 * Math.PI * i) / 400;
      fine.push([20 * Math.cos(a), 20 * Math.sin(a)]);
    }
    const xy = Float64Array.from(fine.flat());
    const simple = simplifyLoop(xy);
    // 0.31 mm segments on a 20 mm radius deviate 0.6 µm: merged up to about 0.5 mm
    expect(simple.length / 2).toBeLessThan(300);
    expect(simple.length / 2).toBeGreaterThanOrEqual(150);
    expect(loopLength(simple)).toBeCloseTo(loopLength(xy), 0);
    const square = Float64Array.from([0, 0, 10, 0, 10, 10, 0, 10]);
    expect(simplifyLoop(square)).toEqual(square);
  });

  it('slices duplicate and zero-area facets as a repaired mesh', () => {
    const cube = box(10, 10, 10);
    const extra: number[] = [];
    for (let t = 0; t < cube.triangleCount; t++) {
      const tri = Array.from(cube.positions.slice(t * 9, t * 9 + 9));
      if (t % 3 === 0) extra.push(...tri); // a duplicate
      if (t % 3 === 1) extra.push(...tri.slice(0, 3), ...tri.slice(6, 9), ...tri.slice(3, 6)); // duplicate, flipped
      if (t % 3 === 2) extra.push(...tri.slice(0, 3), ...tri.slice(0, 3), ...tri.slice(3, 6)); // no area
    }
    const positions = new Float32Array([...cube.positions, ...extra]);
    const damaged = { positions, triangleCount: positions.length / 9 };
    const clean = estimatePrint(cube, { supportRequired: true });
    expect(estimatePrint(damaged, { supportRequired: true })).toEqual(clean);
  });
});
