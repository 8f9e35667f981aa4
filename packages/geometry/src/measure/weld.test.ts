import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeModel, parseModel } from '../index.js';
import { binaryStl, box, bytes } from '../testing/meshes.js';
import { measureMesh, weld } from './mesh.js';
import { releaseScratch, scratchBytes } from './scratch.js';

/** A closed torus as a triangle soup, facets in grid order or shuffled (deterministically). */
function torus(nu: number, nv: number, shuffle: boolean): Float32Array {
  const R = 30;
  const r = 10;
  const vert = (i: number, j: number): [number, number, number] => {
    const u = (2 * Math.PI * (i % nu)) / nu;
    const v = (2 * Math.PI * (j % nv)) / nv;
    return [
      (R + r * Math.cos(v)) * Math.cos(u) + 50,
      (R + r * Math.cos(v)) * Math.sin(u) + 50,
      r * Math.sin(v) + r,
    ];
  };
  const tris: [number, number, number][][] = [];
  for (let i = 0; i < nu; i++) {
    for (let j = 0; j < nv; j++) {
      tris.push([vert(i, j), vert(i + 1, j), vert(i + 1, j + 1)]);
      tris.push([vert(i, j), vert(i + 1, j + 1), vert(i, j + 1)]);
    }
  }
  if (shuffle) {
    let seed = 12345;
    for (let k = tris.length - 1; k > 0; k--) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const m = seed % (k + 1);
      [tris[k], tris[m]] = [tris[m]!, tris[k]!];
    }
  }
  const out = new Float32Array(tris.length * 9);
  for (let k = 0; k < tris.length; k++) {
    for (let c = 0; c < 3; c++) out.set(tris[k]![c]!, 9 * k + 3 * c);
  }
  return out;
}

describe('weld and measure at scale', () => {
  // 200 × 120 grid: 24,000 vertices, more than the weld's cache of recent vertices holds.
  const NU = 200;
  const NV = 120;

  it('welds vertices that come back after the cache of recent vertices forgot them', () => {
    const ordered = torus(NU, NV, false);
    const shuffled = torus(NU, NV, true);
    const n = 2 * NU * NV;
    const a = weld(ordered, n);
    const b = weld(shuffled, n);
    expect(a.count).toBe(NU * NV);
    expect(b.count).toBe(NU * NV);
    // Every corner of a vertex has the same id, and ids are distinct per point.
    const seen = new Map<string, number>();
    for (let r = 0; r < 3 * n; r++) {
      const key = `${shuffled[3 * r]},${shuffled[3 * r + 1]},${shuffled[3 * r + 2]}`;
      const id = b.vid[r]!;
      const prev = seen.get(key);
      if (prev === undefined) seen.set(key, id);
      else expect(id).toBe(prev);
    }
    expect(new Set(seen.values()).size).toBe(NU * NV);
  });

  it('gives the same measurements in any facet order, with its scratch memory reused', () => {
    const n = 2 * NU * NV;
    const ordered = measureMesh(torus(NU, NV, false), n);
    const small = measureMesh(new Float32Array(box([0, 0, 0], [10, 10, 10]).flat(2)), 12);
    const shuffled = measureMesh(torus(NU, NV, true), n);
    expect(small).toMatchObject({ watertight: true, shells: 1, vertices: 8 });
    expect(small.volume).toBeCloseTo(1000, 9);
    expect(ordered).toMatchObject({ watertight: true, shells: 1, vertices: NU * NV, duplicate: 0 });
    expect(shuffled).toMatchObject({ watertight: true, shells: 1, vertices: NU * NV, duplicate: 0 });
    // Summation order differs: equal to 1e-9 relative.
    expect(shuffled.volume).toBeCloseTo(ordered.volume, 3);
    expect(shuffled.area).toBeCloseTo(ordered.area, 3);
    expect(shuffled.overhangArea).toBeCloseTo(ordered.overhangArea, 3);
    // Close to the analytic torus (2π²Rr² = 59,217.6 mm³), within the faceting error (< 0.1 %).
    expect(Math.abs(ordered.volume / (2 * Math.PI ** 2 * 30 * 100) - 1)).toBeLessThan(1e-3);
    expect(scratchBytes()).toBeGreaterThan(0);
    releaseScratch();
    expect(scratchBytes()).toBe(0);
  });

  it('counts shells and duplicates when the fast bucket path has to give way', async () => {
    const cube = box([0, 0, 0], [10, 10, 10]);
    const other = box([20, 0, 0], [30, 10, 10]);
    const a = await analyzeModel(binaryStl([...cube, ...other, cube[3]!]), 'dup.stl');
    expect(a.shells).toBe(2);
    expect(a.duplicate_triangles).toBe(1);
    expect(a.volume_mm3).toBe(2000);
    expect(a.watertight).toBe(false);
  });
});

describe('indexed meshes (OBJ)', () => {
  const cubeObj = (extra: string) =>
    `v 0 0 0\nv 10 0 0\nv 10 10 0\nv 0 10 0\nv 0 0 10\nv 10 0 10\nv 10 10 10\nv 0 10 10\n${extra}` +
    'f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n';

  it('keeps the vertex list beside the soup, equal to it', async () => {
    const parsed = await parseModel(bytes(cubeObj('')), 'cube.obj', { units: 'cm' });
    const { positions, indexed } = parsed.mesh;
    expect(indexed).toBeDefined();
    for (let r = 0; r < indexed!.indices.length; r++) {
      for (let k = 0; k < 3; k++) {
        expect(indexed!.vertices[3 * indexed!.indices[r]! + k]).toBe(positions[3 * r + k]);
      }
    }
    expect(Math.max(...positions)).toBe(100);
  });

  it('leaves vertices no face uses out of the box, and welds repeated vertex entries', async () => {
    // Vertex 9 is far away and unused; vertex 10 repeats vertex 7 and one face uses it.
    const text = `${cubeObj('v 500 500 500\nv 10 10 10\n')}`.replace('f 5 6 7 8', 'f 5 6 10 8');
    const a = await analyzeModel(bytes(text), 'cube.obj');
    expect(a.bbox).toEqual({ min: [0, 0, 0], max: [10, 10, 10], size: [10, 10, 10] });
    expect(a.watertight).toBe(true);
    expect(a.volume_mm3).toBe(1000);
    expect(a.fits_build_volume).toBe(true);
  });

  it('welds -0 with 0 and scales the vertex list with the corners', async () => {
    const text = cubeObj('v -0 -0 -0\n').replace('f 1 4 3 2', 'f 9 4 3 2');
    const parsed = await parseModel(bytes(text), 'cube.obj', { units: 'in' });
    expect(parsed.mesh.indexed!.vertices[24]).toBe(0);
    expect(Object.is(parsed.mesh.positions[0], 0)).toBe(true);
    const a = await analyzeModel(bytes(text), 'cube.obj', { units: 'in' });
    expect(a.watertight).toBe(true);
    expect(a.bbox.max).toEqual([254, 254, 254]);
  });

  it('measures the same with and without the vertex list', async () => {
    const parsed = await parseModel(bytes(cubeObj('')), 'cube.obj');
    const { positions, triangleCount, indexed } = parsed.mesh;
    const withList = measureMesh(positions, triangleCount, undefined, indexed);
    const soup = measureMesh(positions, triangleCount);
    expect(withList).toEqual(soup);
  });
});

describe('weld and edges on random small meshes (property)', () => {
  it('measures the same from the vertex list as from the soup, and in reverse order, whatever the mesh', () => {
    const pool: [number, number, number][] = [];
    for (let x = 0; x < 3; x++)
      for (let y = 0; y < 2; y++) for (let z = 0; z < 2; z++) pool.push([x * 5, y * 7, z * 3]);
    const tri = fc.tuple(fc.nat(pool.length - 1), fc.nat(pool.length - 1), fc.nat(pool.length - 1));
    fc.assert(
      fc.property(fc.array(tri, { minLength: 1, maxLength: 40 }), (tris) => {
        const indices = Int32Array.from(tris.flat());
        const vertices = new Float32Array(pool.flat());
        const positions = new Float32Array(indices.length * 3);
        for (let r = 0; r < indices.length; r++) positions.set(pool[indices[r]!]!, 3 * r);
        const soup = measureMesh(positions, tris.length);
        const listed = measureMesh(positions, tris.length, undefined, { vertices, indices });
        // Topology and the box are exact. The sums are compared only without holes: how a hole's
        // boundary is walked through a vertex shared by two loops depends on vertex numbering, so
        // the fans that close holes (and their count) may differ; their volume is approximate anyway.
        const pick = (m: typeof soup) => ({
          triangles: m.triangles,
          degenerate: m.degenerate,
          duplicate: m.duplicate,
          watertight: m.watertight,
          shells: m.shells,
          boundaryEdges: m.boundaryEdges,
          nonManifoldEdges: m.nonManifoldEdges,
          min: m.min,
          max: m.max,
        });
        expect(pick(listed)).toEqual(pick(soup));
        // Nor does the order of the facets change the topology.
        const reversed = new Float32Array(positions.length);
        for (let t = 0; t < tris.length; t++)
          reversed.set(positions.subarray(9 * t, 9 * t + 9), 9 * (tris.length - 1 - t));
        expect(pick(measureMesh(reversed, tris.length))).toEqual(pick(soup));
        if (soup.boundaryEdges === 0) {
          for (const key of ['volume', 'area', 'overhangArea'] as const) {
            expect(Math.abs(listed[key] - soup[key])).toBeLessThanOrEqual(
              1e-9 * Math.max(1, Math.abs(soup[key])),
            );
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
