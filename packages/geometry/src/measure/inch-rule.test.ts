import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeModel, looksLikeInches } from '../index.js';
import { binaryStl, box, type Tri, type Vec3 } from '../testing/meshes.js';

const models = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/models');

/**
 * A ring prism: `sides` outer corners at radius `outerR` (a hexagon for a nut), an optional round hole
 * of radius `innerR` (64 segments), `height` tall. Closed and outward-facing.
 */
function ringPrism(outerR: number, innerR: number, sides: number, height: number): Tri[] {
  const tris: Tri[] = [];
  const n = sides * Math.max(1, Math.round(64 / sides)); // the hole's segments, a multiple of the sides
  const outer = (i: number): [number, number] => {
    // points along the polygon's edges, so the outer and inner rings have the same count
    const per = n / sides;
    const k = Math.floor(i / per) % sides;
    const f = (i % per) / per;
    const a0 = (2 * Math.PI * k) / sides;
    const a1 = (2 * Math.PI * (k + 1)) / sides;
    const p0: [number, number] = [outerR * Math.cos(a0), outerR * Math.sin(a0)];
    const p1: [number, number] = [outerR * Math.cos(a1), outerR * Math.sin(a1)];
    return [p0[0] + (p1[0] - p0[0]) * f, p0[1] + (p1[1] - p0[1]) * f];
  };
  const inner = (i: number): [number, number] => {
    const a = (2 * Math.PI * i) / n;
    return [innerR * Math.cos(a), innerR * Math.sin(a)];
  };
  const v = (p: [number, number], z: number): Vec3 => [p[0], p[1], z];
  for (let i = 0; i < n; i++) {
    const o0 = outer(i);
    const o1 = outer(i + 1);
    const i0 = inner(i);
    const i1 = inner(i + 1);
    // outer wall
    tris.push([v(o0, 0), v(o1, 0), v(o1, height)], [v(o0, 0), v(o1, height), v(o0, height)]);
    // inner wall (facing the hole)
    tris.push([v(i0, 0), v(i1, height), v(i1, 0)], [v(i0, 0), v(i0, height), v(i1, height)]);
    // top and bottom annuli
    tris.push([v(o0, height), v(o1, height), v(i1, height)], [v(o0, height), v(i1, height), v(i0, height)]);
    tris.push([v(o0, 0), v(i1, 0), v(o1, 0)], [v(o0, 0), v(i0, 0), v(i1, 0)]);
  }
  return tris;
}

const analyze = (tris: Tri[], name: string) => analyzeModel(binaryStl(tris), name);

describe('the inch rule: inches are suggested only on strong evidence', () => {
  it('leaves real metric parts under 10 mm alone', async () => {
    const parts: [string, Tri[], [number, number, number]][] = [
      // M3 nut: 5.5 mm across the flats (6.35 across the corners), 2.4 mm thick, a 3 mm hole
      ['m3_nut.stl', ringPrism(5.5 / Math.sqrt(3), 1.5, 6, 2.4), [6.35, 5.5, 2.4]],
      // a hexagon 6.35 mm across the corners, 1.8 mm thick (as the fixture below)
      ['hex_6_35.stl', ringPrism(6.35 / 2, 1.6, 6, 1.8), [6.35, 5.5, 1.8]],
      // a bearing-ish ring: 8 mm outside, 4 mm hole, 3 mm wide
      ['ring_8mm.stl', ringPrism(4, 2, 64, 3), [8, 8, 3]],
      // a spacer 4.2 mm across, 3.2 mm hole, 5 mm long
      ['spacer_4_2.stl', ringPrism(2.1, 1.6, 64, 5), [4.2, 4.2, 5]],
      // a 7.9 mm cube and a 6 × 4 × 2 mm block: whole and tenths of millimetres
      ['cube_7_9.stl', box([0, 0, 0], [7.9, 7.9, 7.9]), [7.9, 7.9, 7.9]],
      ['block_6x4x2.stl', box([0, 0, 0], [6, 4, 2]), [6, 4, 2]],
    ];
    for (const [name, tris, size] of parts) {
      const a = await analyze(tris, name);
      for (let i = 0; i < 3; i++) expect(a.bbox.size[i], `${name} size ${i}`).toBeCloseTo(size[i]!, 1);
      expect(a.suggested_units, name).toBeNull();
      expect(a.warnings.join(' '), name).not.toMatch(/inches/);
    }
  });

  it('does not tell the 6.35 mm M3 nut fixture it was designed in inches', async () => {
    const file = 'm3_hex_nut_crlf.stl';
    const a = await analyzeModel(new Uint8Array(readFileSync(path.join(models, file))), file);
    expect(a.bbox.size[1]).toBeCloseTo(6.35, 2);
    expect(a.suggested_units).toBeNull();
    expect(a.warnings.join(' ')).not.toMatch(/inches/);
  });

  it('suggests inches for parts drawn in inches', async () => {
    const file = 'cube_1unit_inch.stl';
    const cube = await analyzeModel(new Uint8Array(readFileSync(path.join(models, file))), file);
    expect(cube.suggested_units).toBe('in');
    for (const [name, max] of [
      ['plate_1x0_5x0_25.stl', [1, 0.5, 0.25]],
      ['bar_3x0_75x0_375.stl', [3, 0.75, 0.375]],
      ['block_1_5x1x0_5.stl', [1.5, 1, 0.5]],
    ] as const) {
      const a = await analyze(box([0, 0, 0], [...max]), name);
      expect(a.suggested_units, name).toBe('in');
      expect(a.warnings.join(' '), name).toMatch(/designed in inches/);
    }
  });

  it('decides on the dimensions alone (pure rule)', () => {
    expect(looksLikeInches([1, 1, 1])).toBe(true);
    expect(looksLikeInches([1, 0.5, 0.25])).toBe(true);
    expect(looksLikeInches([0.125, 0.0625, 0.25])).toBe(true);
    // float32 noise in a file is tolerated
    expect(looksLikeInches([0.99999994, 0.5000001, 0.25])).toBe(true);
    // tenths of a millimetre: metric
    expect(looksLikeInches([5.5, 6.35, 2.4])).toBe(false);
    expect(looksLikeInches([4.2, 4.2, 5])).toBe(false);
    // whole millimetres a metric part could well be
    expect(looksLikeInches([6, 4, 2])).toBe(false);
    expect(looksLikeInches([3, 2, 1])).toBe(false);
    // not tiny
    expect(looksLikeInches([8, 8, 3])).toBe(false);
    expect(looksLikeInches([10, 0.5, 0.25])).toBe(false);
    expect(looksLikeInches([0, 1, 1])).toBe(false);
  });
});
