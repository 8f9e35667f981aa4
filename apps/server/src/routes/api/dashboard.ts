import { Readable } from 'node:stream';
import { apiErrorSchema, dashboardQuerySchema, dashboardSchema } from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import { isOperator } from '../../auth/roles.js';
import { ordersCsv } from '../../dashboard/csv.js';
import { type DashboardScope, dashboard, farmView } from '../../dashboard/dashboard.js';
import { loadFarm } from '../../farm/farm.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const csvQuerySchema = dashboardQuerySchema.omit({ cursor: true, limit: true });

/**
 * The production dashboard (issue 13): operators see the farm, a signed-in customer their own live
 * orders, a visitor is asked to sign in (401). The same filters give the CSV export.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = async (userId: string): Promise<DashboardScope> =>
    (await isOperator(app.database.db, userId)) ? { kind: 'farm' } : { kind: 'customer', userId };

  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api/dashboard')) await requireUser(request);
  });

  app.get(
    '/api/dashboard',
    { schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema, ...errors } } },
    async (request, reply) => {
      const u = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return dashboard(app.database.db, await scopeOf(u.id), request.query);
    },
  );

  app.get(
    '/api/dashboard/orders.csv',
    { schema: { querystring: csvQuerySchema, response: { 200: z.any().describe('CSV'), ...errors } } },
    async (request, reply) => {
      const u = await requireUser(request);
      const scope = await scopeOf(u.id);
      const now = Date.now();
      const view = farmView(await loadFarm(app.database.db, now));
      const q = request.query;
      const day = new Date(now).toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="printloop-orders-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(
        Readable.from(
          ordersCsv(app.database.db, scope, { status: q.status, priority: q.priority, q: q.q }, view, now),
        ),
      );
    },
  );
};
