import {
  apiErrorSchema,
  createdWebhookEndpointSchema,
  createSessionWebhookEndpointSchema,
  deletedObjectSchema,
  eventObjectSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
} from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryOf,
  endpointDto,
  endpointOf,
  listEndpoints,
  recentDeliveries,
  redeliver,
  sendPing,
} from '../../webhooks/endpoints.js';
import { eventDto } from '../../webhooks/events.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Webhook endpoints managed by the signed-in user at /dashboard/developers (API.md §5): add one (its
 * secret in the answer, once), list them, see each one's recent deliveries and their attempts, send a
 * test event, redeliver, delete. Both modes: the mode is chosen when adding.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  app.post(
    '/api/webhook-endpoints',
    {
      schema: {
        body: createSessionWebhookEndpointSchema,
        response: { 201: createdWebhookEndpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const u = await requireUser(request);
      const { mode, ...input } = request.body;
      const created = await createEndpoint(app, { userId: u.id, livemode: mode === 'live' }, input);
      request.log.info({ endpoint: created.id, mode }, 'webhook endpoint added');
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/api/webhook-endpoints',
    {
      schema: {
        response: { 200: webhookEndpointListSchema, ...errors },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const rows = await listEndpoints(app.database.db, { userId: u.id });
      return { object: 'list' as const, data: rows.map(endpointDto) };
    },
  );

  app.delete(
    '/api/webhook-endpoints/:id',
    { schema: { params: idParams, response: { 200: deletedObjectSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      return deleteEndpoint(app.database.db, { userId: u.id }, request.params.id);
    },
  );

  app.get(
    '/api/webhook-endpoints/:id/deliveries',
    {
      schema: {
        params: idParams,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const endpoint = await endpointOf(app.database.db, { userId: u.id }, request.params.id);
      return { object: 'list' as const, data: await recentDeliveries(app.database.db, endpoint.id) };
    },
  );

  app.post(
    '/api/webhook-endpoints/:id/test',
    { schema: { params: idParams, response: { 200: eventObjectSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      return eventDto(await sendPing(app, { userId: u.id }, request.params.id));
    },
  );

  app.post(
    '/api/webhook-deliveries/:id/redeliver',
    { schema: { params: idParams, response: { 200: eventObjectSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      const { d, e } = await deliveryOf(app.database.db, u.id, request.params.id);
      return eventDto(await redeliver(app, { userId: u.id, livemode: e.livemode }, d.eventId, e.id));
    },
  );
};
