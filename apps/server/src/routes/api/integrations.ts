import {
  apiErrorSchema,
  connectStoreSchema,
  csvImportRequestSchema,
  csvImportResultSchema,
  mapSkuSchema,
  storeAlertListSchema,
  storeConnectionDetailSchema,
  storeConnectionListSchema,
  storeConnectionSchema,
  testConnectionResultSchema,
  updateConnectionSchema,
} from '@printloop/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import { requireVerifiedEmail } from '../../auth/verified.js';
import { storeAlerts } from '../../db/schema.js';
import {
  connectionDto,
  connectionOf,
  connectStore,
  listConnections,
  mappingOf,
  mapSku,
  recentPushes,
  recentStoreOrders,
  removeConnection,
  setStatus,
  syncSkus,
  testConnection,
} from '../../integrations/connections.js';
import { placeCsv, previewCsv } from '../../integrations/csv.js';
import { badRequest } from '../../lib/errors.js';

const idParams = z.object({ id: z.string().min(1).max(40) });

/**
 * The seller's store connectors at /dashboard/integrations and the CSV import at
 * /dashboard/integrations/import (issue 16). Session routes: the Origin check guards every change.
 * No answer ever carries a store credential or webhook secret.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
  };

  app.get(
    '/api/integrations/connections',
    { schema: { response: { 200: storeConnectionListSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      const rows = await listConnections(app.database.db, u.id);
      return { object: 'list' as const, data: rows.map((c) => connectionDto(app, c)) };
    },
  );

  app.post(
    '/api/integrations/connections',
    {
      schema: { body: connectStoreSchema, response: { 201: storeConnectionSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const u = await requireUser(request);
      // A connected store places live orders by itself: the seller's address must be confirmed first.
      await requireVerifiedEmail(app.database.db, u.id);
      const row = await connectStore(app, u.id, request.body);
      request.log.info({ connection: row.id, platform: row.platform }, 'store connected');
      return reply.status(201).send(connectionDto(app, row));
    },
  );

  app.get(
    '/api/integrations/connections/:id',
    { schema: { params: idParams, response: { 200: storeConnectionDetailSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      const c = await connectionOf(app.database.db, u.id, request.params.id);
      const mapping = await mappingOf(app, c);
      return {
        connection: connectionDto(app, c),
        ...mapping,
        orders: await recentStoreOrders(app.database.db, c.id),
        pushes: await recentPushes(app.database.db, c.id),
      };
    },
  );

  app.patch(
    '/api/integrations/connections/:id',
    {
      schema: {
        params: idParams,
        body: updateConnectionSchema,
        response: { 200: storeConnectionSchema, ...errors },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const c = await connectionOf(app.database.db, u.id, request.params.id);
      return connectionDto(app, await setStatus(app, c, request.body.status));
    },
  );

  app.delete(
    '/api/integrations/connections/:id',
    {
      schema: {
        params: idParams,
        response: {
          200: z.object({ id: z.string(), deleted: z.literal(true), warning: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const c = await connectionOf(app.database.db, u.id, request.params.id);
      const warning = await removeConnection(app, c);
      return { id: c.id, deleted: true as const, warning };
    },
  );

  app.post(
    '/api/integrations/connections/:id/test',
    { schema: { params: idParams, response: { 200: testConnectionResultSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      return testConnection(app, await connectionOf(app.database.db, u.id, request.params.id));
    },
  );

  app.post(
    '/api/integrations/connections/:id/sync',
    { schema: { params: idParams, response: { 200: z.object({ skus: z.number() }), ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      const c = await connectionOf(app.database.db, u.id, request.params.id);
      try {
        return { skus: await syncSkus(app, c) };
      } catch (err) {
        throw badRequest(`The store’s products could not be read: ${(err as Error).message}`);
      }
    },
  );

  app.put(
    '/api/integrations/connections/:id/mappings',
    {
      schema: {
        params: idParams,
        body: mapSkuSchema,
        response: { 200: storeConnectionDetailSchema.pick({ skus: true }), ...errors },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const c = await connectionOf(app.database.db, u.id, request.params.id);
      await mapSku(app, c, request.body.sku, request.body.product_id);
      return { skus: (await mappingOf(app, c)).skus };
    },
  );

  app.get(
    '/api/integrations/alerts',
    { schema: { response: { 200: storeAlertListSchema, ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      const rows = await app.database.db
        .select()
        .from(storeAlerts)
        .where(and(eq(storeAlerts.userId, u.id), isNull(storeAlerts.dismissedAt)))
        .orderBy(desc(storeAlerts.createdAt))
        .limit(100);
      return {
        object: 'list' as const,
        data: rows.map((a) => ({
          id: a.id,
          kind: a.kind as 'unmapped',
          message: a.message,
          connection_id: a.connectionId,
          order_id: a.orderId,
          external_id: a.externalId,
          created_at: a.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/integrations/alerts/:id/dismiss',
    { schema: { params: idParams, response: { 200: z.object({ id: z.string() }), ...errors } } },
    async (request) => {
      const u = await requireUser(request);
      await app.database.db
        .update(storeAlerts)
        .set({ dismissedAt: new Date() })
        .where(and(eq(storeAlerts.id, request.params.id), eq(storeAlerts.userId, u.id)));
      return { id: request.params.id };
    },
  );

  // The CSV text arrives in a JSON body: up to 2 MB of CSV, escaped.
  const csvBodyLimit = 6 * 1024 * 1024;
  app.post(
    '/api/integrations/import/preview',
    {
      bodyLimit: csvBodyLimit,
      schema: { body: csvImportRequestSchema, response: { 200: csvImportResultSchema, ...errors } },
    },
    async (request) => {
      const u = await requireUser(request);
      return previewCsv(app, u.id, request.body);
    },
  );

  app.post(
    '/api/integrations/import/place',
    {
      bodyLimit: csvBodyLimit,
      schema: { body: csvImportRequestSchema, response: { 200: csvImportResultSchema, ...errors } },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request) => {
      const u = await requireUser(request);
      // The valid rows become live orders, which need a confirmed address.
      await requireVerifiedEmail(app.database.db, u.id);
      return placeCsv(app, u.id, request.body);
    },
  );
};
