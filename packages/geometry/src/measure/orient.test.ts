import { describe, expect, it } from 'vitest';
import { box, gallows, soup } from '../testing/meshes.js';
import { measureMesh } from './mesh.js';
import {
  convexHull3D,
  isIdentityOrientation,
  orientationCandidates,
  orientationMatrix,
  orientationProblem,
  orientPositions,
} from './orient.js';

const apply = (m: number[], v: number[]) => [
  m[0]! * v[0]! + m[1]! * v[1]! + m[2]! * v[2]!,
  m[3]! * v[0]! + m[4]! * v[1]! + m[5]! * v[2]!,
  m[6]! * v[0]! + m[7]! * v[1]! + m[8]! * v[2]!,
];

describe('orientation matrix', () => {
  it('takes the chosen face normal to −z and is a rotation', () => {
    for (const n of [
      [1, 0, 0],
      [0, -1, 0],
      [0, 0, 1],
      [0, 0, -1],
      [0.6, 0, 0.8],
      [0.267261, 0.534522, -0.801784],
    ] as [number, number, number][]) {
      const m = orientationMatrix(n);
      const d = apply(m, n);
      expect(d[0]).toBeCloseTo(0, 5);
      expect(d[1]).toBeCloseTo(0, 5);
      expect(d[2]).toBeCloseTo(-1, 5);
      // Orthonormal with determinant +1.
      const det =
        m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
        m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
        m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
      expect(det).toBeCloseTo(1, 9);
    }
  });

  it('validates orientations: three numbers within [−1, 1] of length 1', () => {
    expect(orientationProblem([0, 1, 0])).toBeNull();
    expect(orientationProblem([0.6, 0, -0.8])).toBeNull();
    for (const bad of [[0, 0], [0, 2, 0], [0.5, 0.5, 0], ['0', 1, 0], [Number.NaN, 1, 0], {}, null, 'up']) {
      expect(orientationProblem(bad)).toMatch(/unit normal/);
    }
    expect(isIdentityOrientation([0, 0, -1])).toBe(true);
    expect(isIdentityOrientation([0, 1, 0])).toBe(false);
  });

  it('keeps the volume of a rotated mesh', () => {
    const g = soup(gallows());
    const n = g.length / 9;
    const before = measureMesh(g, n).volume;
    const after = measureMesh(orientPositions(g, n, [0, 1, 0]), n).volume;
    expect(after).toBeCloseTo(before, 2);
  });
});

describe('convex hull in 3D', () => {
  it('a box: six faces of normals ±x, ±y, ±z with the box area', () => {
    const faces = convexHull3D(soup(box([0, 0, 0], [10, 20, 30])));
    const area = faces.reduce((s, f) => s + f.area, 0);
    expect(area).toBeCloseTo(2 * (10 * 20 + 20 * 30 + 10 * 30), 6);
    for (const f of faces) expect(Math.max(...f.normal.map(Math.abs))).toBeCloseTo(1, 9);
  });

  it('flat points have no hull', () => {
    expect(convexHull3D([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0])).toEqual([]);
  });
});

describe('orientation candidates', () => {
  it('a standing gallows bracket can lie on its side (normal ±y), which fits', () => {
    const g = soup(gallows());
    const cands = orientationCandidates(g, g.length / 9);
    expect(cands.length).toBeGreaterThan(0);
    expect(cands.length).toBeLessThanOrEqual(12);
    // Its sides are the largest hull faces.
    const side = cands[0]!;
    expect(Math.abs(side.orientation[1])).toBe(1);
    expect(side.fits).toBe(true);
    const sorted = [...side.size].sort((a, b) => a - b);
    expect(sorted[0]).toBeCloseTo(10, 4);
    expect(sorted[2]).toBeCloseTo(60, 4);
    expect(side.size[2]).toBeCloseTo(10, 4);
    // Never the way it already lies, and one candidate per normal.
    for (const c of cands) expect(isIdentityOrientation(c.orientation)).toBe(false);
    const keys = new Set(cands.map((c) => c.orientation.join(',')));
    expect(keys.size).toBe(cands.length);
  });

  it('a cube: the five other faces, each the same 20 mm cube', () => {
    const c = soup(box([0, 0, 0], [20, 20, 20]));
    const cands = orientationCandidates(c, c.length / 9);
    expect(cands).toHaveLength(5);
    for (const k of cands) for (const s of k.size) expect(s).toBeCloseTo(20, 4);
  });

  it('a long bar that fits only lying flat is not offered standing up', () => {
    const bar = soup(box([0, 0, 0], [240, 20, 10]));
    const cands = orientationCandidates(bar, bar.length / 9);
    const standing = cands.filter((c) => Math.abs(c.orientation[0]) === 1);
    expect(standing.length).toBe(2);
    for (const s of standing) expect(s.fits).toBe(false);
    expect(cands.filter((c) => c.fits).length).toBeGreaterThan(0);
  });

  it('bounds the hull of a large mesh and the number of candidates', () => {
    // A faceted sphere with many vertices.
    const tris: number[] = [];
    const N = 80;
    const p = (i: number, j: number) => {
      const t = (Math.PI * i) / N;
      const f = (2 * Math.PI * j) / N;
      return [20 * Math.sin(t) * Math.cos(f), 20 * Math.sin(t) * Math.sin(f), 20 * Math.cos(t)];
    };
    for (let i = 0; i < N; i++)
      for (let j = 0; j < N; j++) tris.push(...p(i, j), ...p(i + 1, j), ...p(i + 1, j + 1));
    const s = new Float32Array(tris);
    const t0 = performance.now();
    const cands = orientationCandidates(s, s.length / 9, 12);
    expect(cands.length).toBeLessThanOrEqual(12);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
