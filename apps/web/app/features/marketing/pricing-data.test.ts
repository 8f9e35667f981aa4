import { describe, expect, it } from 'vitest';
import { explainQuote, volumeDiscountTiers } from './pricing-data';

describe('explainQuote', () => {
  it('applies the published formula: 45 g PLA, 3 h, supports, no finishing', () => {
    const q = explainQuote({
      material: 'PLA',
      filamentGrams: 45,
      printMinutes: 180,
      supports: true,
      finishingOptions: 0,
    });
    expect(q.material).toBeCloseTo(1.125, 9);
    expect(q.machine).toBeCloseTo(15, 9);
    expect(q.supports).toBeCloseTo(3.225, 9);
    expect(q.total).toBeCloseTo(48.375, 9);
    expect(q.deliveryDays).toBe(3);
  });

  it('adds £5 per finishing option before the multiplier and rounds print days up', () => {
    const q = explainQuote({
      material: 'TPU',
      filamentGrams: 100,
      printMinutes: 1441,
      supports: false,
      finishingOptions: 2,
    });
    expect(q.subtotal).toBeCloseTo(4.5 + (1441 / 60) * 5 + 10, 9);
    expect(q.deliveryDays).toBe(4);
  });
});

describe('volumeDiscountTiers', () => {
  it('covers every quantity from 1 upwards with no gaps or overlaps', () => {
    for (let i = 1; i < volumeDiscountTiers.length; i++) {
      const prev = volumeDiscountTiers[i - 1]!;
      expect(volumeDiscountTiers[i]!.minQuantity).toBe((prev.maxQuantity ?? Number.NaN) + 1);
    }
    expect(volumeDiscountTiers[0]!.minQuantity).toBe(1);
    expect(volumeDiscountTiers.at(-1)!.maxQuantity).toBeNull();
  });
});
