/**
 * Pricing: estimate + parameters + the versioned price table -> an itemised, reproducible quote.
 *
 * Money is integer pence. Rounding (half up, to the penny, after each step):
 *   material   = round(filament_g / 1000 × price per kg)
 *   machine    = round(print_time_s / 3600 × machine rate per hour)
 *   support    = round(support rate × (material + machine))          (0 without supports)
 *   post       = sum of the chosen options (whole pounds, no rounding needed)
 *   unit       = round((material + machine + support + post) × markup)
 *   minimum    = max(0, minimum per part − unit); unit += minimum     (tables from 2026-11-24)
 *   subtotal   = unit × quantity
 *   discount   = round(subtotal × tier rate)
 *   items      = subtotal − discount
 *   fulfilment = per order + per unit × (units − 1)                 (tables from 2026-11-23)
 *   total      = items + fulfilment
 * delivery_days = ceil(print minutes of the whole order / 1440) + 2; valid_until = now + 7 days.
 * Shipping and VAT are added at checkout (order.ts).
 */
import {
  type FilamentType,
  ParameterError,
  POST_PROCESSING_OPTIONS,
  type PostProcessing,
  type PrintParameters,
  validateQuantity,
} from '@printloop/materials';

export interface VolumeDiscountTier {
  minQuantity: number;
  /** Inclusive upper bound; null = no upper bound. */
  maxQuantity: number | null;
  /** Fraction taken off the subtotal, e.g. 0.05. */
  rate: number;
}

export interface PriceTable {
  version: string;
  currency: 'GBP';
  materialPencePerKg: Readonly<Record<FilamentType, number>>;
  machinePencePerHour: number;
  supportRate: number;
  postProcessingPence: Readonly<Record<PostProcessing, number>>;
  markup: number;
  /** The least a part is sold for (pence, per unit, before fulfilment); 0 = no floor. */
  minimumUnitPence: number;
  deliveryBaseDays: number;
  deliveryMinutesPerDay: number;
  validityDays: number;
  volumeDiscounts: readonly VolumeDiscountTier[];
  /** Picking, packing, shipping materials and delivery handling, once per order (pence). */
  fulfilment: { perOrderPence: number; perExtraUnitPence: number };
  /** VAT rates (prices are before VAT). */
  vat: { ukRate: number };
  /** Production lead time: machine time per working day, and days added for handling. */
  leadTime: { printHoursPerDay: number; extraDays: number };
}

/** The first price table (quotes saved with it are re-priced with it; it had no fulfilment fee). */
export const PRICE_TABLE_2026_11_01: PriceTable = Object.freeze({
  version: '2026-11-01',
  currency: 'GBP',
  materialPencePerKg: Object.freeze({ PLA: 2500, ABS: 3000, PETG: 3500, TPU: 4500 }),
  machinePencePerHour: 500,
  supportRate: 0.2,
  postProcessingPence: Object.freeze({ sanding: 500, painting: 500, coating: 500 }),
  markup: 2.5,
  minimumUnitPence: 0,
  deliveryBaseDays: 2,
  deliveryMinutesPerDay: 1440,
  validityDays: 7,
  volumeDiscounts: Object.freeze([
    { minQuantity: 1, maxQuantity: 9, rate: 0 },
    { minQuantity: 10, maxQuantity: 49, rate: 0.05 },
    { minQuantity: 50, maxQuantity: 199, rate: 0.1 },
    { minQuantity: 200, maxQuantity: null, rate: 0.15 },
  ]),
  fulfilment: Object.freeze({ perOrderPence: 0, perExtraUnitPence: 0 }),
  vat: Object.freeze({ ukRate: 0.2 }),
  leadTime: Object.freeze({ printHoursPerDay: 24, extraDays: 1 }),
});

/** 2026-11-23: the fulfilment fee (picking, packing, materials and delivery handling). */
export const PRICE_TABLE_2026_11_23: PriceTable = Object.freeze({
  ...PRICE_TABLE_2026_11_01,
  version: '2026-11-23',
  fulfilment: Object.freeze({ perOrderPence: 295, perExtraUnitPence: 20 }),
});

/**
 * The least a part is sold for: £1.50. A part is also a slot on a plate, a removal from the bed, a check
 * and a bag, whatever its size; below this a 1 mm cube would cost £0.03. (The fulfilment fee is per order,
 * on top.)
 */
export const MINIMUM_UNIT_PENCE = 150;

/**
 * The price table in force. Change a constant => add a version (stored quotes and placed orders keep
 * theirs). 2026-11-24: a minimum charge per part (MINIMUM_UNIT_PENCE).
 */
export const PRICE_TABLE: PriceTable = Object.freeze({
  ...PRICE_TABLE_2026_11_23,
  version: '2026-11-24',
  minimumUnitPence: MINIMUM_UNIT_PENCE,
});

/** Every table a stored quote or order may name, by version. */
export const PRICE_TABLES: Readonly<Record<string, PriceTable>> = Object.freeze({
  [PRICE_TABLE_2026_11_01.version]: PRICE_TABLE_2026_11_01,
  [PRICE_TABLE_2026_11_23.version]: PRICE_TABLE_2026_11_23,
  [PRICE_TABLE.version]: PRICE_TABLE,
});

/** Picking, packing and handling for an order of `units` parts in all (pence). */
export function fulfilmentPence(units: number, table: PriceTable = PRICE_TABLE): number {
  if (units <= 0) return 0;
  return table.fulfilment.perOrderPence + table.fulfilment.perExtraUnitPence * (units - 1);
}

/** Working days to make an order: its machine time at one printer, in whole days, plus handling. */
export function leadTimeDays(printSeconds: number, table: PriceTable = PRICE_TABLE): number {
  const days = printSeconds / 3600 / table.leadTime.printHoursPerDay;
  return Math.max(1, Math.ceil(Number(days.toFixed(9)))) + table.leadTime.extraDays;
}

/** Automatic volume discounts, for the pricing page. */
export const VOLUME_DISCOUNTS = PRICE_TABLE.volumeDiscounts;

/** Round half up to a whole penny, immune to binary noise such as 9.950000000000001 or 12.499999999. */
export function roundPence(x: number): number {
  return Math.round(Number(x.toFixed(6)));
}

export function discountRateFor(quantity: number, table: PriceTable = PRICE_TABLE): number {
  for (const t of table.volumeDiscounts) {
    if (quantity >= t.minQuantity && (t.maxQuantity === null || quantity <= t.maxQuantity)) return t.rate;
  }
  return 0;
}

const gbpFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Pence as en-GB money text, e.g. 123456 -> "£1,234.56". */
export function formatGBP(pence: number): string {
  return gbpFormat.format(pence / 100);
}

/** What pricing needs from an estimate. */
export interface PricedEstimate {
  print_time_s: number;
  filament_g: number;
}

export interface PriceOptions {
  quantity?: number;
  postProcessing?: readonly PostProcessing[];
  /** The quote's time (default: the current time). Stored so valid_until can be reproduced. */
  now?: Date;
  table?: PriceTable;
}

export interface QuoteInputs {
  estimate: PricedEstimate;
  parameters: Pick<PrintParameters, 'filamentType' | 'supportRequired'> & Partial<PrintParameters>;
  quantity: number;
  postProcessing: PostProcessing[];
  now: string;
}

export interface Quote {
  currency: 'GBP';
  price_table_version: string;
  /** Everything needed to recompute this quote exactly with `repriceQuote`. */
  inputs: QuoteInputs;
  /** Per unit, pence. */
  material_pence: number;
  machine_pence: number;
  support_pence: number;
  post_processing_pence: number;
  /** Per unit: what the minimum charge per part adds to reach the floor (0 above it, and on tables
   * before 2026-11-24). Absent on quotes stored before it existed. */
  minimum_charge_pence?: number;
  /** (material + machine + support + post) × markup, rounded, topped up to the minimum; pence. */
  unit_price_pence: number;
  quantity: number;
  subtotal_pence: number;
  discount_rate: number;
  discount_pence: number;
  /** subtotal − discount: the parts themselves. */
  items_pence: number;
  /** Fulfilment for this quote ordered on its own (an order charges it once for all its items). */
  fulfilment_pence: number;
  /** items + fulfilment, before shipping and VAT. */
  total_pence: number;
  delivery_days: number;
  /** Working days until it ships (machine time at one printer, plus handling). */
  lead_time_days: number;
  valid_until: string;
}

/** Price an estimate. Pure: the same inputs (including `now`) give the same quote. */
export function priceQuote(
  estimate: PricedEstimate,
  params: Pick<PrintParameters, 'filamentType' | 'supportRequired'> & Partial<PrintParameters>,
  options: PriceOptions = {},
): Quote {
  const table = options.table ?? PRICE_TABLE;
  const quantity = options.quantity ?? 1;
  const q = validateQuantity(quantity);
  if (!q.ok) throw new ParameterError(q.errors);
  const chosen = options.postProcessing ?? [];
  for (const p of chosen) {
    if (!(POST_PROCESSING_OPTIONS as readonly string[]).includes(p))
      throw new ParameterError([
        { field: 'postProcessing', message: `Unknown post-processing option: ${String(p)}` },
      ]);
  }
  const post = POST_PROCESSING_OPTIONS.filter((o) => chosen.includes(o));
  const pricePerKg = table.materialPencePerKg[params.filamentType];
  if (pricePerKg === undefined)
    throw new ParameterError([{ field: 'filamentType', message: 'Unknown filament type' }]);
  if (!(estimate.print_time_s >= 0) || !(estimate.filament_g >= 0))
    throw new Error('Estimate must be non-negative');
  const now = options.now ?? new Date();

  const material = roundPence((estimate.filament_g / 1000) * pricePerKg);
  const machine = roundPence((estimate.print_time_s / 3600) * table.machinePencePerHour);
  const support = params.supportRequired ? roundPence(table.supportRate * (material + machine)) : 0;
  const postPence = post.reduce((s, o) => s + table.postProcessingPence[o], 0);
  const marked = roundPence((material + machine + support + postPence) * table.markup);
  const minimumCharge = Math.max(0, (table.minimumUnitPence ?? 0) - marked);
  const unit = marked + minimumCharge;
  const subtotal = unit * quantity;
  const rate = discountRateFor(quantity, table);
  const discount = roundPence(subtotal * rate);
  const items = subtotal - discount;
  const fulfilment = fulfilmentPence(quantity, table);
  const orderMinutes = (estimate.print_time_s * quantity) / 60;
  const deliveryDays =
    Math.ceil(Number((orderMinutes / table.deliveryMinutesPerDay).toFixed(9))) + table.deliveryBaseDays;
  const validUntil = new Date(now.getTime() + table.validityDays * 86_400_000);

  return {
    currency: 'GBP',
    price_table_version: table.version,
    inputs: {
      estimate: { print_time_s: estimate.print_time_s, filament_g: estimate.filament_g },
      parameters: { ...params },
      quantity,
      postProcessing: [...post],
      now: now.toISOString(),
    },
    material_pence: material,
    machine_pence: machine,
    support_pence: support,
    post_processing_pence: postPence,
    // Only tables with a floor name it, so quotes of the older tables re-price to identical objects.
    ...(table.minimumUnitPence > 0 ? { minimum_charge_pence: minimumCharge } : {}),
    unit_price_pence: unit,
    quantity,
    subtotal_pence: subtotal,
    discount_rate: rate,
    discount_pence: discount,
    items_pence: items,
    fulfilment_pence: fulfilment,
    total_pence: items + fulfilment,
    delivery_days: deliveryDays,
    lead_time_days: leadTimeDays(estimate.print_time_s * quantity, table),
    valid_until: validUntil.toISOString(),
  };
}

/** Recompute a stored quote from its recorded inputs, with the price table it was priced with. */
export function repriceQuote(inputs: QuoteInputs, version: string): Quote {
  const table = PRICE_TABLES[version];
  if (!table) throw new Error(`Quote was priced with table ${version}, which this build does not know`);
  return priceQuote(inputs.estimate, inputs.parameters, {
    quantity: inputs.quantity,
    postProcessing: inputs.postProcessing,
    now: new Date(inputs.now),
    table,
  });
}

/** The quote in pounds (2-decimal numbers), as the CLI and the API print it. */
export interface PriceJson {
  currency: 'GBP';
  material: number;
  machine: number;
  support: number;
  post_processing: number;
  discount: number;
  fulfilment: number;
  unit_price: number;
  quantity: number;
  total: number;
  delivery_days: number;
  valid_until: string;
  price_table_version: string;
}

const pounds = (pence: number): number => Math.round(pence) / 100;

export function toPriceJson(q: Quote): PriceJson {
  return {
    currency: 'GBP',
    material: pounds(q.material_pence),
    machine: pounds(q.machine_pence),
    support: pounds(q.support_pence),
    post_processing: pounds(q.post_processing_pence),
    discount: pounds(q.discount_pence),
    fulfilment: pounds(q.fulfilment_pence ?? 0),
    unit_price: pounds(q.unit_price_pence),
    quantity: q.quantity,
    total: pounds(q.total_pence),
    delivery_days: q.delivery_days,
    valid_until: q.valid_until,
    price_table_version: q.price_table_version,
  };
}
