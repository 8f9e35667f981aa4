import { describe, expect, it } from 'vitest';
import {
  colorFor,
  FILAMENT_TYPES,
  HOUSE_PRINTER,
  isOverhangFacet,
  MATERIALS,
  overhangAngleDeg,
  overhangNormalZ,
  parseParameters,
} from './index.js';

describe('materials', () => {
  it('lists every filament type with its density, price, temperatures and top speed', () => {
    for (const f of FILAMENT_TYPES) {
      const m = MATERIALS[f];
      expect(m.density_g_cm3).toBeGreaterThan(0.9);
      expect(m.listPricePencePerKg).toBeGreaterThan(0);
      expect(m.nozzleTempC).toBeGreaterThan(m.bedTempC);
      expect(m.maxSpeed).toBeGreaterThan(0);
    }
    // the densities PrusaSlicer was given for the references (fixtures/models/README.md)
    expect([MATERIALS.PLA, MATERIALS.ABS, MATERIALS.PETG, MATERIALS.TPU].map((m) => m.density_g_cm3)).toEqual(
      [1.24, 1.04, 1.27, 1.21],
    );
    expect(MATERIALS.TPU.maxSpeed).toBe(40);
  });

  it('describes the house printer of house-printer.ini', () => {
    expect([HOUSE_PRINTER.x, HOUSE_PRINTER.y, HOUSE_PRINTER.z]).toEqual([250, 210, 210]);
    expect(HOUSE_PRINTER.nozzle).toBe(0.4);
    expect(HOUSE_PRINTER.maxJerk).toEqual({ x: 8, y: 8, z: 0.4, e: 5 });
    expect(HOUSE_PRINTER.printAcceleration).toBe(1000);
    expect(HOUSE_PRINTER.maxAccelerationTravel).toBe(1250);
  });

  it('keeps the parameter rules', () => {
    expect(() => parseParameters({ layerHeight: 0.5 })).toThrow(
      'Layer height must be between 0.1 and 0.4 mm',
    );
  });
});

describe('the overhang rule', () => {
  it('is half an external perimeter width per layer: 48.4° from vertical at 0.2 mm', () => {
    expect(overhangAngleDeg(0.2)).toBeCloseTo(48.37, 2);
    expect(overhangAngleDeg(0.1)).toBeCloseTo(66.04, 2);
    expect(overhangAngleDeg(0.3)).toBeCloseTo(36.87, 2);
    expect(overhangNormalZ()).toBeCloseTo(-Math.sin((48.37 * Math.PI) / 180), 3);
  });

  it('decides facets: steeper than the threshold and off the bed', () => {
    const facing = (deg: number) => -Math.sin((deg * Math.PI) / 180); // unit normal z of a face deg from vertical
    expect(isOverhangFacet(facing(50), 1, 5, 0)).toBe(true);
    expect(isOverhangFacet(facing(47), 1, 5, 0)).toBe(false);
    expect(isOverhangFacet(-1, 1, 0.005, 0)).toBe(false); // on the bed
    expect(isOverhangFacet(-2, 2, 5, 0)).toBe(true); // unnormalised normal
    expect(isOverhangFacet(0, 0, 5, 0)).toBe(false); // degenerate
    expect(isOverhangFacet(facing(40), 1, 5, 0, overhangNormalZ(0.3))).toBe(true);
  });
});

describe('colorFor', () => {
  it('keeps a stocked colour, else black, else the material’s first colour', () => {
    expect(colorFor('PETG', 'clear')).toBe('clear');
    expect(colorFor('PLA', 'clear')).toBe('black');
    expect(colorFor('PLA', null)).toBe('black');
    expect(colorFor('TPU', 'yellow')).toBe('black');
  });
});
