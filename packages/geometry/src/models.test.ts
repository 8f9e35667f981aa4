/** Every model in fixtures/models is measured against its manifest.json (read here, not copied). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeModel, bedFootprint } from './index.js';
import { binaryStl, box } from './testing/meshes.js';

const MODELS = path.resolve(import.meta.dirname, '../../../fixtures/models');

interface ManifestEntry {
  file: string;
  format: string;
  units: string;
  volume_mm3: number;
  surface_area_mm2: number;
  bbox_min: [number, number, number];
  bbox_max: [number, number, number];
  bbox_mm: { x: number; y: number; z: number };
  triangles: number | null;
  watertight: boolean;
  shells: number;
  mesh_as_is?: { degenerate_triangles: number; duplicate_triangles: number };
}

const manifest = JSON.parse(readFileSync(path.join(MODELS, 'manifest.json'), 'utf8')) as ManifestEntry[];

function load(file: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(MODELS, file)));
}

function relErr(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

const UNIT_OPTION: Record<string, 'mm' | 'cm' | 'in'> = { mm: 'mm', cm: 'cm', inch: 'in' };

describe('reference models (manifest.json)', () => {
  it('covers every model file', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(13);
  });

  for (const m of manifest) {
    it(`${m.file}: ${m.format}, counts, volume, area, bbox`, async () => {
      const isStep = m.format === 'step';
      const isUnitless = m.format.startsWith('stl') || m.format === 'obj';
      // Files authored in another unit: the manifest's figures are for the intended part, so read
      // unitless formats with that unit (3MF declares its own).
      const options = isUnitless && m.units !== 'mm' ? { units: UNIT_OPTION[m.units]! } : {};
      const a = await analyzeModel(load(m.file), m.file, options);
      expect(a.file).toBe(m.file);
      expect(a.format).toBe(m.format);
      if (m.triangles !== null) expect(a.triangles).toBe(m.triangles);
      expect(a.watertight).toBe(m.watertight);
      expect(a.shells).toBe(m.shells);
      if (m.mesh_as_is) {
        expect(a.degenerate_triangles).toBe(m.mesh_as_is.degenerate_triangles);
        expect(a.duplicate_triangles).toBe(m.mesh_as_is.duplicate_triangles);
      }
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(a.bbox.min[k]! - m.bbox_min[k]!)).toBeLessThanOrEqual(0.01);
        expect(Math.abs(a.bbox.max[k]! - m.bbox_max[k]!)).toBeLessThanOrEqual(0.01);
      }
      expect(Math.abs(a.bbox.size[0] - m.bbox_mm.x)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(a.bbox.size[1] - m.bbox_mm.y)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(a.bbox.size[2] - m.bbox_mm.z)).toBeLessThanOrEqual(0.01);
      if (isStep) {
        expect(relErr(a.volume_mm3, m.volume_mm3)).toBeLessThan(0.005);
        expect(relErr(a.area_mm2, m.surface_area_mm2)).toBeLessThan(0.005);
      } else if (m.watertight) {
        expect(relErr(a.volume_mm3, m.volume_mm3)).toBeLessThan(1e-4);
        expect(relErr(a.area_mm2, m.surface_area_mm2)).toBeLessThan(1e-3);
        expect(a.warnings.some((w) => /watertight/.test(w))).toBe(false);
      } else {
        // Open mesh: the reference is the repaired part; closing the holes gets close to it.
        expect(relErr(a.volume_mm3, m.volume_mm3)).toBeLessThan(0.001);
        expect(a.warnings.some((w) => /not watertight.*approximate/.test(w))).toBe(true);
      }
      // Square-on when its box fits as it lies; the long rail only turned on the diagonal (below).
      const squareOn =
        Math.max(a.bbox.size[0], a.bbox.size[1]) <= 250 &&
        a.bbox.size[2] <= 210 &&
        Math.min(a.bbox.size[0], a.bbox.size[1]) <= 210;
      expect(a.fits_build_volume).toBe(squareOn || m.file === 'oversize_rail_300mm.stl');
      expect(a.fit_rotation_deg === 0).toBe(squareOn);
    });
  }

  it('cube_1unit_inch.stl: read as mm it is a 1 mm cube, and inches are suggested', async () => {
    const a = await analyzeModel(load('cube_1unit_inch.stl'), 'cube_1unit_inch.stl');
    expect(a.units).toBe('mm');
    expect(a.volume_mm3).toBeCloseTo(1, 5);
    expect(a.suggested_units).toBe('in');
    expect(a.warnings.some((w) => /inches/.test(w))).toBe(true);
  });

  it('cube_1unit_inch.stl with units "in": 16387.06 mm³ and no further suggestion', async () => {
    const entry = manifest.find((m) => m.file === 'cube_1unit_inch.stl')!;
    const a = await analyzeModel(load('cube_1unit_inch.stl'), 'cube_1unit_inch.stl', { units: 'in' });
    expect(a.units).toBe('in');
    expect(relErr(a.volume_mm3, entry.volume_mm3)).toBeLessThan(1e-4);
    expect(relErr(a.volume_mm3, 16387.06)).toBeLessThan(1e-4);
    expect(a.bbox.size).toEqual([25.4, 25.4, 25.4]);
    expect(a.suggested_units).toBeNull();
  });

  it('phone_stand_cm.3mf: centimetres from the file, converted to mm, with the build transform', async () => {
    const entry = manifest.find((m) => m.file === 'phone_stand_cm.3mf')!;
    const a = await analyzeModel(load('phone_stand_cm.3mf'), 'phone_stand_cm.3mf');
    expect(a.units).toBe('cm');
    expect(relErr(a.volume_mm3, entry.volume_mm3)).toBeLessThan(1e-4);
    expect(a.bbox.min).toEqual(entry.bbox_min);
    expect(a.suggested_units).toBeNull();
  });

  it('oversize_rail_300mm.stl fits turned on the diagonal, and says at what angle', async () => {
    const a = await analyzeModel(load('oversize_rail_300mm.stl'), 'oversize_rail_300mm.stl');
    expect(a.fits_build_volume).toBe(true);
    // 300 × 25 mm fits the 250 × 210 bed between about 38.5° and 48° (exactly: width 250 at 38.55°).
    const turn = Math.min(a.fit_rotation_deg!, 180 - a.fit_rotation_deg!);
    expect(turn).toBeGreaterThan(38.5);
    expect(turn).toBeLessThan(48);
    expect(a.fit_footprint_mm![0]).toBeLessThanOrEqual(250);
    expect(a.fit_footprint_mm![1]).toBeLessThanOrEqual(210);
    expect(a.warnings.some((w) => /turned by/.test(w))).toBe(true);
    expect(a.warnings.some((w) => /does not fit/.test(w))).toBe(false);
  });

  it('oversize_plate_260mm.stl fits at no turn and says so', async () => {
    const a = await analyzeModel(load('oversize_plate_260mm.stl'), 'oversize_plate_260mm.stl');
    expect(a.fits_build_volume).toBe(false);
    expect(a.fit_rotation_deg).toBeNull();
    expect(a.warnings.some((w) => /does not fit/.test(w))).toBe(true);
  });

  it('a tower taller than the printer fits laid on its side (turned on the diagonal too); a 260 mm plate still does not', async () => {
    // 20 × 30 × 240 mm: too tall standing (210), 240 long lying down: over 250? no, but lying on a 30 mm
    // side it is 240 × 20 on the bed and 30 tall.
    const tower = await analyzeModel(binaryStl(box([0, 0, 0], [20, 30, 240])), 'tower.stl');
    expect(tower.fits_build_volume).toBe(true);
    expect(tower.fit_orientation).not.toBeNull();
    const [nx, ny, nz] = tower.fit_orientation!;
    expect(Math.abs(nx) + Math.abs(ny)).toBe(1);
    expect(nz).toBe(0);
    expect(Math.max(...tower.fit_footprint_mm!)).toBeCloseTo(240, 1);
    expect(tower.warnings.some((w) => /only laid on its side/.test(w))).toBe(true);
    // The farm plans it lying: its height on the bed is a side's width, not 240 mm.
    const onBed = bedFootprint(tower);
    expect([20, 30]).toContain(Math.round(onBed.z));
    expect(Math.round(Math.max(onBed.x, onBed.y))).toBe(240);
    expect(tower.warnings.some((w) => /does not fit/.test(w))).toBe(false);
    // 20 × 20 × 300 mm: lying down it is 300 long, so only on the bed's diagonal (about 325 mm).
    const pole = await analyzeModel(binaryStl(box([0, 0, 0], [20, 20, 300])), 'pole.stl');
    expect(pole.fits_build_volume).toBe(true);
    expect(pole.fit_orientation).not.toBeNull();
    expect(pole.fit_rotation_deg).toBeGreaterThan(0);
    expect(pole.fit_footprint_mm![0]).toBeLessThanOrEqual(250);
    expect(pole.fit_footprint_mm![1]).toBeLessThanOrEqual(210);
    // 400 mm long: no side and no turn fits.
    const mast = await analyzeModel(binaryStl(box([0, 0, 0], [20, 20, 400])), 'mast.stl');
    expect(mast.fits_build_volume).toBe(false);
    expect(mast.fit_orientation ?? null).toBeNull();
    // Standing parts never get one.
    const cube = await analyzeModel(load('cube_20mm.stl'), 'cube_20mm.stl');
    expect(cube.fit_orientation).toBeNull();
  });

  it('needs no turn for a part that fits as it lies', async () => {
    const a = await analyzeModel(load('cube_20mm.stl'), 'cube_20mm.stl');
    expect(a).toMatchObject({ fits_build_volume: true, fit_rotation_deg: 0, fit_footprint_mm: [20, 20] });
  });

  it('normal-sized parts get no unit suggestion', async () => {
    for (const f of ['cube_20mm.stl', 'knob_quads.obj', 'two_shells.stl']) {
      const a = await analyzeModel(load(f), f);
      expect(a.suggested_units).toBeNull();
    }
  });

  it('units "cm" scales an STL by 10', async () => {
    const a = await analyzeModel(load('cube_20mm.stl'), 'cube_20mm.stl', { units: 'cm' });
    expect(a.bbox.size).toEqual([200, 200, 200]);
    expect(relErr(a.volume_mm3, 8_000_000)).toBeLessThan(1e-6);
  });
});
