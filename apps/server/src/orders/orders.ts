/**
 * The order domain: pricing an order again on the server, placing it in one transaction (order, items,
 * first event, invoice), moving it through the lifecycle, and reading it back. Web checkout, the public
 * API, the test-mode clock and the production floor all go through these functions.
 */
import {
  addressLines,
  initialStatus,
  type OrderAction,
  type OrderActor,
  type OrderDto,
  type OrderEventDto,
  type OrderStatus,
  type ShippingAddress,
  transition,
} from '@printloop/contracts';
import type { EstimateResult } from '@printloop/estimate';
import { type Analysis, bedFootprint } from '@printloop/geometry';
import {
  CARRIERS,
  type CarrierCode,
  chooseRate,
  estimatedDelivery,
  isoDate,
  orderGoodsWeightG,
  orderLeadTimeDays,
  orderTotals,
  PARAMETER_BOUNDS,
  PRICE_TABLE,
  PRICE_TABLES,
  type PriceTable,
  priceQuote,
  type Quote,
  type QuoteParameters,
  type ShippingRate,
  shippingRates,
  type VatTreatment,
  vatFor,
} from '@printloop/quote';
import { and, asc, desc, eq, gt, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { insertRows, rowsOf } from '../db/insert-rows.js';
import {
  billingAccounts,
  events as eventsTable,
  invoiceCounters,
  invoices,
  orderEvents,
  orderItems,
  orders,
  payments,
  user,
} from '../db/schema.js';
import { queueStorePushes } from '../integrations/pushes.js';
import { assertPrintable, estimateJob, type JobRow, withWholeAnalysis } from '../jobs/jobs.js';
import { AppError, badRequest, notFound } from '../lib/errors.js';
import { newId, publicUuidId } from '../lib/ids.js';
import { eventRow, type NewEvent, queueDeliveries, recordEvent, subscribers } from '../webhooks/events.js';
import type { InvoiceDocument } from './documents.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentTerms = 'prepay' | 'net30';

/**
 * Print parameters of an order line: the calculator's, with the colour the API names, and the face put
 * down when the saved quote was turned.
 */
export type LineParameters = QuoteParameters & {
  color: string | null;
  orientation?: [number, number, number] | null;
};

/** A saved quote as an order line starts from. */
export interface SavedQuoteForOrder {
  id: string;
  quantity: number;
  validUntil: Date;
  priceTableVersion: string;
  breakdown: Quote;
  estimate: EstimateResult;
}

export interface OrderLineRequest {
  job: JobRow;
  quote?: SavedQuoteForOrder | null;
  productId?: string | null;
  parameters: LineParameters;
  quantity: number;
}

export interface PricedLine {
  job: JobRow;
  quoteId: string | null;
  productId: string | null;
  parameters: LineParameters;
  quantity: number;
  estimate: { print_time_s: number; filament_g: number; layers: number };
  price: Quote;
}

export interface Repricing {
  previous_total_amount: number;
  total_amount: number;
  reason: string;
}

export interface OrderPricing {
  lines: PricedLine[];
  table: PriceTable;
  rates: ShippingRate[];
  shipping: ShippingRate;
  vat: VatTreatment;
  totals: ReturnType<typeof orderTotals>;
  leadTimeDays: number;
  estimatedDelivery: string;
  deliveryFor: (rate: ShippingRate) => string;
  goodsWeightG: number;
  terms: PaymentTerms;
  repriced: Repricing | null;
}

export const MAX_ORDER_LINES = 50;
export const MAX_ORDER_QUANTITY = PARAMETER_BOUNDS.quantity.max;

const fmtDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The payment terms of an account (prepay unless an operator granted net 30). */
export async function termsOf(db: Db, userId: string): Promise<PaymentTerms> {
  const [row] = await db
    .select({ terms: billingAccounts.terms })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  return row?.terms === 'net30' ? 'net30' : 'prepay';
}

/**
 * Prices each line again on the server. A saved quote still valid is priced exactly as quoted (from
 * its recorded inputs, with its price table); an expired one is priced again from the stored analysis
 * with the table in force, and the difference is reported.
 */
async function priceLines(
  app: FastifyInstance,
  requested: readonly OrderLineRequest[],
  now: Date,
): Promise<{ lines: PricedLine[]; table: PriceTable; repriced: Repricing | null }> {
  if (requested.length === 0)
    throw badRequest('An order needs at least one item.', { items: 'Add at least one item' });
  if (requested.length > MAX_ORDER_LINES) {
    throw badRequest(`An order can have at most ${MAX_ORDER_LINES} items.`, { items: 'Too many items' });
  }
  for (const r of requested) {
    if (!Number.isInteger(r.quantity) || r.quantity < 1 || r.quantity > MAX_ORDER_QUANTITY) {
      throw badRequest(`Quantity must be a whole number between 1 and ${MAX_ORDER_QUANTITY}`, {
        quantity: `Quantity must be a whole number between 1 and ${MAX_ORDER_QUANTITY}`,
      });
    }
  }
  // (a line's job came from a join: one whose stored analysis is not whole is analysed again first)
  const requests = await Promise.all(
    requested.map(async (r) => ({ ...r, job: await withWholeAnalysis(app, r.job) })),
  );
  for (const r of requests) assertPrintable(r.job);
  // One table for the whole order: the quotes' own when every line is a quote still valid under the
  // same table, else the table in force.
  const versions = new Set(
    requests.map((r) => (r.quote && r.quote.validUntil > now ? r.quote.priceTableVersion : null)),
  );
  const onlyVersion = versions.size === 1 ? [...versions][0] : null;
  const table = (onlyVersion && PRICE_TABLES[onlyVersion]) || PRICE_TABLE;

  let repriced: Repricing | null = null;
  const lines: PricedLine[] = [];
  for (const r of requests) {
    const base = {
      job: r.job,
      quoteId: r.quote?.id ?? null,
      productId: r.productId ?? null,
      parameters: r.parameters,
      quantity: r.quantity,
    };
    const valid = r.quote && r.quote.validUntil > now && PRICE_TABLES[r.quote.priceTableVersion] === table;
    if (r.quote && valid) {
      const inputs = r.quote.breakdown.inputs;
      const price = priceQuote(inputs.estimate, inputs.parameters, {
        quantity: r.quantity,
        postProcessing: inputs.postProcessing,
        now: new Date(inputs.now),
        table,
      });
      lines.push({ ...base, estimate: pickEstimate(r.quote.estimate), price });
      continue;
    }
    const estimate = await estimateJob(app, r.job, r.parameters, r.parameters.orientation);
    const price = priceQuote(estimate, r.parameters, {
      quantity: r.quantity,
      postProcessing: r.parameters.postProcessing,
      now,
      table,
    });
    lines.push({ ...base, estimate: pickEstimate(estimate), price });
    if (r.quote) {
      const previous = r.quote.breakdown.total_pence;
      if (previous !== price.total_pence) {
        repriced = {
          previous_total_amount: previous,
          total_amount: price.total_pence,
          reason: `Your quote expired on ${fmtDate(r.quote.validUntil.toISOString())}, so it was priced again with today’s prices.`,
        };
      }
    }
  }
  return { lines, table, repriced };
}

function pickEstimate(e: { print_time_s: number; filament_g: number; layers?: number }) {
  return { print_time_s: e.print_time_s, filament_g: e.filament_g, layers: e.layers ?? 0 };
}

/** Everything the checkout shows and the order records: lines, shipping options, VAT and totals. */
export async function priceOrder(
  app: FastifyInstance,
  userId: string,
  livemode: boolean,
  input: {
    lines: readonly OrderLineRequest[];
    address: ShippingAddress;
    shippingChoice?: string | undefined;
    vatNumber?: string | undefined;
  },
  now = new Date(),
): Promise<OrderPricing> {
  const { lines, table, repriced } = await priceLines(app, input.lines, now);
  const forTotals = lines.map((l) => ({
    quote: l.price,
    printTimeS: l.estimate.print_time_s,
    filamentG: l.estimate.filament_g,
  }));
  const goodsWeightG = orderGoodsWeightG(forTotals);
  const rates = shippingRates.rates({ country: input.address.country, goodsWeightG });
  const shipping = chooseRate(rates, input.shippingChoice ?? 'standard');
  if (!shipping) {
    const offered = rates.map((r) => r.id).join(', ');
    throw badRequest(`That shipping option is not offered to this address. Choose one of: ${offered}.`, {
      shipping_service: 'Please choose a shipping option',
    });
  }
  const vat = vatFor(input.address.country, input.vatNumber, table.vat);
  const totals = orderTotals(forTotals, shipping, vat, table);
  // Lead time from the farm's live queue (express plates go ahead of standard ones); the fixed rule
  // when no printer could take the work.
  const work = lines.map((l) => ({
    size: bedFootprint(l.job.analysis as Analysis),
    quantity: l.quantity,
    secondsPerCopy: l.estimate.print_time_s,
    material: l.parameters.filamentType,
    color: l.parameters.color ?? 'black',
  }));
  const fixedDays = orderLeadTimeDays(forTotals, table);
  const standardDays = (await app.leadTimes.days(work, false, now.getTime())) ?? fixedDays;
  const expressDays = (await app.leadTimes.days(work, true, now.getTime())) ?? fixedDays;
  const daysFor = (rate: ShippingRate) => (rate.service === 'express' ? expressDays : standardDays);
  const leadTimeDays = daysFor(shipping);
  const deliveryFor = (rate: ShippingRate) => estimatedDelivery(now, daysFor(rate), rate.estimated_days);
  return {
    lines,
    table,
    rates,
    shipping,
    vat,
    totals,
    leadTimeDays,
    estimatedDelivery: deliveryFor(shipping),
    deliveryFor,
    goodsWeightG: Math.round(goodsWeightG),
    terms: livemode ? await termsOf(app.database.db, userId) : 'prepay',
    repriced,
  };
}

/** Takes the next number of a series for the year, in the caller's transaction: no gaps, no repeats. */
async function nextNumber(tx: Db, series: 'INV' | 'PRO', year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return `${series}-${year}-${String(row!.last).padStart(6, '0')}`;
}

/**
 * What placing an order needs of the server's configuration: plain values, so that the placement can
 * run where the database is (db/procedures.ts: on PGlite, its own thread).
 */
export interface OrderContext {
  testModeStepS: number;
  company: Config['company'];
  bank: Config['bank'];
}

export function orderContext(app: FastifyInstance): OrderContext {
  return { testModeStepS: app.config.testModeStepS, company: app.config.company, bank: app.config.bank };
}

/** The part of an order's pricing that its rows record (no functions: it can be sent to another thread). */
export type PlacedPricing = Pick<
  OrderPricing,
  'lines' | 'shipping' | 'vat' | 'totals' | 'leadTimeDays' | 'estimatedDelivery' | 'goodsWeightG' | 'terms'
> & { table: { version: string } };

export function placedPricing(p: OrderPricing): PlacedPricing {
  return {
    lines: p.lines,
    shipping: p.shipping,
    vat: p.vat,
    totals: p.totals,
    leadTimeDays: p.leadTimeDays,
    estimatedDelivery: p.estimatedDelivery,
    goodsWeightG: p.goodsWeightG,
    terms: p.terms,
    table: { version: p.table.version },
  };
}

export interface PlaceOptions {
  via: 'web' | 'api' | 'store' | 'csv';
  actor: OrderActor;
  actorId: string | null;
  externalId?: string | undefined;
  metadata?: Record<string, string> | undefined;
  address: ShippingAddress;
}

/**
 * Writes an order in the caller's transaction: the order, its items, its first event and (live orders)
 * its pro-forma invoice or, on net 30, its invoice. A failure anywhere writes nothing. The caller nudges
 * the webhook worker (`app.webhooks.nudge()`) once the transaction has committed.
 */
export async function insertOrder(
  ctx: OrderContext,
  tx: Db,
  userId: string,
  livemode: boolean,
  pricing: PlacedPricing,
  opts: PlaceOptions,
  now = new Date(),
): Promise<OrderDetail> {
  const id = newId('ord');
  const status = initialStatus(livemode, pricing.terms);
  if (opts.externalId) {
    const [dup] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.userId, userId), eq(orders.livemode, livemode), eq(orders.externalId, opts.externalId)),
      )
      .limit(1);
    if (dup) {
      throw new AppError(
        409,
        'CONFLICT',
        `An order with external_id "${opts.externalId}" already exists (${dup.id}).`,
        {
          external_id: 'Already used by another order',
        },
      );
    }
  }
  const s = pricing.shipping;
  // The rows are written as built here and not read back (no RETURNING): every column is given, so the
  // rows are exactly what `getOrder` would read (docs/decisions/0009-pglite-thread.md).
  const order: OrderRow = {
    id,
    userId,
    livemode,
    status,
    currency: 'GBP',
    itemsAmount: pricing.totals.items_amount,
    discountAmount: pricing.totals.discount_amount,
    fulfillmentAmount: pricing.totals.fulfillment_amount,
    shippingAmount: pricing.totals.shipping_amount,
    netAmount: pricing.totals.net_amount,
    taxAmount: pricing.totals.tax_amount,
    totalAmount: pricing.totals.total_amount,
    tax: pricing.vat,
    shippingAddress: opts.address,
    shipping: {
      id: s.id,
      carrier: s.carrier,
      carrier_name: s.carrier_name,
      service: s.service,
      amount: s.amount,
      estimated_days: s.estimated_days,
      parcels: s.parcels,
      weight_g: pricing.goodsWeightG,
      rate_table_version: s.rate_table_version,
    },
    leadTimeDays: pricing.leadTimeDays,
    estimatedDelivery: pricing.estimatedDelivery,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    externalId: opts.externalId ?? null,
    metadata: opts.metadata ?? {},
    paymentTerms: pricing.terms,
    priceTableVersion: pricing.table.version,
    placedVia: opts.via,
    nextStepAt: livemode ? null : new Date(now.getTime() + ctx.testModeStepS * 1000),
    createdAt: now,
    updatedAt: now,
  };
  const items: OrderItemRow[] = pricing.lines.map((l, position) => {
    const a = l.job.analysis as Analysis;
    return {
      id: newId('oi'),
      orderId: id,
      position,
      jobId: l.job.id,
      quoteId: l.quoteId,
      productId: l.productId,
      fileName: l.job.fileName,
      filePath: l.job.filePath,
      meshPath: l.job.meshPath,
      units: l.job.units,
      dimensions: { x: a.bbox.size[0], y: a.bbox.size[1], z: a.bbox.size[2] },
      parameters: l.parameters,
      quantity: l.quantity,
      unitAmount: l.price.unit_price_pence,
      subtotalAmount: l.price.subtotal_pence,
      discountAmount: l.price.discount_pence,
      estimate: l.estimate,
      price: l.price,
    };
  });
  const events: OrderEventRow[] = [
    {
      id: newId('oev'),
      orderId: id,
      createdAt: now,
      fromStatus: null,
      toStatus: status,
      action: 'place',
      actorType: opts.actor,
      actorId: opts.actorId,
      reason: null,
      data: { via: opts.via, total_amount: pricing.totals.total_amount },
    },
  ];
  // Its `order.created` event (API.md §4), written with it: the order object, as read back.
  const created: NewEvent = {
    userId,
    livemode,
    type: 'order.created',
    orderId: id,
    object: orderDto(order, { items, events }) as unknown as Record<string, unknown>,
  };
  const event = eventRow(created);
  // One statement for the four tables (insert-rows.ts), and the endpoints that want the event, sent
  // together; then a pending delivery to each.
  const [, targets] = await Promise.all([
    insertRows(
      tx,
      rowsOf(orders, [order]),
      rowsOf(orderItems, items),
      rowsOf(orderEvents, events),
      rowsOf(eventsTable, [event]),
    ),
    subscribers(tx, created),
  ]);
  await queueDeliveries(
    tx,
    event,
    targets.map((t) => t.id),
  );
  const docs: InvoiceRow[] = [];
  if (livemode) {
    const year = now.getUTCFullYear();
    const kind = pricing.terms === 'net30' ? 'invoice' : 'proforma';
    const number = await nextNumber(tx, kind === 'invoice' ? 'INV' : 'PRO', year);
    const dueDate = kind === 'invoice' ? isoDate(new Date(now.getTime() + 30 * 86_400_000)) : null;
    const [owner] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        id: newId('inv'),
        orderId: id,
        userId,
        kind,
        number,
        issuedAt: now,
        dueDate,
        status: 'open',
        totalAmount: pricing.totals.total_amount,
        document: invoiceDocument(ctx, {
          kind,
          number,
          orderId: id,
          issueDate: isoDate(now),
          dueDate,
          address: opts.address,
          buyerEmail: owner?.email ?? '',
          externalId: opts.externalId ?? null,
          pricing: snapshotOf(pricing),
          paidDate: null,
        }),
      })
      .returning();
    docs.push(invoice!);
  }
  // What was written, as `getOrder` reads it back (items by position, events and documents oldest first).
  return { order, items, events, invoices: docs };
}

/** What an invoice needs from an order, whether freshly priced or read back from its rows. */
interface OrderSnapshot {
  lines: {
    fileName: string;
    parameters: LineParameters;
    quantity: number;
    unitAmount: number;
    amount: number;
  }[];
  totals: ReturnType<typeof orderTotals>;
  vat: Pick<VatTreatment, 'rate' | 'label' | 'note' | 'vatNumber'>;
  shipping: { carrier_name: string; service: string; estimated_days: { min: number; max: number } };
  terms: PaymentTerms;
}

function snapshotOf(p: PlacedPricing): OrderSnapshot {
  return {
    lines: p.lines.map((l) => ({
      fileName: l.job.fileName,
      parameters: l.parameters,
      quantity: l.quantity,
      unitAmount: l.price.unit_price_pence,
      amount: l.price.subtotal_pence,
    })),
    totals: p.totals,
    vat: p.vat,
    shipping: p.shipping,
    terms: p.terms,
  };
}

function snapshotOfRows(order: OrderRow, items: OrderItemRow[]): OrderSnapshot {
  const tax = order.tax as VatTreatment;
  return {
    lines: items.map((i) => ({
      fileName: i.fileName,
      parameters: i.parameters as LineParameters,
      quantity: i.quantity,
      unitAmount: i.unitAmount,
      amount: i.subtotalAmount,
    })),
    totals: {
      items_amount: order.itemsAmount,
      discount_amount: order.discountAmount,
      fulfillment_amount: order.fulfillmentAmount,
      shipping_amount: order.shippingAmount,
      net_amount: order.netAmount,
      tax_amount: order.taxAmount,
      total_amount: order.totalAmount,
      currency: 'GBP',
    },
    vat: tax,
    shipping: order.shipping as OrderSnapshot['shipping'],
    terms: order.paymentTerms as PaymentTerms,
  };
}

/** One line of parameters as a person reads them. */
export function describeParameters(p: LineParameters): string {
  const parts = [
    p.color ? `${p.filamentType}, ${p.color}` : p.filamentType,
    `${p.layerHeight} mm layers`,
    `${p.infillPercentage}% infill`,
    `${p.printSpeed} mm/s`,
  ];
  if (p.supportRequired) parts.push('supports');
  if (p.postProcessing.length > 0) parts.push(p.postProcessing.join(', '));
  return parts.join(' · ');
}

export function shippingDescription(s: OrderSnapshot['shipping']): string {
  const service = s.service === 'express' ? 'Express' : 'Standard';
  const days =
    s.estimated_days.min === s.estimated_days.max
      ? `${s.estimated_days.max}`
      : `${s.estimated_days.min}–${s.estimated_days.max}`;
  return `${s.carrier_name} ${service} (${days} business days)`;
}

function invoiceDocument(
  ctx: OrderContext,
  d: {
    kind: 'invoice' | 'proforma';
    number: string;
    orderId: string;
    issueDate: string;
    dueDate: string | null;
    address: ShippingAddress;
    buyerEmail: string;
    externalId: string | null;
    pricing: OrderSnapshot;
    paidDate: string | null;
  },
): InvoiceDocument {
  const cfg = ctx;
  const p = d.pricing;
  const buyer = {
    name: d.address.name,
    lines: addressLines(d.address),
    ...(d.buyerEmail ? { email: d.buyerEmail } : {}),
    ...(p.vat.vatNumber ? { vatNumber: p.vat.vatNumber } : {}),
  };
  const unpaid = !d.paidDate;
  return {
    kind: d.kind,
    number: d.number,
    issueDate: d.issueDate,
    dueDate: d.dueDate,
    orderId: d.orderId,
    ...(d.externalId ? { orderReference: d.externalId } : {}),
    seller: {
      name: cfg.company.name,
      address: cfg.company.address,
      email: cfg.company.email,
      ...(cfg.company.website ? { website: cfg.company.website } : {}),
      ...(cfg.company.vatNumber ? { vatNumber: cfg.company.vatNumber } : {}),
      ...(cfg.company.companyNumber ? { companyNumber: cfg.company.companyNumber } : {}),
    },
    buyer,
    shipTo: { name: d.address.name, lines: addressLines(d.address) },
    lines: p.lines.map((l) => ({
      description: l.fileName,
      detail: describeParameters(l.parameters),
      quantity: l.quantity,
      unitAmount: l.unitAmount,
      amount: l.amount,
    })),
    totals: {
      itemsAmount: p.totals.items_amount,
      discountAmount: p.totals.discount_amount,
      fulfillmentAmount: p.totals.fulfillment_amount,
      shippingAmount: p.totals.shipping_amount,
      netAmount: p.totals.net_amount,
      taxRate: p.vat.rate,
      taxAmount: p.totals.tax_amount,
      totalAmount: p.totals.total_amount,
      taxLabel: p.vat.label,
      ...(p.vat.note ? { taxNote: p.vat.note } : {}),
    },
    paymentTerms:
      d.kind === 'proforma'
        ? 'Payment by bank transfer before production. Your order is printed as soon as the payment is recorded.'
        : p.terms === 'net30'
          ? 'Net 30: payment by bank transfer within 30 days of the invoice date.'
          : 'Paid by bank transfer.',
    ...(unpaid && cfg.bank ? { bank: cfg.bank } : {}),
    ...(d.paidDate ? { paidDate: d.paidDate } : {}),
    shippingDescription: shippingDescription(p.shipping),
  };
}

// ---------------------------------------------------------------------------------------------
// The lifecycle.

export const TRACKING_URLS: Record<CarrierCode, (n: string) => string> = {
  royal_mail: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(n)}`,
  dpd: (n) => `https://track.dpd.co.uk/parcels/${encodeURIComponent(n)}`,
  dhl: (n) =>
    `https://www.dhl.com/gb-en/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(n)}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
};

export interface ActionRequest {
  orderId: string;
  /** Set for customers: only their own orders (another's is a 404). */
  ownerId?: string;
  /** Only orders of this mode (API keys); unset: any (operators, the web: live only). */
  livemode?: boolean;
  action: OrderAction;
  actor: OrderActor;
  actorId: string | null;
  actorEmail?: string;
  carrier?: CarrierCode | undefined;
  trackingNumber?: string | undefined;
  reason?: string | undefined;
  reference?: string | undefined;
}

export interface ActionResult {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  /** Documents issued by the action (the invoice on payment). */
  issued: InvoiceRow[];
}

/**
 * Applies a lifecycle action in one transaction: the order is locked, the lifecycle decides, and the
 * new status, its event and its effects (payment, invoice, tracking) are written together.
 */
export async function applyAction(
  app: FastifyInstance,
  req: ActionRequest,
  now = new Date(),
): Promise<ActionResult> {
  if (req.action === 'ship') {
    if (!req.carrier || !req.trackingNumber) {
      throw badRequest('Shipping an order needs the carrier and the tracking number.', {
        ...(req.carrier ? {} : { carrier: 'Please choose the carrier' }),
        ...(req.trackingNumber ? {} : { tracking_number: 'Please enter the tracking number' }),
      });
    }
  }
  const result = await app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    const conditions = [eq(orders.id, req.orderId)];
    if (req.ownerId) conditions.push(eq(orders.userId, req.ownerId));
    if (req.livemode !== undefined) conditions.push(eq(orders.livemode, req.livemode));
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(...conditions))
      .for('update')
      .limit(1);
    if (!order) throw notFound('Order');
    const from = order.status as OrderStatus;
    const t = transition(from, req.action, req.actor);
    if (!t.ok) {
      throw new AppError(t.refusal.code === 'FORBIDDEN' ? 403 : 409, t.refusal.code, t.refusal.message);
    }
    const to = t.next;
    const patch: Partial<OrderRow> = { status: to, updatedAt: now };
    // Test orders move on by the simulated clock until they are delivered or cancelled.
    if (!order.livemode) {
      patch.nextStepAt =
        to === 'delivered' || to === 'cancelled'
          ? null
          : new Date(now.getTime() + app.config.testModeStepS * 1000);
    }
    const data: Record<string, unknown> = {};
    if (req.actorEmail && req.actor === 'operator') data.operator_email = req.actorEmail;
    if (req.action === 'ship') {
      patch.carrier = req.carrier!;
      patch.trackingNumber = req.trackingNumber!;
      patch.trackingUrl = TRACKING_URLS[req.carrier!](req.trackingNumber!);
      Object.assign(data, {
        carrier: req.carrier,
        tracking_number: req.trackingNumber,
        tracking_url: patch.trackingUrl,
      });
    }
    const issued: InvoiceRow[] = [];
    if (req.action === 'record_payment') {
      await tx.insert(payments).values({
        id: newId('pay'),
        orderId: order.id,
        amount: order.totalAmount,
        method: 'bank_transfer',
        reference: req.reference ?? null,
        recordedBy: req.actorId ?? 'system',
        recordedAt: now,
      });
      data.amount = order.totalAmount;
      if (req.reference) data.reference = req.reference;
      // The pro-forma is settled; the invoice is issued, paid.
      await tx
        .update(invoices)
        .set({ status: 'paid', paidAt: now })
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'proforma')));
      if (order.livemode) {
        const items = await tx
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
          .orderBy(asc(orderItems.position));
        const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
        const number = await nextNumber(tx, 'INV', now.getUTCFullYear());
        const [inv] = await tx
          .insert(invoices)
          .values({
            id: newId('inv'),
            orderId: order.id,
            userId: order.userId,
            kind: 'invoice',
            number,
            issuedAt: now,
            dueDate: null,
            status: 'paid',
            paidAt: now,
            totalAmount: order.totalAmount,
            document: invoiceDocument(orderContext(app), {
              kind: 'invoice',
              number,
              orderId: order.id,
              issueDate: isoDate(now),
              dueDate: null,
              address: order.shippingAddress as ShippingAddress,
              buyerEmail: owner?.email ?? '',
              externalId: order.externalId,
              pricing: snapshotOfRows(order, items),
              paidDate: isoDate(now),
            }),
          })
          .returning();
        issued.push(inv!);
        data.invoice_number = number;
      }
    }
    if (req.action === 'cancel') {
      await tx
        .update(invoices)
        .set({ status: 'void' })
        .where(and(eq(invoices.orderId, order.id), eq(invoices.status, 'open')));
    }
    const [updated] = await tx.update(orders).set(patch).where(eq(orders.id, order.id)).returning();
    await tx.insert(orderEvents).values({
      id: newId('oev'),
      orderId: order.id,
      createdAt: now,
      fromStatus: from,
      toStatus: to,
      action: req.action,
      actorType: req.actor,
      actorId: req.actorId,
      reason: req.reason ?? null,
      data,
    });
    await recordOrderChange(tx, updated!, { action: req.action, from });
    // An order from a connected store: its tracking is owed to the store (issue 16), in this transaction.
    if (req.action === 'ship' && updated!.livemode) await queueStorePushes(tx, updated!);
    return { order: updated!, from, to, issued };
  });
  orderChanged(req.orderId);
  app.webhooks.nudge();
  return result;
}

/**
 * The events of a status change (API.md §4), in its transaction: `order.updated` for every change, then
 * `order.shipped`, `order.delivered` or `order.cancelled` where one applies, each with the order as it is
 * now (items and timeline) and what it was before.
 */
async function recordOrderChange(
  tx: Db,
  order: OrderRow,
  change: { action: OrderAction; from: OrderStatus },
) {
  const detail = await getOrder(tx, order.id);
  const object = orderDto(detail.order, { items: detail.items, events: detail.events }) as unknown as Record<
    string,
    unknown
  >;
  const base = { userId: order.userId, livemode: order.livemode, orderId: order.id, object };
  const previous: Record<string, unknown> = { status: change.from };
  if (change.action === 'ship')
    Object.assign(previous, { carrier: null, tracking_number: null, tracking_url: null });
  await recordEvent(tx, { ...base, type: 'order.updated', previousAttributes: previous });
  const specific =
    change.action === 'ship'
      ? 'order.shipped'
      : change.action === 'deliver'
        ? 'order.delivered'
        : change.action === 'cancel'
          ? 'order.cancelled'
          : null;
  if (specific) await recordEvent(tx, { ...base, type: specific, previousAttributes: previous });
}

// ---------------------------------------------------------------------------------------------
// Reading orders.

export interface OrderQuery {
  userId?: string;
  livemode?: boolean;
  status?: OrderStatus | undefined;
  externalId?: string | undefined;
  q?: string | undefined;
  limit: number;
  startingAfter?: string | undefined;
  endingBefore?: string | undefined;
}

/** A page of orders, newest first, with cursors (the id of the last / first order of a page). */
export async function listOrders(db: Db, query: OrderQuery): Promise<{ rows: OrderRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(orders.userId, query.userId));
  if (query.livemode !== undefined) conditions.push(eq(orders.livemode, query.livemode));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.externalId) conditions.push(eq(orders.externalId, query.externalId));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byEmail = db.select({ id: user.id }).from(user).where(ilike(user.email, like));
    conditions.push(
      or(
        eq(orders.id, query.q),
        ilike(orders.externalId, like),
        sql`${orders.shippingAddress}->>'name' ilike ${like}`,
        inArray(orders.userId, byEmail),
      )!,
    );
  }
  const cursorId = query.startingAfter ?? query.endingBefore;
  if (cursorId) {
    const scope = [
      eq(orders.id, cursorId),
      ...(query.userId ? [eq(orders.userId, query.userId)] : []),
      ...(query.livemode !== undefined ? [eq(orders.livemode, query.livemode)] : []),
    ];
    const [c] = await db
      .select({ createdAt: orders.createdAt, id: orders.id })
      .from(orders)
      .where(and(...scope))
      .limit(1);
    if (!c) {
      const param = query.startingAfter ? 'starting_after' : 'ending_before';
      throw new AppError(404, 'NOT_FOUND', `No such order: ${cursorId}`, { [param]: 'No such order' });
    }
    // The cursor's time read in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
    const at = sql`(select ${orders.createdAt} from ${orders} where ${orders.id} = ${c.id})`;
    conditions.push(
      query.startingAfter
        ? or(lt(orders.createdAt, at), and(eq(orders.createdAt, at), lt(orders.id, c.id)))!
        : or(gt(orders.createdAt, at), and(eq(orders.createdAt, at), gt(orders.id, c.id)))!,
    );
  }
  const newestFirst = !query.endingBefore;
  const rows = await db
    .select()
    .from(orders)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(
      ...(newestFirst ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.createdAt), asc(orders.id)]),
    )
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { rows: newestFirst ? page : page.reverse(), hasMore: rows.length > query.limit };
}

export async function itemsOf(db: Db, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const out = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.position));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push(r);
    out.set(r.orderId, list);
  }
  return out;
}

/** An order with everything its detail view shows, scoped to its owner when `ownerId` is set. */
export interface OrderDetail {
  order: OrderRow;
  items: OrderItemRow[];
  events: OrderEventRow[];
  invoices: InvoiceRow[];
}

const DETAIL_CACHE_SIZE = 1000;
const detailCache = new Map<string, { version: string; detail: OrderDetail }>();

/**
 * On the embedded database (PGlite: one process owns it, so every change of an order is made here and
 * goes through `applyAction` or `insertOrder`), a remembered detail is exact until this process changes
 * the order: no version query at all. `changes` counts the changes per order; a read that overlapped a
 * change is not remembered. `epoch` moves when the counters are dropped, so no old count can match.
 */
const changes = new Map<string, number>();
let epoch = 0;
const changeToken = (id: string) => `${epoch}:${changes.get(id) ?? 0}`;

/** This process committed a change of the order: forget its remembered detail. */
export function orderChanged(id: string) {
  changes.set(id, (changes.get(id) ?? 0) + 1);
  detailCache.delete(id);
  if (changes.size > 10 * DETAIL_CACHE_SIZE) {
    changes.clear();
    detailCache.clear();
    epoch++;
  }
}

function remember(id: string, version: string, detail: OrderDetail) {
  detailCache.delete(id);
  detailCache.set(id, { version, detail });
  if (detailCache.size > DETAIL_CACHE_SIZE) detailCache.delete(detailCache.keys().next().value!);
}

const inScope = (o: OrderRow, scope: { ownerId?: string; livemode?: boolean }) =>
  (!scope.ownerId || o.userId === scope.ownerId) &&
  (scope.livemode === undefined || o.livemode === scope.livemode);

/**
 * `getOrder` for the hot read paths (GET /v1/orders/{id}, the order page): one indexed query for the
 * order's version (last update, status, number of events), then the detail remembered for that
 * version. Every change bumps the version in the same transaction, so an answer is never staler than
 * the database, whichever process made the change.
 */
export async function getOrderFresh(
  db: Db,
  id: string,
  scope: { ownerId?: string; livemode?: boolean } = {},
  opts: { singleProcess?: boolean } = {},
): Promise<OrderDetail> {
  if (opts.singleProcess) {
    const hit = detailCache.get(id);
    if (hit?.version.startsWith('exact:') && hit.version === `exact:${changeToken(id)}`) {
      if (!inScope(hit.detail.order, scope)) throw notFound('Order');
      detailCache.delete(id);
      detailCache.set(id, hit);
      return hit.detail;
    }
    const token = changeToken(id);
    const detail = await getOrder(db, id, scope);
    if (token === changeToken(id)) remember(id, `exact:${token}`, detail);
    return detail;
  }
  const conditions = [eq(orders.id, id)];
  if (scope.ownerId) conditions.push(eq(orders.userId, scope.ownerId));
  if (scope.livemode !== undefined) conditions.push(eq(orders.livemode, scope.livemode));
  const [head] = await db
    .select({
      updatedAt: orders.updatedAt,
      status: orders.status,
      events:
        sql<number>`(select count(*) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(and(...conditions))
    .limit(1);
  if (!head) throw notFound('Order');
  const version = `${head.updatedAt.getTime()}:${head.status}:${head.events}`;
  const hit = detailCache.get(id);
  if (hit && hit.version === version) {
    // Most recently used last, so the oldest is evicted first.
    detailCache.delete(id);
    detailCache.set(id, hit);
    return hit.detail;
  }
  const detail = await getOrder(db, id, scope);
  remember(id, version, detail);
  return detail;
}

export async function getOrder(
  db: Db,
  id: string,
  scope: { ownerId?: string; livemode?: boolean } = {},
): Promise<OrderDetail> {
  const conditions = [eq(orders.id, id)];
  if (scope.ownerId) conditions.push(eq(orders.userId, scope.ownerId));
  if (scope.livemode !== undefined) conditions.push(eq(orders.livemode, scope.livemode));
  const [order] = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .limit(1);
  if (!order) throw notFound('Order');
  // One after another: inside a transaction they share one connection.
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.position));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const docs = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, id))
    .orderBy(asc(invoices.issuedAt));
  return { order, items, events, invoices: docs };
}

// ---------------------------------------------------------------------------------------------
// The order object (API.md §1).

function itemDto(i: OrderItemRow) {
  const p = i.parameters as LineParameters;
  const dims = i.dimensions as { x: number; y: number; z: number };
  return {
    id: i.id,
    object: 'order_item' as const,
    file_id: publicUuidId('file', i.jobId),
    quote_id: i.quoteId ? publicUuidId('quo', i.quoteId) : null,
    product_id: i.productId,
    file_name: i.fileName,
    dimensions: { x: round2(dims.x), y: round2(dims.y), z: round2(dims.z) },
    parameters: apiParameters(p, i.units),
    quantity: i.quantity,
    unit_amount: i.unitAmount,
    subtotal_amount: i.subtotalAmount,
    discount_amount: i.discountAmount,
    total_amount: i.subtotalAmount - i.discountAmount,
    currency: 'GBP' as const,
    estimate: i.estimate as { print_time_s: number; filament_g: number; layers: number },
  };
}

export function apiParameters(p: LineParameters, units: string) {
  return {
    material: p.filamentType,
    color: p.color ?? null,
    layer_height: p.layerHeight,
    infill: p.infillPercentage,
    print_speed: p.printSpeed,
    supports: p.supportRequired,
    post_processing: [...p.postProcessing],
    units,
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function eventDto(e: OrderEventRow, forOperator: boolean): OrderEventDto {
  const data = { ...(e.data as Record<string, unknown>) };
  const operatorEmail = typeof data.operator_email === 'string' ? data.operator_email : null;
  if (!forOperator) delete data.operator_email;
  return {
    id: e.id,
    object: 'order_event',
    created_at: e.createdAt.toISOString(),
    from_status: (e.fromStatus as OrderStatus | null) ?? null,
    to_status: e.toStatus as OrderStatus,
    action: e.action,
    actor: e.actorType as OrderActor,
    actor_name: forOperator ? operatorEmail : null,
    reason: e.reason,
    data,
  };
}

export interface DtoOptions {
  items: OrderItemRow[];
  events?: OrderEventRow[];
  invoices?: InvoiceRow[];
  /** Where the documents are downloaded (web routes), by order id. */
  documentBase?: string;
  forOperator?: boolean;
  customer?: { id: string; email: string };
}

export function orderDto(o: OrderRow, opts: DtoOptions): OrderDto {
  const tax = o.tax as VatTreatment;
  const shipping = o.shipping as OrderDto['shipping'] & { rate_table_version?: string };
  const base = opts.documentBase;
  return {
    id: o.id,
    object: 'order',
    created_at: o.createdAt.toISOString(),
    livemode: o.livemode,
    status: o.status as OrderStatus,
    items: opts.items.map(itemDto),
    shipping_address: o.shippingAddress as ShippingAddress,
    shipping: {
      id: shipping.id,
      carrier: shipping.carrier,
      carrier_name: shipping.carrier_name,
      service: shipping.service,
      amount: shipping.amount,
      currency: 'GBP',
      estimated_days: shipping.estimated_days,
      weight_g: shipping.weight_g,
      parcels: shipping.parcels,
    },
    items_amount: o.itemsAmount,
    discount_amount: o.discountAmount,
    fulfillment_amount: o.fulfillmentAmount,
    shipping_amount: o.shippingAmount,
    net_amount: o.netAmount,
    tax_amount: o.taxAmount,
    total_amount: o.totalAmount,
    currency: 'GBP',
    tax: {
      kind: tax.kind,
      rate: tax.rate,
      label: tax.label,
      note: tax.note ?? null,
      vat_number: tax.vatNumber ?? null,
    },
    payment_terms: o.paymentTerms as PaymentTerms,
    lead_time_days: o.leadTimeDays,
    estimated_delivery: o.estimatedDelivery,
    carrier: o.carrier,
    tracking_number: o.trackingNumber,
    tracking_url: o.trackingUrl,
    external_id: o.externalId,
    metadata: o.metadata,
    price_table_version: o.priceTableVersion,
    ...(opts.events ? { events: opts.events.map((e) => eventDto(e, opts.forOperator ?? false)) } : {}),
    ...(opts.invoices && base
      ? {
          documents: [
            {
              kind: 'quote' as const,
              number: `Q-${o.id.slice(4, 12).toUpperCase()}`,
              url: `${base}/${o.id}/documents/quote.pdf`,
              status: 'issued',
              issued_at: o.createdAt.toISOString(),
              due_date: null,
            },
            ...opts.invoices.map((inv) => ({
              kind: inv.kind as 'proforma' | 'invoice',
              number: inv.number,
              url: `${base}/${o.id}/documents/${inv.number}.pdf`,
              status: inv.status,
              issued_at: inv.issuedAt.toISOString(),
              due_date: inv.dueDate,
            })),
          ],
        }
      : {}),
    ...(opts.customer ? { customer: opts.customer } : {}),
  };
}

export { CARRIERS };
