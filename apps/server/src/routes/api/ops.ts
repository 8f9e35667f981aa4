import {
  apiErrorSchema,
  billingTermsRequestSchema,
  opsOrderListQuerySchema,
  orderActionRequestSchema,
  orderDocumentParamsSchema,
  orderIdParamsSchema,
  orderListSchema,
  orderSchema,
} from '@printloop/contracts';
import { eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isOperator, OPERATOR, requireOperator } from '../../auth/roles.js';
import { billingAccounts, user, userRoles } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import {
  cancelledEmail,
  deliveredEmail,
  paymentRecordedEmail,
  sendOrderEmail,
  shippedEmail,
} from '../../orders/emails.js';
import { quoteDocumentForOrder } from '../../orders/order-documents.js';
import { applyAction, getOrder, itemsOf, listOrders, orderDto } from '../../orders/orders.js';
import { renderInvoicePdf, renderQuotePdf } from '../../orders/pdf.js';

const accountParams = z.object({ userId: z.string().min(1).max(64) });
const accountQuery = z.object({ email: z.string().trim().min(1).max(254).optional() }).strict();

const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  payment_terms: z.enum(['prepay', 'net30']),
  operator: z.boolean(),
});

/**
 * The operators' console (API.md §5): every order, with filters; lifecycle actions (payment, printing,
 * packing, shipping with tracking, delivery, cancelling); invoice terms of accounts. 403 for anyone else.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who may call these comes before what they send: anyone else gets 401/403 whatever the body.
  app.addHook('preValidation', async (request) => {
    await requireOperator(request);
  });

  const emails = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await app.database.db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(inArray(user.id, ids));
    return new Map(rows.map((r) => [r.id, r.email]));
  };

  app.get(
    '/api/ops/orders',
    {
      schema: {
        querystring: opsOrderListQuerySchema,
        response: { 200: orderListSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      const q = request.query;
      const { rows, hasMore } = await listOrders(app.database.db, {
        livemode: q.livemode === undefined ? true : q.livemode === 'true',
        status: q.status,
        externalId: q.external_id,
        q: q.q,
        limit: q.limit,
        startingAfter: q.starting_after,
        endingBefore: q.ending_before,
      });
      const [items, owners] = await Promise.all([
        itemsOf(
          app.database.db,
          rows.map((r) => r.id),
        ),
        emails(rows.map((r) => r.userId)),
      ]);
      return {
        object: 'list' as const,
        data: rows.map((o) =>
          orderDto(o, {
            items: items.get(o.id) ?? [],
            forOperator: true,
            customer: { id: o.userId, email: owners.get(o.userId) ?? '' },
          }),
        ),
        has_more: hasMore,
      };
    },
  );

  app.get(
    '/api/ops/orders/:id',
    {
      schema: {
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      const { id } = request.params;
      const detail = await getOrder(app.database.db, id);
      const owner = (await emails([detail.order.userId])).get(detail.order.userId) ?? '';
      return orderDto(detail.order, {
        ...detail,
        documentBase: '/api/ops/orders',
        forOperator: true,
        customer: { id: detail.order.userId, email: owner },
      });
    },
  );

  app.post(
    '/api/ops/orders/:id/actions',
    {
      schema: {
        params: orderIdParamsSchema,
        body: orderActionRequestSchema,
        response: {
          200: orderSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const op = await requireOperator(request);
      const { id } = request.params;
      const body = request.body;
      const r = await applyAction(app, {
        orderId: id,
        action: body.action,
        actor: 'operator',
        actorId: op.id,
        actorEmail: op.email,
        carrier: body.carrier,
        trackingNumber: body.tracking_number,
        reason: body.reason,
        reference: body.reference,
      });
      const owner = (await emails([r.order.userId])).get(r.order.userId) ?? '';
      if (owner && r.order.livemode) {
        if (body.action === 'record_payment')
          sendOrderEmail(app, owner, r.order, paymentRecordedEmail(app, r.order, r.issued[0]));
        if (body.action === 'ship') sendOrderEmail(app, owner, r.order, shippedEmail(app, r.order));
        if (body.action === 'deliver') sendOrderEmail(app, owner, r.order, deliveredEmail(app, r.order));
        if (body.action === 'cancel')
          sendOrderEmail(app, owner, r.order, cancelledEmail(app, r.order, body.reason ?? null));
      }
      const detail = await getOrder(app.database.db, id);
      return orderDto(detail.order, {
        ...detail,
        documentBase: '/api/ops/orders',
        forOperator: true,
        customer: { id: r.order.userId, email: owner },
      });
    },
  );

  /** Operators download any order's documents (the same PDFs its customer gets). */
  app.get(
    '/api/ops/orders/:id/documents/:document',
    {
      schema: {
        params: orderDocumentParamsSchema,
        response: { 200: z.any().describe('PDF'), 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await requireOperator(request);
      const { id, document } = request.params;
      const detail = await getOrder(app.database.db, id);
      const owner = (await emails([detail.order.userId])).get(detail.order.userId) ?? '';
      if (document === 'quote.pdf') {
        return reply
          .header('content-type', 'application/pdf')
          .header('cache-control', 'private, no-store')
          .send(await renderQuotePdf(await quoteDocumentForOrder(app, detail.order, detail.items, owner)));
      }
      const invoice = detail.invoices.find((i) => `${i.number}.pdf` === document);
      if (!invoice) throw notFound('Document');
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .send(await renderInvoicePdf(invoice.document));
    },
  );

  app.get(
    '/api/ops/accounts',
    {
      schema: {
        querystring: accountQuery,
        response: { 200: z.object({ data: z.array(accountSchema) }), 403: apiErrorSchema },
      },
    },
    async (request) => {
      await requireOperator(request);
      const { email } = request.query;
      const rows = await app.database.db
        .select({ id: user.id, email: user.email, createdAt: user.createdAt, terms: billingAccounts.terms })
        .from(user)
        .leftJoin(billingAccounts, eq(billingAccounts.userId, user.id))
        .where(email ? ilike(user.email, `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
        .orderBy(user.email)
        .limit(50);
      const ops = new Set(
        (
          await app.database.db
            .select({ id: userRoles.userId })
            .from(userRoles)
            .where(eq(userRoles.role, OPERATOR))
        ).map((r) => r.id),
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          email: r.email,
          created_at: r.createdAt.toISOString(),
          payment_terms: r.terms === 'net30' ? ('net30' as const) : ('prepay' as const),
          operator: ops.has(r.id),
        })),
      };
    },
  );

  app.put(
    '/api/ops/accounts/:userId/terms',
    {
      schema: {
        params: accountParams,
        body: billingTermsRequestSchema,
        response: { 200: accountSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const op = await requireOperator(request);
      const { userId } = request.params;
      const { terms } = request.body;
      const [target] = await app.database.db.select().from(user).where(eq(user.id, userId)).limit(1);
      if (!target) throw notFound('Account');
      await app.database.db
        .insert(billingAccounts)
        .values({ userId, terms, updatedBy: op.id })
        .onConflictDoUpdate({
          target: billingAccounts.userId,
          set: { terms, updatedBy: op.id, updatedAt: new Date() },
        });
      request.log.info({ operator: op.id, account: userId, terms }, 'billing terms changed');
      return {
        id: target.id,
        email: target.email,
        created_at: target.createdAt.toISOString(),
        payment_terms: terms,
        operator: await isOperator(app.database.db, target.id),
      };
    },
  );
};
