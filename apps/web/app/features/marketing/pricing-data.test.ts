import { describe, expect, it } from 'vitest';
import { explainQuote, tierLabel, volumeDiscountTiers } from './pricing-data';

describe('pricing page example', () => {
  it('prices 40 g PLA, 3 h, supports, no finishing at exactly £48.00 (all steps whole pence)', () => {
    const q = explainQuote({
      material: 'PLA',
      filamentGrams: 40,
      printMinutes: 180,
      supports: true,
      finishing: [],
    });
    expect(q.material_pence).toBe(100); // 40 / 1000 × £25
    expect(q.machine_pence).toBe(1500); // 3 h × £5
    expect(q.support_pence).toBe(320); // 20 % of £16
    expect(q.unit_price_pence).toBe(4800); // £19.20 × 2.5
    expect(q.delivery_days).toBe(3); // ceil(180 / 1440) + 2
  });
});

describe('volumeDiscountTiers', () => {
  it('shows the package tiers as 0/5/10/15 % covering every quantity with no gaps', () => {
    expect(volumeDiscountTiers.map((t) => t.discountPercent)).toEqual([0, 5, 10, 15]);
    for (let i = 1; i < volumeDiscountTiers.length; i++) {
      expect(volumeDiscountTiers[i]!.minQuantity).toBe(
        (volumeDiscountTiers[i - 1]!.maxQuantity ?? Number.NaN) + 1,
      );
    }
    expect(volumeDiscountTiers.map(tierLabel)).toEqual([
      '1–9 units',
      '10–49 units',
      '50–199 units',
      '200+ units',
    ]);
  });
});
