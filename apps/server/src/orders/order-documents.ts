import { addressLines, type ShippingAddress } from '@printloop/contracts';
import { isoDate, type Quote, type VatTreatment } from '@printloop/quote';
import type { FastifyInstance } from 'fastify';
import type { CompanyDetails, QuoteDocument } from './documents.js';
import { describeParameters, type LineParameters, type OrderItemRow, type OrderRow } from './orders.js';

export function sellerOf(app: FastifyInstance): CompanyDetails {
  const c = app.config.company;
  return {
    name: c.name,
    address: c.address,
    email: c.email,
    ...(c.website ? { website: c.website } : {}),
    ...(c.vatNumber ? { vatNumber: c.vatNumber } : {}),
    ...(c.companyNumber ? { companyNumber: c.companyNumber } : {}),
  };
}

/** The quote behind an order, from the figures its items were priced with (as ordered, without shipping). */
export async function quoteDocumentForOrder(
  app: FastifyInstance,
  order: OrderRow,
  items: OrderItemRow[],
  buyerEmail: string,
): Promise<QuoteDocument> {
  const address = order.shippingAddress as ShippingAddress;
  const tax = order.tax as VatTreatment;
  const prices = items.map((i) => i.price as Quote);
  const net = order.itemsAmount - order.discountAmount + order.fulfillmentAmount;
  const taxAmount = Math.round(net * tax.rate);
  const est = items.reduce(
    (s, i) => {
      const e = i.estimate as { print_time_s: number; filament_g: number };
      return {
        t: s.t + e.print_time_s * i.quantity,
        g: s.g + e.filament_g * i.quantity,
        n: s.n + i.quantity,
      };
    },
    { t: 0, g: 0, n: 0 },
  );
  return {
    number: `Q-${order.id.slice(4, 12).toUpperCase()}`,
    issueDate: isoDate(order.createdAt),
    validUntil: prices[0]?.valid_until?.slice(0, 10) ?? isoDate(order.createdAt),
    seller: sellerOf(app),
    buyer: { name: address.name, lines: addressLines(address), ...(buyerEmail ? { email: buyerEmail } : {}) },
    lines: items.map((i) => ({
      description: i.fileName,
      detail: describeParameters(i.parameters as LineParameters),
      quantity: i.quantity,
      unitAmount: i.unitAmount,
      amount: i.subtotalAmount,
    })),
    totals: {
      itemsAmount: order.itemsAmount,
      discountAmount: order.discountAmount,
      fulfillmentAmount: order.fulfillmentAmount,
      shippingAmount: 0,
      netAmount: net,
      taxRate: tax.rate,
      taxAmount,
      totalAmount: net + taxAmount,
      taxLabel: tax.label,
      ...(tax.note ? { taxNote: tax.note } : {}),
    },
    estimate: {
      printTimeS: est.n ? Math.round(est.t / est.n) : 0,
      filamentG: est.n ? Math.round((est.g / est.n) * 10) / 10 : 0,
    },
    leadTimeDays: order.leadTimeDays,
    priceTableVersion: order.priceTableVersion,
  };
}

/** A saved quote as a document (before any order: no shipping, VAT as for a UK buyer). */
export function quoteDocumentForSavedQuote(
  app: FastifyInstance,
  q: {
    id: string;
    createdAt: Date;
    validUntil: Date;
    breakdown: Quote;
    estimate: { print_time_s: number; filament_g: number };
  },
  fileName: string,
  parameters: LineParameters,
  buyerEmail: string,
): QuoteDocument {
  const b = q.breakdown;
  const fulfilment = b.fulfilment_pence ?? 0;
  const items = b.subtotal_pence;
  const net = items - b.discount_pence + fulfilment;
  const rate = 0.2;
  const tax = Math.round(net * rate);
  return {
    number: `Q-${q.id.replaceAll('-', '').slice(0, 8).toUpperCase()}`,
    issueDate: isoDate(q.createdAt),
    validUntil: isoDate(q.validUntil),
    seller: sellerOf(app),
    buyer: { name: buyerEmail, lines: [], email: buyerEmail },
    lines: [
      {
        description: fileName,
        detail: describeParameters(parameters),
        quantity: b.quantity,
        unitAmount: b.unit_price_pence,
        amount: b.subtotal_pence,
      },
    ],
    totals: {
      itemsAmount: items,
      discountAmount: b.discount_pence,
      fulfillmentAmount: fulfilment,
      shippingAmount: 0,
      netAmount: net,
      taxRate: rate,
      taxAmount: tax,
      totalAmount: net + tax,
      taxLabel: 'VAT 20% (UK delivery)',
      taxNote:
        'VAT shown for a UK delivery: none is charged to EU businesses with a VAT number or outside the UK and the EU.',
    },
    estimate: { printTimeS: q.estimate.print_time_s, filamentG: q.estimate.filament_g },
    leadTimeDays: b.lead_time_days ?? b.delivery_days,
    priceTableVersion: b.price_table_version,
  };
}
