import {
  apiErrorSchema,
  cancelOrderRequestSchema,
  checkoutPreviewSchema,
  checkoutRequestSchema,
  orderDocumentParamsSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  placeOrderRequestSchema,
  type ShippingAddress,
  vatNumberProblem,
} from '@printloop/contracts';
import type { EstimateResult } from '@printloop/estimate';
import type { Quote, QuoteParameters } from '@printloop/quote';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/require-user.js';
import { requireVerifiedEmail } from '../../auth/verified.js';
import type { Db } from '../../db/client.js';
import { printJobs, printParameters, quotes } from '../../db/schema.js';
import { checkIdempotencyKey, requestFingerprint, withIdempotency } from '../../http/idempotency.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { cancelledEmail, orderReceivedEmail, sendOrderEmail } from '../../orders/emails.js';
import { quoteDocumentForOrder } from '../../orders/order-documents.js';
import {
  apiParameters,
  applyAction,
  getOrder,
  getOrderFresh,
  insertOrder,
  itemsOf,
  type LineParameters,
  listOrders,
  type OrderDetail,
  type OrderPricing,
  orderContext,
  orderDto,
  priceOrder,
} from '../../orders/orders.js';
import { renderInvoicePdf, renderQuotePdf } from '../../orders/pdf.js';

/** A saved quote of this user as an order line, or 404. */
export async function savedQuoteLine(db: Db, userId: string, quoteId: string) {
  const [row] = await db
    .select({ q: quotes, p: printParameters, job: printJobs })
    .from(quotes)
    .innerJoin(printJobs, and(eq(printJobs.id, quotes.jobId), eq(printJobs.userId, userId)))
    .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Quote');
  const { q, p, job } = row;
  const parameters: LineParameters = {
    layerHeight: p.layerHeight,
    filamentType: p.filamentType as QuoteParameters['filamentType'],
    printSpeed: p.printSpeed,
    infillPercentage: p.infillPercentage,
    supportRequired: p.supportRequired,
    postProcessing: p.postProcessing as QuoteParameters['postProcessing'],
    color: p.color,
    // The face put down, so an expired quote is priced again the way it was saved.
    ...(p.orientation ? { orientation: p.orientation } : {}),
  };
  return {
    job,
    parameters,
    quantity: q.quantity,
    quote: {
      id: q.id,
      quantity: q.quantity,
      validUntil: q.validUntil,
      priceTableVersion: q.priceTableVersion,
      breakdown: q.breakdown as Quote,
      estimate: q.estimate as EstimateResult,
    },
  };
}

function checkVatNumber(vatNumber: string | undefined, address: ShippingAddress) {
  const problem = vatNumberProblem(vatNumber, address.country);
  if (problem) throw badRequest(problem, { vat_number: problem });
}

/** The checkout's view of a priced order (before it is placed). */
function previewDto(quoteId: string, p: OrderPricing) {
  const option = (r: OrderPricing['rates'][number]) => ({
    id: r.id,
    carrier: r.carrier,
    carrier_name: r.carrier_name,
    service: r.service,
    amount: r.amount,
    currency: 'GBP' as const,
    estimated_days: r.estimated_days,
    estimated_delivery: p.deliveryFor(r),
  });
  return {
    quote_id: quoteId,
    items: p.lines.map((l) => {
      const size = (l.job.analysis as { bbox: { size: number[] } }).bbox.size;
      return {
        file_id: `file_${l.job.id.replaceAll('-', '')}`,
        quote_id: l.quoteId ? `quo_${l.quoteId.replaceAll('-', '')}` : null,
        product_id: l.productId,
        file_name: l.job.fileName,
        dimensions: { x: round2(size[0]!), y: round2(size[1]!), z: round2(size[2]!) },
        parameters: apiParameters(l.parameters, l.job.units),
        quantity: l.quantity,
        unit_amount: l.price.unit_price_pence,
        subtotal_amount: l.price.subtotal_pence,
        discount_amount: l.price.discount_pence,
        total_amount: l.price.items_pence,
        currency: 'GBP' as const,
        estimate: l.estimate,
      };
    }),
    shipping_options: p.rates.map(option),
    shipping: option(p.shipping),
    lead_time_days: p.leadTimeDays,
    estimated_delivery: p.estimatedDelivery,
    tax: {
      kind: p.vat.kind,
      rate: p.vat.rate,
      label: p.vat.label,
      note: p.vat.note ?? null,
      vat_number: p.vat.vatNumber ?? null,
    },
    ...p.totals,
    repriced: p.repriced,
    payment_terms: p.terms,
    price_table_version: p.table.version,
  };
}
const round2 = (v: number) => Math.round(v * 100) / 100;

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * The customer's orders (live orders placed on the web): checkout, place, list, detail, cancel and the
 * order's documents. Every query is scoped to the signed-in user; another user's order is a 404.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout/preview',
    {
      schema: {
        body: checkoutRequestSchema,
        response: {
          200: checkoutPreviewSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const body = request.body;
      checkVatNumber(body.vat_number, body.shipping_address);
      const line = await savedQuoteLine(app.database.db, u.id, body.quote_id);
      const pricing = await priceOrder(app, u.id, true, {
        lines: [line],
        address: body.shipping_address,
        shippingChoice: body.shipping_service,
        vatNumber: body.vat_number,
      });
      return previewDto(body.quote_id, pricing);
    },
  );

  app.post(
    '/api/orders',
    {
      schema: {
        body: placeOrderRequestSchema,
        response: {
          201: orderSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const u = await requireUser(request);
      const key = checkIdempotencyKey(request.headers['idempotency-key']);
      // Web orders are live: the address must be confirmed first (before the key is taken).
      await requireVerifiedEmail(app.database.db, u.id);
      const body = request.body;
      checkVatNumber(body.vat_number, body.shipping_address);
      const fingerprint = requestFingerprint('POST', '/api/orders', request.body);
      let placed: OrderDetail | null = null;
      const result = await withIdempotency(
        app,
        { userId: u.id, livemode: true },
        key,
        fingerprint,
        async (commit) => {
          // Reads and pricing first; then the writes, in one transaction with the idempotency key.
          const line = await savedQuoteLine(app.database.db, u.id, body.quote_id);
          const pricing = await priceOrder(app, u.id, true, {
            lines: [line],
            address: body.shipping_address,
            shippingChoice: body.shipping_service,
            vatNumber: body.vat_number,
          });
          if (
            body.expected_total_amount !== undefined &&
            body.expected_total_amount !== pricing.totals.total_amount
          ) {
            throw new AppError(
              409,
              'PRICE_CHANGED',
              `The price changed since the page showed it: the total is now ${pricing.totals.total_amount} pence, not ${body.expected_total_amount}. Please review the new figures and place the order again.`,
            );
          }
          return commit(async (tx) => {
            const detail = await insertOrder(orderContext(app), tx, u.id, true, pricing, {
              via: 'web',
              actor: 'customer',
              actorId: u.id,
              address: body.shipping_address,
            });
            placed = detail;
            return {
              status: 201,
              body: orderDto(detail.order, { ...detail, documentBase: '/api/orders' }),
            };
          });
        },
      );
      if (placed && !result.replayed) {
        app.webhooks.nudge();
        const detail: OrderDetail = placed;
        sendOrderEmail(
          app,
          u.email,
          detail.order,
          orderReceivedEmail(app, detail.order, detail.items, detail.invoices),
        );
      }
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      // A replayed answer is read back from the database: parsed, not trusted, before it is sent.
      if (result.status === 201) return reply.status(201).send(orderSchema.parse(result.body));
      const failed = apiErrorSchema.parse(result.body);
      return reply
        .status(result.status === 409 || result.status === 404 || result.status === 422 ? result.status : 400)
        .send(failed);
    },
  );

  app.get(
    '/api/orders',
    { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } },
    async (request) => {
      const u = await requireUser(request);
      const q = request.query;
      const { rows, hasMore } = await listOrders(app.database.db, {
        userId: u.id,
        livemode: true,
        status: q.status,
        externalId: q.external_id,
        limit: q.limit,
        startingAfter: q.starting_after,
        endingBefore: q.ending_before,
      });
      const items = await itemsOf(
        app.database.db,
        rows.map((r) => r.id),
      );
      return {
        object: 'list' as const,
        data: rows.map((o) => orderDto(o, { items: items.get(o.id) ?? [] })),
        has_more: hasMore,
      };
    },
  );

  app.get(
    '/api/orders/:id',
    { schema: { params: orderIdParamsSchema, response: { 200: orderSchema, 404: apiErrorSchema } } },
    async (request) => {
      const u = await requireUser(request);
      const { id } = request.params;
      const detail = await getOrderFresh(
        app.database.db,
        id,
        { ownerId: u.id, livemode: true },
        { singleProcess: app.database.kind === 'pglite' },
      );
      return orderDto(detail.order, { ...detail, documentBase: '/api/orders' });
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      schema: {
        params: orderIdParamsSchema,
        body: cancelOrderRequestSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const { id } = request.params;
      const { reason } = request.body ?? {};
      const r = await applyAction(app, {
        orderId: id,
        ownerId: u.id,
        livemode: true,
        action: 'cancel',
        actor: 'customer',
        actorId: u.id,
        reason: reason ?? 'Cancelled by the customer',
      });
      sendOrderEmail(app, u.email, r.order, cancelledEmail(app, r.order, reason ?? null));
      const detail = await getOrder(app.database.db, id, { ownerId: u.id });
      return orderDto(detail.order, { ...detail, documentBase: '/api/orders' });
    },
  );

  /** The order's quote, pro-forma invoice and invoice as PDFs, rendered from the stored figures. */
  app.get(
    '/api/orders/:id/documents/:document',
    { schema: { params: orderDocumentParamsSchema } },
    async (request, reply) => {
      const u = await requireUser(request);
      const { id, document } = request.params;
      const detail = await getOrder(app.database.db, id, { ownerId: u.id, livemode: true });
      if (document === 'quote.pdf') {
        const pdf = await renderQuotePdf(
          await quoteDocumentForOrder(app, detail.order, detail.items, u.email),
        );
        return sendPdf(reply, `${id}-quote.pdf`, pdf);
      }
      const number = document.replace(/\.pdf$/, '');
      const invoice = detail.invoices.find((i) => i.number === number);
      if (!invoice) throw notFound('Document');
      return sendPdf(reply, `${number}.pdf`, await renderInvoicePdf(invoice.document));
    },
  );
};
