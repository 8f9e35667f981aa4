import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMETERS,
  discountRateFor,
  formatGBP,
  MATERIALS,
  MINIMUM_UNIT_PENCE,
  PARAMETER_BOUNDS,
  ParameterError,
  PRICE_TABLE,
  PRICE_TABLE_2026_11_01,
  PRICE_TABLE_2026_11_23,
  parseParameters,
  priceQuote,
  repriceQuote,
  toPriceJson,
  VOLUME_DISCOUNTS,
  validateParameters,
} from './index.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const PLA = { filamentType: 'PLA', supportRequired: false } as const;

describe('priceQuote: hand-computed examples', () => {
  it('prices the 20 mm cube (3.98 g PLA, 915 s)', () => {
    const q = priceQuote({ print_time_s: 915, filament_g: 3.98 }, PLA, { now: NOW });
    // material 3.98/1000 × 2500 = 9.95 p -> 10 p; machine 915/3600 × 500 = 127.08 p -> 127 p
    expect(q.material_pence).toBe(10);
    expect(q.machine_pence).toBe(127);
    expect(q.support_pence).toBe(0);
    expect(q.post_processing_pence).toBe(0);
    // (10 + 127) × 2.5 = 342.5 -> 343 p
    expect(q.unit_price_pence).toBe(343);
    expect(q.items_pence).toBe(343);
    // One unit ordered on its own: the per-order fulfilment fee, £2.95.
    expect(q.fulfilment_pence).toBe(295);
    expect(q.total_pence).toBe(638);
    expect(q.lead_time_days).toBe(2); // one working day of machine time (at least), plus one
    expect(q.delivery_days).toBe(3); // ceil(15.25 / 1440) + 2
    expect(q.valid_until).toBe('2026-11-29T10:00:00.000Z');
    expect(q.price_table_version).toBe(PRICE_TABLE.version);
  });

  it('adds 20% of material + machine for supports and £5 per post-processing option', () => {
    const q = priceQuote(
      { print_time_s: 7200, filament_g: 100 },
      { filamentType: 'ABS', supportRequired: true },
      { now: NOW, postProcessing: ['sanding', 'painting'] },
    );
    expect(q.material_pence).toBe(300); // 0.1 kg × £30
    expect(q.machine_pence).toBe(1000); // 2 h × £5
    expect(q.support_pence).toBe(260); // 20% of 1300
    expect(q.post_processing_pence).toBe(1000);
    expect(q.unit_price_pence).toBe(6400); // 2560 × 2.5
    expect(toPriceJson(q)).toMatchObject({
      material: 3,
      machine: 10,
      support: 2.6,
      post_processing: 10,
      unit_price: 64,
      fulfilment: 2.95,
      total: 66.95,
    });
  });

  it('uses the price per kg of each material', () => {
    const est = { print_time_s: 0, filament_g: 40 };
    const p = (filamentType: 'PLA' | 'ABS' | 'PETG' | 'TPU') =>
      priceQuote(est, { filamentType, supportRequired: false }, { now: NOW }).material_pence;
    expect([p('PLA'), p('ABS'), p('PETG'), p('TPU')]).toEqual([100, 120, 140, 180]);
  });

  it('rounds half up to the penny at each step', () => {
    expect(priceQuote({ print_time_s: 0, filament_g: 0.1 }, PLA, { now: NOW }).material_pence).toBe(0); // 0.25 p
    expect(priceQuote({ print_time_s: 0, filament_g: 0.2 }, PLA, { now: NOW }).material_pence).toBe(1); // 0.5 p
    // (the table before the minimum charge, so the rounding shows)
    const table = PRICE_TABLE_2026_11_23;
    const q = priceQuote({ print_time_s: 9, filament_g: 0 }, PLA, { now: NOW, table }); // 1.25 p -> 1 p
    expect(q.machine_pence).toBe(1);
    expect(q.unit_price_pence).toBe(3); // 2.5 p -> 3 p
  });

  it('applies each volume discount tier to unit × quantity', () => {
    const est = { print_time_s: 7200, filament_g: 100 };
    const params = { filamentType: 'ABS', supportRequired: true } as const;
    const opts = { now: NOW, postProcessing: ['sanding', 'painting'] as const };
    const at = (quantity: number) =>
      priceQuote(est, params, { ...opts, postProcessing: [...opts.postProcessing], quantity });
    expect(at(9)).toMatchObject({
      subtotal_pence: 57600,
      discount_pence: 0,
      items_pence: 57600,
      discount_rate: 0,
    });
    expect(at(10)).toMatchObject({ subtotal_pence: 64000, discount_pence: 3200, items_pence: 60800 });
    expect(at(49)).toMatchObject({ subtotal_pence: 313600, discount_pence: 15680, items_pence: 297920 });
    expect(at(50)).toMatchObject({ subtotal_pence: 320000, discount_pence: 32000, items_pence: 288000 });
    expect(at(199)).toMatchObject({ discount_rate: 0.1, discount_pence: 127360 });
    expect(at(200)).toMatchObject({ subtotal_pence: 1280000, discount_pence: 192000, items_pence: 1088000 });
    // Fulfilment: £2.95 per order and 20 p per unit after the first.
    expect(at(9).fulfilment_pence).toBe(295 + 8 * 20);
    expect(at(200).total_pence).toBe(1088000 + 295 + 199 * 20);
    // delivery counts the whole order's print time: 10 × 2 h = 1200 min -> 1 day + 2
    expect(at(10).delivery_days).toBe(3);
    expect(at(50).delivery_days).toBe(7); // 6000 min -> ceil(4.17) = 5, + 2
    expect(discountRateFor(1)).toBe(0);
    expect(VOLUME_DISCOUNTS.map((t) => t.minQuantity)).toEqual([1, 10, 50, 200]);
  });

  it('counts delivery days from whole 1440-minute days', () => {
    expect(priceQuote({ print_time_s: 0, filament_g: 1 }, PLA, { now: NOW }).delivery_days).toBe(2);
    expect(priceQuote({ print_time_s: 86400, filament_g: 1 }, PLA, { now: NOW }).delivery_days).toBe(3);
    expect(priceQuote({ print_time_s: 86401, filament_g: 1 }, PLA, { now: NOW }).delivery_days).toBe(4);
  });

  it('records its inputs so that it can be reproduced exactly', () => {
    const q = priceQuote(
      { print_time_s: 1234, filament_g: 5.67 },
      { ...PLA, supportRequired: true },
      {
        now: NOW,
        quantity: 12,
        postProcessing: ['coating'],
      },
    );
    const again = repriceQuote(JSON.parse(JSON.stringify(q.inputs)), q.price_table_version);
    expect(again).toEqual(q);
    expect(() => repriceQuote(q.inputs, '1999-01-01')).toThrow(/table 1999-01-01/);
    // A quote saved with the first table (no fulfilment fee) re-prices with that table.
    const old = priceQuote({ print_time_s: 915, filament_g: 3.98 }, PLA, {
      now: NOW,
      table: PRICE_TABLE_2026_11_01,
    });
    expect(old.total_pence).toBe(343);
    expect(repriceQuote(old.inputs, old.price_table_version)).toEqual(old);
  });

  it('refuses bad quantities and options', () => {
    const est = { print_time_s: 1, filament_g: 1 };
    expect(() => priceQuote(est, PLA, { quantity: 0 })).toThrow(
      'Quantity must be a whole number between 1 and 1000',
    );
    expect(() => priceQuote(est, PLA, { quantity: 1.5 })).toThrow(ParameterError);
    // @ts-expect-error: an unknown option from untyped input
    expect(() => priceQuote(est, PLA, { postProcessing: ['gilding'] })).toThrow(/gilding/);
  });
});

describe('formatGBP', () => {
  it('formats pence as en-GB pounds', () => {
    expect(formatGBP(123456)).toBe('£1,234.56');
    expect(formatGBP(5)).toBe('£0.05');
    expect(formatGBP(343)).toBe('£3.43');
  });
});

describe('validateParameters', () => {
  it('fills the defaults', () => {
    expect(parseParameters({})).toEqual({
      layerHeight: 0.2,
      filamentType: 'PLA',
      printSpeed: 60,
      infillPercentage: 20,
      supportRequired: false,
      postProcessing: [],
    });
    expect(DEFAULT_PARAMETERS.layerHeight).toBe(0.2);
    expect(MATERIALS.PETG.density_g_cm3).toBe(1.27);
  });

  it('accepts the bounds and refuses beyond them with clear messages', () => {
    const b = PARAMETER_BOUNDS;
    expect(
      validateParameters({ layerHeight: b.layerHeight.min, infillPercentage: 100, printSpeed: 150 }).ok,
    ).toBe(true);
    expect(() => parseParameters({ layerHeight: 0.05 })).toThrow(
      'Layer height must be between 0.1 and 0.4 mm',
    );
    expect(() => parseParameters({ layerHeight: 0.41 })).toThrow(
      'Layer height must be between 0.1 and 0.4 mm',
    );
    expect(() => parseParameters({ infillPercentage: 5 })).toThrow('Infill must be between 10 and 100%');
    expect(() => parseParameters({ printSpeed: 151 })).toThrow('Print speed must be between 30 and 150 mm/s');
    expect(() => parseParameters({ filamentType: 'NYLON' })).toThrow(
      'Filament type must be one of PLA, ABS, PETG, TPU',
    );
    expect(() => parseParameters({ supportRequired: 'yes' })).toThrow('Supports must be true or false');
    expect(() => parseParameters({ postProcessing: ['gilding'] })).toThrow(/sanding, painting, coating/);
    expect(() => parseParameters({ layerHeight: '0.2' })).toThrow(/Layer height/);
    expect(() => parseParameters({ layerHeight: Number.NaN })).toThrow(/Layer height/);
    expect(() => parseParameters(null)).toThrow('Parameters must be an object');
  });

  it('lists every problem and deduplicates post-processing', () => {
    const r = validateParameters({ layerHeight: 1, printSpeed: 10 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toEqual(['layerHeight', 'printSpeed']);
    expect(parseParameters({ postProcessing: ['painting', 'sanding', 'painting'] }).postProcessing).toEqual([
      'sanding',
      'painting',
    ]);
    expect(validateParameters({}, { applyDefaults: false }).ok).toBe(false);
  });
});

describe('the minimum charge per part (price table 2026-11-24)', () => {
  // A 1 mm cube: 0.00124 g of PLA and about 20 s on the printer (the estimator's figure is about that).
  const cube1mm = { print_time_s: 20, filament_g: 0.00124 };

  it('tops a 1 mm cube up to £1.50 per part, as its own line', () => {
    const q = priceQuote(cube1mm, PLA, { now: NOW });
    expect(q.price_table_version).toBe('2026-11-24');
    // material 0 p, machine 20/3600 × 500 = 2.78 -> 3 p; × 2.5 = 7.5 -> 8 p; the floor adds 142 p
    expect(q.material_pence).toBe(0);
    expect(q.machine_pence).toBe(3);
    expect(q.minimum_charge_pence).toBe(142);
    expect(q.unit_price_pence).toBe(MINIMUM_UNIT_PENCE);
    expect(MINIMUM_UNIT_PENCE).toBe(150);
    expect(q.total_pence).toBe(150 + 295);
  });

  it('applies per part: ten cubes are ten floors, then the volume discount', () => {
    const q = priceQuote(cube1mm, PLA, { now: NOW, quantity: 10 });
    expect(q.unit_price_pence).toBe(150);
    expect(q.subtotal_pence).toBe(1500);
    expect(q.discount_pence).toBe(75);
  });

  it('adds nothing to a part above the floor', () => {
    const q = priceQuote({ print_time_s: 915, filament_g: 3.98 }, PLA, { now: NOW });
    expect(q.minimum_charge_pence).toBe(0);
    expect(q.unit_price_pence).toBe(343);
  });

  it('leaves quotes of the older tables exactly as they were priced', () => {
    for (const table of [PRICE_TABLE_2026_11_01, PRICE_TABLE_2026_11_23]) {
      const q = priceQuote(cube1mm, PLA, { now: NOW, table });
      expect(q.unit_price_pence).toBe(8);
      expect('minimum_charge_pence' in q).toBe(false);
      expect(repriceQuote(q.inputs, table.version)).toEqual(q);
    }
    const now = priceQuote(cube1mm, PLA, { now: NOW });
    expect(repriceQuote(now.inputs, now.price_table_version)).toEqual(now);
  });
});
