import { describe, expect, it } from 'vitest';
import { analyzeModel } from '../index.js';
import { binaryStl, box, flipTri, type Tri } from '../testing/meshes.js';

const stl = (tris: Tri[]) => binaryStl(tris);

describe('mesh analysis', () => {
  it('measures a clean cube', async () => {
    const a = await analyzeModel(stl(box([0, 0, 0], [20, 20, 20])), 'cube.stl');
    expect(a).toMatchObject({
      triangles: 12,
      volume_mm3: 8000,
      area_mm2: 2400,
      watertight: true,
      shells: 1,
      degenerate_triangles: 0,
      duplicate_triangles: 0,
      overhang_area_mm2: 0,
      supports_recommended: false,
      fits_build_volume: true,
      suggested_units: null,
      warnings: [],
    });
    expect(a.bbox).toEqual({ min: [0, 0, 0], max: [20, 20, 20], size: [20, 20, 20] });
  });

  it('fixes inverted faces in part of a mesh before summing the volume', async () => {
    const tris = box([0, 0, 0], [10, 10, 10]);
    const mixed = tris.map((t, i) => (i === 0 || i === 5 || i === 6 ? flipTri(t) : t));
    const a = await analyzeModel(stl(mixed), 'mixed.stl');
    expect(a.volume_mm3).toBe(1000);
    expect(a.watertight).toBe(true);
    expect(a.warnings.join(' ')).toMatch(/3 faces were facing inwards/);
  });

  it('turns a wholly inside-out shell the right way', async () => {
    const a = await analyzeModel(stl(box([0, 0, 0], [10, 10, 10]).map(flipTri)), 'inside-out.stl');
    expect(a.volume_mm3).toBe(1000);
    expect(a.warnings.join(' ')).toMatch(/12 faces were facing inwards/);
  });

  it('adds several shells, each oriented on its own', async () => {
    const a1 = box([0, 0, 0], [10, 10, 10]);
    const a2 = box([20, 0, 0], [30, 10, 10]).map(flipTri);
    const a = await analyzeModel(stl([...a1, ...a2]), 'two.stl');
    expect(a.shells).toBe(2);
    expect(a.volume_mm3).toBe(2000);
  });

  it('subtracts an inner cavity (a shell inside a shell, facing inwards)', async () => {
    const outer = box([0, 0, 0], [10, 10, 10]);
    const inner = box([2, 2, 2], [8, 8, 8]).map(flipTri);
    const a = await analyzeModel(stl([...outer, ...inner]), 'hollow.stl');
    expect(a.shells).toBe(2);
    expect(a.volume_mm3).toBe(1000 - 216);
  });

  it('counts and ignores duplicate and degenerate facets', async () => {
    const tris = box([0, 0, 0], [10, 10, 10]);
    const dup1 = tris[3]!;
    const dup2: Tri = [tris[7]![1], tris[7]![2], tris[7]![0]]; // same corners, rotated
    const dup3 = flipTri(tris[7]!); // same corners, reversed
    const zeroArea: Tri = [
      [0, 0, 0],
      [5, 0, 0],
      [10, 0, 0],
    ];
    const point: Tri = [
      [1, 1, 1],
      [1, 1, 1],
      [2, 2, 2],
    ];
    const a = await analyzeModel(stl([...tris, dup1, zeroArea, dup2, point, dup3]), 'dirty.stl');
    expect(a.triangles).toBe(17);
    expect(a.duplicate_triangles).toBe(3);
    expect(a.degenerate_triangles).toBe(2);
    expect(a.volume_mm3).toBe(1000);
    expect(a.area_mm2).toBe(600);
    expect(a.shells).toBe(1);
    expect(a.watertight).toBe(false);
    const w = a.warnings.join(' ');
    expect(w).toMatch(/3 faces are duplicates and were ignored/);
    expect(w).toMatch(/2 faces have no area and were ignored/);
  });

  it('closes holes for the volume and warns that it is approximate', async () => {
    const tris = box([0, 0, 0], [10, 10, 10]);
    const open = tris.filter((_, i) => i !== 2); // one top triangle missing
    const a = await analyzeModel(stl(open), 'open.stl');
    expect(a.watertight).toBe(false);
    expect(a.triangles).toBe(11);
    expect(a.volume_mm3).toBeCloseTo(1000, 6);
    expect(a.warnings.join(' ')).toMatch(/not watertight.*approximate/);
    // A missing quad (two triangles) is a 4-edge loop: still closed exactly.
    const a2 = await analyzeModel(stl(tris.slice(2)), 'open2.stl');
    expect(a2.volume_mm3).toBeCloseTo(1000, 6);
  });

  it('welds only exactly equal coordinates', async () => {
    const tris = box([0, 0, 0], [10, 10, 10]);
    const nudged: Tri[] = tris.map((t, i) =>
      i === 4 ? (t.map((p) => (p[0] === 10 && p[1] === 0 && p[2] === 0 ? [10.0001, 0, 0] : p)) as Tri) : t,
    );
    const a = await analyzeModel(stl(nudged), 'gap.stl');
    expect(a.watertight).toBe(false);
  });

  it('finds overhangs that do not rest on the bed and recommends supports', async () => {
    // A T shape: a 10×10×20 post with a 50×50×5 slab on top (its underside overhangs).
    const post = box([20, 20, 0], [30, 30, 20]);
    const slab = box([0, 0, 20], [50, 50, 25]);
    const a = await analyzeModel(stl([...post, ...slab]), 't.stl');
    expect(a.overhang_area_mm2).toBeCloseTo(2500, 6);
    expect(a.supports_recommended).toBe(true);
    const cube = await analyzeModel(stl(box([0, 0, 0], [50, 50, 25])), 'c.stl');
    expect(cube.overhang_area_mm2).toBe(0);
    expect(cube.supports_recommended).toBe(false);
  });

  it('uses the shared overhang rule: 40° from vertical is not an overhang, 60° is', async () => {
    // A downward-facing facet tilted 30° from horizontal (60° from vertical), above the bed.
    const h = Math.tan(Math.PI / 6) * 10;
    const steep: Tri = [
      [0, 0, 5],
      [0, 10, 5],
      [10, 0, 5 + h],
    ];
    const a = await analyzeModel(stl([steep]), 's.stl');
    expect(a.overhang_area_mm2).toBeGreaterThan(0);
    const shallow: Tri = [
      [0, 0, 5],
      [0, 10, 5],
      [10, 0, 5 + 10 * Math.tan((50 * Math.PI) / 180)],
    ];
    const b = await analyzeModel(
      stl([steep.map((p) => [p[0], p[1], p[2]]) as Tri, shallow].slice(1)),
      's.stl',
    );
    expect(b.overhang_area_mm2).toBe(0);
  });

  it('fits the printer as uploaded, turned 90° about Z, or laid on a side', async () => {
    const long = await analyzeModel(stl(box([0, 0, 0], [240, 20, 10])), 'x.stl');
    expect(long.fits_build_volume).toBe(true);
    const turned = await analyzeModel(stl(box([0, 0, 0], [200, 240, 10])), 'y.stl');
    expect(turned.fits_build_volume).toBe(true);
    // Too tall standing: it fits laid on a side, and says which.
    const tall = await analyzeModel(stl(box([0, 0, 0], [10, 10, 211])), 'z.stl');
    expect(tall.fits_build_volume).toBe(true);
    expect(tall.fit_orientation).not.toBeNull();
    const tallAndWide = await analyzeModel(stl(box([0, 0, 0], [230, 10, 215])), 't.stl');
    expect(tallAndWide.fits_build_volume).toBe(false);
    const wide = await analyzeModel(stl(box([0, 0, 0], [220, 215, 10])), 'w.stl');
    expect(wide.fits_build_volume).toBe(false);
    expect(wide.warnings.join(' ')).toMatch(/does not fit/);
  });

  it('suggests inches for a tiny part in round inches (see inch-rule.test.ts), unless units were chosen', async () => {
    const tiny = await analyzeModel(stl(box([0, 0, 0], [2, 1, 1])), 'tiny.stl');
    expect(tiny.suggested_units).toBe('in');
    // 7.9 mm is a metric dimension (tenths of a millimetre), not a round number of inches.
    const small = await analyzeModel(stl(box([0, 0, 0], [7.9, 7.9, 7.9])), 'small.stl');
    expect(small.suggested_units).toBeNull();
    const notTiny = await analyzeModel(stl(box([0, 0, 0], [8.5, 1, 1])), 'pin.stl');
    expect(notTiny.suggested_units).toBeNull();
    const chosen = await analyzeModel(stl(box([0, 0, 0], [2, 1, 1])), 'tiny.stl', { units: 'mm' });
    expect(chosen.suggested_units).toBeNull();
  });
});
