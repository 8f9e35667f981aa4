/**
 * Savings hints: changes that make a part cheaper, each with the exact price it would have. Pure: the
 * candidate estimates come from the caller (the web worker runs the estimator for each candidate; the
 * estimate package knows nothing of prices), and every figure here is `priceQuote` of the changed inputs,
 * so applying a hint gives exactly the price it promised.
 */
import { PARAMETER_BOUNDS, type PrintParameters, type QuoteParameters } from '@printloop/materials';
import {
  formatGBP,
  PRICE_TABLE,
  type PricedEstimate,
  type PriceTable,
  priceQuote,
  type Quote,
} from './price.js';

/** A hint is shown only when it saves at least this share of the price per part. */
export const MIN_HINT_SAVING = 0.05;
/** At most this many hints, the largest saving first. */
export const MAX_HINTS = 3;

export type HintKind = 'infill' | 'layer' | 'orientation' | 'quantity';

/** The outward unit normal of the face put down on the bed (see @printloop/geometry's orientation). */
export type HintOrientation = readonly [number, number, number];

/** A change of print parameters (or of the face put down) with the estimate the estimator gives for it. */
export interface HintCandidate {
  kind: 'infill' | 'layer' | 'orientation';
  parameters: Partial<PrintParameters>;
  estimate: PricedEstimate;
  /** 'orientation': the face put down, the part's size that way, and whether it then needs no supports. */
  orientation?: HintOrientation;
  size?: readonly [number, number, number];
  supportFree?: boolean;
}

export interface SavingsHint {
  kind: HintKind;
  title: string;
  detail: string;
  /** What applying it changes. */
  change: { parameters?: Partial<PrintParameters>; quantity?: number; orientation?: HintOrientation };
  /** An orientation hint's size of the part turned that way (mm). */
  size?: readonly [number, number, number];
  /** The quote with the change applied: its total is the promised price. */
  quote: Quote;
  /** Price per part (total ÷ quantity, pence) before and after. */
  perPartBefore: number;
  perPartAfter: number;
  /** 1 − after ÷ before. */
  saving: number;
}

export interface HintInputs {
  /** The estimate of the current parameters (the one the shown price comes from). */
  estimate: PricedEstimate;
  parameters: QuoteParameters;
  quantity: number;
  now?: Date;
  table?: PriceTable;
}

function price(inputs: HintInputs, estimate: PricedEstimate, params: QuoteParameters, quantity: number) {
  return priceQuote(estimate, params, {
    quantity,
    postProcessing: params.postProcessing,
    table: inputs.table ?? PRICE_TABLE,
    ...(inputs.now ? { now: inputs.now } : {}),
  });
}

/** The smallest quantity above `quantity` with a higher volume discount (null at the top band or limit). */
export function nextDiscountQuantity(quantity: number, table: PriceTable = PRICE_TABLE): number | null {
  const current = table.volumeDiscounts.find(
    (t) => quantity >= t.minQuantity && (t.maxQuantity === null || quantity <= t.maxQuantity),
  );
  const next = table.volumeDiscounts
    .filter((t) => t.minQuantity > quantity && t.rate > (current?.rate ?? 0))
    .sort((a, b) => a.minQuantity - b.minQuantity)[0];
  if (!next || next.minQuantity > PARAMETER_BOUNDS.quantity.max) return null;
  return next.minQuantity;
}

/**
 * Up to MAX_HINTS hints, the largest saving per part first, each saving at least MIN_HINT_SAVING:
 * the candidates given (a lower infill, a thicker layer) and the next discount band of the quantity.
 */
export function savingsHints(inputs: HintInputs, candidates: readonly HintCandidate[]): SavingsHint[] {
  const { parameters, quantity } = inputs;
  const before = price(inputs, inputs.estimate, parameters, quantity);
  const perPartBefore = before.total_pence / quantity;
  if (!(perPartBefore > 0)) return [];
  const hints: SavingsHint[] = [];
  const consider = (h: Omit<SavingsHint, 'perPartBefore' | 'perPartAfter' | 'saving'>) => {
    const perPartAfter = h.quote.total_pence / h.quote.quantity;
    const saving = 1 - perPartAfter / perPartBefore;
    if (saving >= MIN_HINT_SAVING - 1e-12) hints.push({ ...h, perPartBefore, perPartAfter, saving });
  };

  // One orientation hint: the cheapest face to put down.
  let turned: { c: HintCandidate; quote: Quote } | null = null;
  for (const c of candidates) {
    const params = { ...parameters, ...c.parameters };
    const quote = price(inputs, c.estimate, params, quantity);
    if (c.kind === 'orientation') {
      if (c.orientation && (!turned || quote.total_pence < turned.quote.total_pence)) turned = { c, quote };
    } else if (c.kind === 'infill') {
      consider({
        kind: 'infill',
        title: `${params.infillPercentage} % infill instead of ${parameters.infillPercentage} %`,
        detail: 'If the part carries no load, sparser infill uses less filament and machine time.',
        change: { parameters: { infillPercentage: params.infillPercentage } },
        quote,
      });
    } else {
      consider({
        kind: 'layer',
        title: `${params.layerHeight} mm layers instead of ${parameters.layerHeight} mm`,
        detail: 'The part has no fine vertical detail, so thicker layers print it faster.',
        change: { parameters: { layerHeight: params.layerHeight } },
        quote,
      });
    }
  }

  const n = turned?.c.orientation;
  if (turned && n) {
    const { c, quote } = turned;
    const way = n[2] > 0.99 ? 'upside down' : Math.abs(n[2]) < 0.02 ? 'on its side' : 'on another face';
    const faster = 1 - c.estimate.print_time_s / inputs.estimate.print_time_s;
    const noSupports = c.supportFree && parameters.supportRequired;
    const change: SavingsHint['change'] = { orientation: n };
    if (c.parameters.supportRequired === false && parameters.supportRequired)
      change.parameters = { supportRequired: false };
    consider({
      kind: 'orientation',
      title: noSupports
        ? `Print it ${way}: no supports needed`
        : `Print it ${way}: ${Math.max(0, Math.round(faster * 100))} % faster`,
      detail: noSupports
        ? 'Turned onto a flat face nothing overhangs, so it prints without supports.'
        : 'Turned onto a flat face it needs less support and fewer layers.',
      change,
      ...(c.size ? { size: c.size } : {}),
      quote,
    });
  }

  const next = nextDiscountQuantity(quantity, inputs.table);
  if (next !== null) {
    const quote = price(inputs, inputs.estimate, parameters, next);
    const each = formatGBP(Math.round(quote.total_pence / next));
    consider({
      kind: 'quantity',
      title: `Order ${next} instead of ${quantity}`,
      detail: `${Math.round(quote.discount_rate * 100)} % volume discount and the fulfilment fee shared: ${each} a part.`,
      change: { quantity: next },
      quote,
    });
  }

  return hints.sort((a, b) => b.saving - a.saving).slice(0, MAX_HINTS);
}
