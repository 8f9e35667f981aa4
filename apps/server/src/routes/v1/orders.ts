import {
  createOrderSchema,
  idempotencyHeadersSchema,
  listOf,
  v1CancelSchema,
  v1ErrorSchema,
  v1OrderIdParams,
  v1OrderListQuerySchema,
  v1OrderSchema,
  vatNumberProblem,
} from '@printloop/contracts';
import type { EstimateResult } from '@printloop/estimate';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Caller } from '../../api/keys.js';
import { requireVerifiedEmail } from '../../auth/verified.js';
import { type LineParameters, printJobs, printParameters, quotes } from '../../db/schema.js';
import type { JobRow } from '../../jobs/jobs.js';
import { badRequest } from '../../lib/errors.js';
import { uuidOfPublicId } from '../../lib/ids.js';
import {
  applyAction,
  getOrder,
  getOrderFresh,
  itemsOf,
  listOrders,
  type OrderLineRequest,
  orderContext,
  orderDto,
  placedPricing,
  priceOrder,
} from '../../orders/orders.js';
import {
  callerOf,
  fileFromUrl,
  fileOf,
  idempotentPost,
  lineParameters,
  notFoundObject,
  sendResult,
} from './common.js';
import { fileAtUnits, productOf } from './quotes.js';

type ItemInput = z.output<typeof createOrderSchema>['items'][number];

/** A quote of this account and mode as an order line (its parameters; the item's quantity). */
async function quoteLine(
  app: FastifyInstance,
  caller: Caller,
  quoteId: string,
  quantity: number,
  param: string,
): Promise<OrderLineRequest> {
  const uuid = uuidOfPublicId('quo', quoteId);
  const [row] = uuid
    ? await app.database.db
        .select({ q: quotes, p: printParameters, job: printJobs })
        .from(quotes)
        .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
        .innerJoin(printJobs, eq(printJobs.id, quotes.jobId))
        .where(
          and(eq(quotes.id, uuid), eq(quotes.userId, caller.userId), eq(quotes.livemode, caller.livemode)),
        )
        .limit(1)
    : [];
  if (!row) throw notFoundObject('quote', quoteId, param);
  const p = row.p;
  const parameters = lineParameters(
    {
      material:
        p.filamentType === 'ABS' || p.filamentType === 'PETG' || p.filamentType === 'TPU'
          ? p.filamentType
          : 'PLA',
      ...(p.color ? { color: p.color } : { color: 'black' }),
      layer_height: p.layerHeight,
      infill: p.infillPercentage,
      print_speed: p.printSpeed,
      supports: p.supportRequired,
      post_processing: p.postProcessing.filter(
        (x): x is 'sanding' | 'painting' | 'coating' =>
          x === 'sanding' || x === 'painting' || x === 'coating',
      ),
    },
    null,
  );
  return {
    job: row.job,
    parameters,
    quantity,
    quote: {
      id: row.q.id,
      quantity: row.q.quantity,
      validUntil: row.q.validUntil,
      priceTableVersion: row.q.priceTableVersion,
      breakdown: row.q.breakdown,
      estimate: row.q.estimate as EstimateResult,
    },
  };
}

/** Turns the request's items into order lines: each names a quote, a product, a file or a model URL. */
async function linesOf(
  app: FastifyInstance,
  caller: Caller,
  items: ItemInput[],
): Promise<OrderLineRequest[]> {
  const lines: OrderLineRequest[] = [];
  for (const [i, item] of items.entries()) {
    const at = `items.${i}.`;
    const named = [item.quote_id, item.product_id, item.file_id, item.model_url].filter(
      (s) => s !== undefined,
    );
    if (named.length !== 1) {
      throw badRequest(`items[${i}] must name exactly one of quote_id, product_id, file_id or model_url.`, {
        [`${at}file_id`]: 'Give one of quote_id, product_id, file_id, model_url',
      });
    }
    if (item.quote_id) {
      lines.push(await quoteLine(app, caller, item.quote_id, item.quantity, `${at}quote_id`));
      continue;
    }
    let defaults: LineParameters | null = null;
    let productId: string | null = null;
    let job: JobRow;
    if (item.product_id) {
      const product = await productOf(app, caller, item.product_id, `${at}product_id`);
      if (product.archivedAt)
        throw badRequest(`Product ${product.id} is archived.`, { [`${at}product_id`]: 'Archived' });
      if (item.material && !product.materials.includes(item.material)) {
        throw badRequest(`This product is made in ${product.materials.join(', ')} only.`, {
          [`${at}material`]: 'Not allowed for this product',
        });
      }
      defaults = product.defaults;
      productId = product.id;
      job = await fileOf(app, caller, `file_${product.jobId.replaceAll('-', '')}`, `${at}product_id`);
    } else if (item.file_id) {
      job = await fileOf(app, caller, item.file_id, `${at}file_id`);
    } else {
      job = await fileFromUrl(app, caller, item.model_url!, { units: item.units, param: `${at}model_url` });
    }
    job = await fileAtUnits(app, job, item.units);
    lines.push({ job, productId, parameters: lineParameters(item, defaults, at), quantity: item.quantity });
  }
  return lines;
}

/**
 * Orders (API.md §3): placed and priced by the server exactly as the web checkout does, through the
 * same domain code. Test-mode orders start queued and never reach the farm.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: v1ErrorSchema,
    401: v1ErrorSchema,
    403: v1ErrorSchema,
    404: v1ErrorSchema,
    409: v1ErrorSchema,
    413: v1ErrorSchema,
    422: v1ErrorSchema,
    429: v1ErrorSchema,
  };

  app.post(
    '/orders',
    {
      schema: {
        summary: 'Place an order',
        operationId: 'createOrder',
        headers: idempotencyHeadersSchema,
        description:
          'Each item names a `quote_id`, a `product_id`, a `file_id` or a `model_url`, with the quantity and parameters. The documented single-model payload (`model_url`, `quantity`, `material`, `color`, `shipping_address`) is accepted as an order of one item. The server prices the order itself. Live orders on invoice terms start `queued`, other live orders `awaiting_payment`; test orders start `queued`.',
        tags: ['Orders'],
        body: createOrderSchema,
        response: { 201: v1OrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const problem = vatNumberProblem(body.vat_number, body.shipping_address.country);
      if (problem) throw badRequest(problem, { vat_number: problem });
      // A live order needs the account's email address confirmed; test mode does not.
      if (caller.livemode) await requireVerifiedEmail(app.database.db, caller.userId, 'FORBIDDEN');
      const result = await idempotentPost(app, request, reply, body, async (commit) => {
        const lines = await linesOf(app, caller, body.items);
        const pricing = await priceOrder(app, caller.userId, caller.livemode, {
          lines,
          address: body.shipping_address,
          shippingChoice: body.shipping_service,
          vatNumber: body.vat_number,
        });
        // The writes, the order object and the key's stored answer in one transaction, run where the
        // database is (db/procedures.ts).
        return commit.procedure({
          name: 'placeOrder',
          args: {
            ctx: orderContext(app),
            userId: caller.userId,
            livemode: caller.livemode,
            pricing: placedPricing(pricing),
            opts: {
              via: 'api',
              actor: 'customer',
              actorId: caller.userId,
              address: body.shipping_address,
              externalId: body.external_id,
              metadata: body.metadata,
            },
            now: new Date(),
          },
        });
      });
      if (result.status === 201) app.webhooks.nudge();
      return sendResult(reply, result, v1OrderSchema);
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        summary: 'List orders',
        operationId: 'listOrders',
        description: 'Newest first; filter by `status` and `external_id`.',
        tags: ['Orders'],
        querystring: v1OrderListQuerySchema,
        response: { 200: listOf(v1OrderSchema), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const { rows, hasMore } = await listOrders(app.database.db, {
        userId: caller.userId,
        livemode: caller.livemode,
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
    '/orders/:id',
    {
      schema: {
        summary: 'Retrieve an order, with its timeline',
        operationId: 'getOrder',
        tags: ['Orders'],
        params: v1OrderIdParams,
        response: { 200: v1OrderSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const detail = await getOrderFresh(
        app.database.db,
        request.params.id,
        { ownerId: caller.userId, livemode: caller.livemode },
        { singleProcess: app.database.kind === 'pglite' },
      );
      return orderDto(detail.order, { items: detail.items, events: detail.events });
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        summary: 'Cancel an order',
        operationId: 'cancelOrder',
        headers: idempotencyHeadersSchema,
        description: 'Allowed while the order is `awaiting_payment` or `queued`; later it is a 409.',
        tags: ['Orders'],
        params: v1OrderIdParams,
        body: v1CancelSchema.nullish(),
        response: { 200: v1OrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const result = await idempotentPost(
        app,
        request,
        reply,
        { id: request.params.id, ...request.body },
        async (commit) => {
          await applyAction(app, {
            orderId: request.params.id,
            ownerId: caller.userId,
            livemode: caller.livemode,
            action: 'cancel',
            actor: 'customer',
            actorId: caller.userId,
            reason: request.body?.reason ?? 'Cancelled through the API',
          });
          return commit(async (tx) => {
            const detail = await getOrder(tx, request.params.id, { ownerId: caller.userId });
            return {
              status: 200,
              body: orderDto(detail.order, { items: detail.items, events: detail.events }),
            };
          });
        },
      );
      return sendResult(reply, result, v1OrderSchema);
    },
  );
};
