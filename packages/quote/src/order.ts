/**
 * An order's money, from its priced lines, the chosen shipping and the VAT treatment. Pure and exact:
 * integer pence, VAT rounded once, at the end.
 *
 *   items       = Σ line subtotal (unit × quantity)
 *   discount    = Σ line volume discount
 *   fulfilment  = per order + per extra unit (once for the whole order)
 *   shipping    = the chosen rate
 *   net         = items − discount + fulfilment + shipping
 *   tax         = round(net × VAT rate)
 *   total       = net + tax
 */
import {
  fulfilmentPence,
  leadTimeDays,
  PRICE_TABLE,
  type PriceTable,
  type Quote,
  roundPence,
} from './price.js';
import type { ShippingRate } from './shipping.js';
import type { VatTreatment } from './vat.js';

export interface OrderTotals {
  items_amount: number;
  discount_amount: number;
  fulfillment_amount: number;
  shipping_amount: number;
  /** items − discount + fulfilment + shipping: what VAT is charged on. */
  net_amount: number;
  tax_amount: number;
  total_amount: number;
  currency: 'GBP';
}

export interface OrderLineForTotals {
  quote: Pick<Quote, 'subtotal_pence' | 'discount_pence' | 'quantity'>;
  /** Machine time of one unit, seconds. */
  printTimeS: number;
  /** Filament of one unit, grams. */
  filamentG: number;
}

export function orderTotals(
  lines: readonly OrderLineForTotals[],
  shipping: Pick<ShippingRate, 'amount'> | null,
  vat: Pick<VatTreatment, 'rate'>,
  table: PriceTable = PRICE_TABLE,
): OrderTotals {
  const items = lines.reduce((s, l) => s + l.quote.subtotal_pence, 0);
  const discount = lines.reduce((s, l) => s + l.quote.discount_pence, 0);
  const units = lines.reduce((s, l) => s + l.quote.quantity, 0);
  const fulfilment = fulfilmentPence(units, table);
  const shippingAmount = shipping?.amount ?? 0;
  const net = items - discount + fulfilment + shippingAmount;
  const tax = roundPence(net * vat.rate);
  return {
    items_amount: items,
    discount_amount: discount,
    fulfillment_amount: fulfilment,
    shipping_amount: shippingAmount,
    net_amount: net,
    tax_amount: tax,
    total_amount: net + tax,
    currency: 'GBP',
  };
}

/** Grams of filament in the whole order: what the parcel weighs before packaging. */
export function orderGoodsWeightG(lines: readonly OrderLineForTotals[]): number {
  return lines.reduce((s, l) => s + l.filamentG * l.quote.quantity, 0);
}

/**
 * Working days until the order ships, until the production floor's live queue replaces it: the order's
 * machine time at one printer in whole days, plus handling.
 */
export function orderLeadTimeDays(
  lines: readonly OrderLineForTotals[],
  table: PriceTable = PRICE_TABLE,
): number {
  return leadTimeDays(
    lines.reduce((s, l) => s + l.printTimeS * l.quote.quantity, 0),
    table,
  );
}
