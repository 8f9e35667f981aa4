import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMETERS,
  MAX_HINTS,
  nextDiscountQuantity,
  priceQuote,
  type QuoteParameters,
  savingsHints,
} from './index.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const params: QuoteParameters = { ...DEFAULT_PARAMETERS, postProcessing: [] };
const current = { print_time_s: 4 * 3600, filament_g: 60 };

describe('savingsHints', () => {
  it('prices each hint exactly as the changed inputs would be priced, largest saving first', () => {
    const hints = savingsHints({ estimate: current, parameters: params, quantity: 1, now: NOW }, [
      {
        kind: 'infill',
        parameters: { infillPercentage: 10 },
        estimate: { print_time_s: 3.5 * 3600, filament_g: 50 },
      },
      {
        kind: 'layer',
        parameters: { layerHeight: 0.3 },
        estimate: { print_time_s: 2.8 * 3600, filament_g: 60 },
      },
    ]);
    expect(hints.length).toBeLessThanOrEqual(MAX_HINTS);
    // layer 26.5 %, infill 12.1 %, ten parts 9.1 % cheaper per part
    expect(hints.map((h) => h.kind)).toEqual(['layer', 'infill', 'quantity']);
    const layer = hints.find((h) => h.kind === 'layer')!;
    const exact = priceQuote(
      { print_time_s: 2.8 * 3600, filament_g: 60 },
      { ...params, layerHeight: 0.3 },
      { quantity: 1, now: NOW },
    );
    expect(layer.quote.total_pence).toBe(exact.total_pence);
    expect(layer.title).toBe('0.3 mm layers instead of 0.2 mm');
    const before = priceQuote(current, params, { quantity: 1, now: NOW }).total_pence;
    expect(layer.perPartBefore).toBe(before);
    expect(layer.saving).toBeCloseTo(1 - exact.total_pence / before, 12);
    const qty = hints.find((h) => h.kind === 'quantity')!;
    expect(qty.change).toEqual({ quantity: 10 });
    expect(qty.quote.total_pence).toBe(priceQuote(current, params, { quantity: 10, now: NOW }).total_pence);
  });

  it('drops a change saving less than 5 % and keeps at most three', () => {
    const hints = savingsHints({ estimate: current, parameters: params, quantity: 200, now: NOW }, [
      // 2 % cheaper: not worth a hint
      {
        kind: 'infill',
        parameters: { infillPercentage: 10 },
        estimate: { print_time_s: 3.92 * 3600, filament_g: 59 },
      },
    ]);
    // 200 is the top discount band: no quantity hint either
    expect(hints).toEqual([]);
  });

  it('finds the next discount band within the quantity limit', () => {
    expect([1, 9, 10, 49, 50, 199, 200, 1000].map((q) => nextDiscountQuantity(q))).toEqual([
      10,
      10,
      50,
      50,
      200,
      200,
      null,
      null,
    ]);
  });
});
