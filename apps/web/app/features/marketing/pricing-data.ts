/**
 * Figures shown on the pricing page.
 * The quote package (packages/quote) is the authority for prices; these mirror its price table.
 */

// keep in sync with packages/quote
export const volumeDiscountTiers = [
  { minQuantity: 1, maxQuantity: 9, discountPercent: 0 },
  { minQuantity: 10, maxQuantity: 49, discountPercent: 5 },
  { minQuantity: 50, maxQuantity: 199, discountPercent: 10 },
  { minQuantity: 200, maxQuantity: null, discountPercent: 15 },
] as const;

// keep in sync with packages/quote
export const quotePriceTable = {
  currency: 'GBP',
  materialPricePerKg: { PLA: 25, ABS: 30, PETG: 35, TPU: 45 },
  machinePerHour: 5,
  supportSurchargePercent: 20,
  finishingOptionEach: 5,
  multiplier: 2.5,
  deliveryBufferDays: 2,
  validityDays: 7,
} as const;

export const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
});

export function tierLabel(t: { minQuantity: number; maxQuantity: number | null }): string {
  return t.maxQuantity === null ? `${t.minQuantity}+ units` : `${t.minQuantity}–${t.maxQuantity} units`;
}

export type QuoteExampleInput = {
  material: keyof typeof quotePriceTable.materialPricePerKg;
  filamentGrams: number;
  printMinutes: number;
  supports: boolean;
  finishingOptions: number;
};

/** The published formula applied to one example part, line by line (for the pricing page). */
export function explainQuote(input: QuoteExampleInput) {
  const t = quotePriceTable;
  const material = (input.filamentGrams / 1000) * t.materialPricePerKg[input.material];
  const machine = (input.printMinutes / 60) * t.machinePerHour;
  const base = material + machine;
  const supports = input.supports ? (base * t.supportSurchargePercent) / 100 : 0;
  const finishing = input.finishingOptions * t.finishingOptionEach;
  const subtotal = base + supports + finishing;
  const total = subtotal * t.multiplier;
  const deliveryDays = Math.ceil(input.printMinutes / 1440) + t.deliveryBufferDays;
  return { material, machine, base, supports, finishing, subtotal, total, deliveryDays };
}

export const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
