import { describe, expect, it } from 'vitest';
import { HOUSE_VOLUME } from './fleet.js';
import { copiesPerBed, platesFor } from './plates.js';

describe('plates', () => {
  it('fits copies in a grid with 10 mm between them, turned if that fits more', () => {
    // 250 × 210 bed: 20 mm cubes at 30 mm pitch → 8 × 7.
    expect(copiesPerBed(HOUSE_VOLUME, { x: 20, y: 20, z: 20 })).toBe(8 * 7);
    // 200 × 100 fits once as it lies, twice turned (100 + 10 + 100 ≤ 250 across x, 200 ≤ 210).
    expect(copiesPerBed(HOUSE_VOLUME, { x: 200, y: 100, z: 10 })).toBe(2);
    expect(copiesPerBed(HOUSE_VOLUME, { x: 20, y: 20, z: 211 })).toBe(0);
  });

  it('splits a quantity into even plates, within the bed and the time cap', () => {
    const cube = { size: { x: 20, y: 20, z: 20 }, secondsPerCopy: 1800 };
    expect(platesFor({ ...cube, quantity: 1 }, HOUSE_VOLUME)).toEqual([1]);
    // 12 h cap / 30 min = 24 a plate: 50 copies → 3 plates of 17, 17, 16.
    expect(platesFor({ ...cube, quantity: 50 }, HOUSE_VOLUME)).toEqual([17, 17, 16]);
    // Big parts: 2 a bed.
    expect(
      platesFor({ size: { x: 200, y: 100, z: 10 }, secondsPerCopy: 600, quantity: 5 }, HOUSE_VOLUME),
    ).toEqual([2, 2, 1]);
    // A copy longer than the cap is a plate of one; one that does not fit gives no plate.
    expect(platesFor({ ...cube, secondsPerCopy: 20 * 3600, quantity: 2 }, HOUSE_VOLUME)).toEqual([1, 1]);
    expect(platesFor({ ...cube, size: { x: 300, y: 300, z: 5 }, quantity: 2 }, HOUSE_VOLUME)).toEqual([]);
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    for (const quantity of [1, 7, 56, 57, 999])
      expect(total(platesFor({ ...cube, quantity }, HOUSE_VOLUME))).toBe(quantity);
  });
});
