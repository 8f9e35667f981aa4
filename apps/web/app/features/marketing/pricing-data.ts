/**
 * Figures shown on the pricing page, taken from the quote package's versioned price table so the
 * page can never disagree with the calculator, the API or an invoice.
 */
import {
  type FilamentType,
  formatGBP,
  POST_PROCESSING_OPTIONS,
  type PostProcessing,
  PRICE_TABLE,
  priceQuote,
  VOLUME_DISCOUNTS,
} from '@printloop/quote';

export { formatGBP, PRICE_TABLE };

export const materialPrices = Object.entries(PRICE_TABLE.materialPencePerKg) as [FilamentType, number][];

export const finishingOptions: readonly PostProcessing[] = POST_PROCESSING_OPTIONS;

/** Volume discount tiers with whole-number percentages for display. */
export const volumeDiscountTiers = VOLUME_DISCOUNTS.map((t) => ({
  minQuantity: t.minQuantity,
  maxQuantity: t.maxQuantity,
  discountPercent: Math.round(t.rate * 100),
}));

export function tierLabel(t: { minQuantity: number; maxQuantity: number | null }): string {
  return t.maxQuantity === null ? `${t.minQuantity}+ units` : `${t.minQuantity}–${t.maxQuantity} units`;
}

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

export type QuoteExampleInput = {
  material: FilamentType;
  filamentGrams: number;
  printMinutes: number;
  supports: boolean;
  finishing: readonly PostProcessing[];
};

/** A fixed quote time so the example renders identically at build time and in the browser. */
const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');

/** One example part priced by the real quote code (pence), for the worked example. */
export function explainQuote(input: QuoteExampleInput) {
  return priceQuote(
    { filament_g: input.filamentGrams, print_time_s: input.printMinutes * 60 },
    { filamentType: input.material, supportRequired: input.supports },
    { quantity: 1, postProcessing: input.finishing, now: EXAMPLE_TIME },
  );
}
