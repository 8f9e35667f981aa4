import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  deletedObjectSchema,
  eventIdParams,
  eventListQuerySchema,
  eventObjectSchema,
  idempotencyHeadersSchema,
  listOf,
  redeliverSchema,
  testOrderIdParams,
  v1ErrorSchema,
  v1OrderSchema,
  webhookEndpointIdParams,
  webhookEndpointObjectSchema,
} from '@printloop/contracts';
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { getOrder, orderDto } from '../../orders/orders.js';
import { advanceTestOrder } from '../../orders/test-clock.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointDto,
  listEndpoints,
  redeliver,
  sendPing,
} from '../../webhooks/endpoints.js';
import { eventDto } from '../../webhooks/events.js';
import { callerOf, idempotentPost, sendResult } from './common.js';

/**
 * Webhook endpoints, events and test helpers (API.md §3-4). Endpoints and events belong to the key's
 * account and mode; test helpers answer test keys only (a live key gets a 404).
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: v1ErrorSchema,
    401: v1ErrorSchema,
    404: v1ErrorSchema,
    409: v1ErrorSchema,
    422: v1ErrorSchema,
    429: v1ErrorSchema,
  };

  app.post(
    '/webhook_endpoints',
    {
      schema: {
        summary: 'Add a webhook endpoint',
        operationId: 'createWebhookEndpoint',
        headers: idempotencyHeadersSchema,
        description:
          'Events of this mode are POSTed to `url`, signed with Standard Webhooks v1 (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The `secret` is in this answer only: keep it.',
        tags: ['Webhooks'],
        body: createWebhookEndpointSchema,
        response: { 201: createdWebhookEndpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      let secret: string | null = null;
      const result = await idempotentPost(app, request, reply, request.body, async (commit) => {
        const { secret: made, ...endpoint } = await createEndpoint(app, caller, request.body);
        secret = made;
        // The secret is not kept with the idempotency record: a replay answers without it.
        return commit(async () => ({ status: 201, body: endpoint }));
      });
      if (secret && result.status === 201) result.body = { ...(result.body as object), secret };
      return sendResult(reply, result, createdWebhookEndpointSchema);
    },
  );

  app.get(
    '/webhook_endpoints',
    {
      schema: {
        summary: 'List webhook endpoints',
        operationId: 'listWebhookEndpoints',
        tags: ['Webhooks'],
        response: { 200: listOf(webhookEndpointObjectSchema), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listEndpoints(app.database.db, caller);
      return { object: 'list' as const, data: rows.map(endpointDto), has_more: false };
    },
  );

  app.delete(
    '/webhook_endpoints/:id',
    {
      schema: {
        summary: 'Delete a webhook endpoint',
        operationId: 'deleteWebhookEndpoint',
        tags: ['Webhooks'],
        params: webhookEndpointIdParams,
        response: { 200: deletedObjectSchema, ...errors },
      },
    },
    async (request) => deleteEndpoint(app.database.db, callerOf(request), request.params.id),
  );

  app.post(
    '/webhook_endpoints/:id/test',
    {
      schema: {
        summary: 'Send a test event',
        operationId: 'testWebhookEndpoint',
        headers: idempotencyHeadersSchema,
        description: 'Queues a `ping` event to this endpoint and answers with it.',
        tags: ['Webhooks'],
        params: webhookEndpointIdParams,
        response: { 200: eventObjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const result = await idempotentPost(app, request, reply, { id: request.params.id }, async (commit) => {
        const event = eventDto(await sendPing(app, caller, request.params.id));
        return commit(async () => ({ status: 200, body: event }));
      });
      return sendResult(reply, result, eventObjectSchema);
    },
  );

  app.get(
    '/events',
    {
      schema: {
        summary: 'List events',
        operationId: 'listEvents',
        description: 'Newest first, kept 30 days; filter by `type`.',
        tags: ['Events'],
        querystring: eventListQuerySchema,
        response: { 200: listOf(eventObjectSchema), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const db = app.database.db;
      const conditions: SQL[] = [eq(events.userId, caller.userId), eq(events.livemode, caller.livemode)];
      if (q.type) conditions.push(eq(events.type, q.type));
      const cursorId = q.starting_after ?? q.ending_before;
      if (cursorId) {
        const [c] = await db
          .select({ seq: events.seq })
          .from(events)
          .where(
            and(
              eq(events.id, cursorId),
              eq(events.userId, caller.userId),
              eq(events.livemode, caller.livemode),
            ),
          )
          .limit(1);
        const param = q.starting_after ? 'starting_after' : 'ending_before';
        if (!c)
          throw new AppError(404, 'NOT_FOUND', `No such event: ${cursorId}`, { [param]: 'No such event' });
        conditions.push(q.starting_after ? lt(events.seq, c.seq) : gt(events.seq, c.seq));
      }
      const newestFirst = !q.ending_before;
      const rows = await db
        .select()
        .from(events)
        .where(and(...conditions))
        .orderBy(newestFirst ? desc(events.seq) : asc(events.seq))
        .limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      return {
        object: 'list' as const,
        data: (newestFirst ? page : page.reverse()).map(eventDto),
        has_more: rows.length > q.limit,
      };
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        summary: 'Retrieve an event',
        operationId: 'getEvent',
        tags: ['Events'],
        params: eventIdParams,
        response: { 200: eventObjectSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const [row] = await app.database.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.id, request.params.id),
            eq(events.userId, caller.userId),
            eq(events.livemode, caller.livemode),
          ),
        )
        .limit(1);
      if (!row) throw new AppError(404, 'NOT_FOUND', `No such event: ${request.params.id}`);
      return eventDto(row);
    },
  );

  app.post(
    '/events/:id/redeliver',
    {
      schema: {
        summary: 'Deliver an event again',
        operationId: 'redeliverEvent',
        headers: idempotencyHeadersSchema,
        description:
          'A new delivery, with the same `webhook-id`, to `endpoint_id` or to every enabled endpoint that receives this type.',
        tags: ['Events'],
        params: eventIdParams,
        body: redeliverSchema.nullish(),
        response: { 200: eventObjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const endpointId = request.body?.endpoint_id ?? undefined;
      const fingerprint = { id: request.params.id, endpoint_id: endpointId ?? null };
      const result = await idempotentPost(app, request, reply, fingerprint, async (commit) => {
        const event = eventDto(await redeliver(app, caller, request.params.id, endpointId));
        return commit(async () => ({ status: 200, body: event }));
      });
      return sendResult(reply, result, eventObjectSchema);
    },
  );

  // Test helpers: test keys only. A live key does not see them at all.
  const testOrder = async (request: { params: { id: string } } & Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    if (caller.livemode) throw new AppError(404, 'NOT_FOUND', 'Test helpers answer test keys only.');
    return caller;
  };

  app.post(
    '/test_helpers/orders/:id/advance',
    {
      schema: {
        summary: 'Move a test order to its next status now',
        operationId: 'advanceTestOrder',
        headers: idempotencyHeadersSchema,
        description:
          'queued → printing → packaging → shipped (a TEST… tracking number) → delivered, firing the same events and webhooks as the simulated clock. Test keys only.',
        tags: ['Test helpers'],
        params: testOrderIdParams,
        response: { 200: v1OrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await testOrder(request);
      // Once per Idempotency-Key: a retried advance replays its answer instead of stepping again.
      const result = await idempotentPost(app, request, reply, { id: request.params.id }, async (commit) => {
        await advanceTestOrder(app, request.params.id, { ownerId: caller.userId });
        return commit(async (tx) => {
          const detail = await getOrder(tx, request.params.id, { ownerId: caller.userId, livemode: false });
          return {
            status: 200,
            body: orderDto(detail.order, { items: detail.items, events: detail.events }),
          };
        });
      });
      return sendResult(reply, result, v1OrderSchema);
    },
  );
};
