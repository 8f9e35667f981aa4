import { accountResponseSchema, apiErrorSchema } from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/require-user.js';
import { isOperator } from '../../auth/roles.js';
import { termsOf } from '../../orders/orders.js';

/** GET /api/account: who is signed in, whether they run the farm, and how they pay. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    { schema: { response: { 200: accountResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      const u = await requireUser(request);
      const [operator, terms] = await Promise.all([
        isOperator(app.database.db, u.id),
        termsOf(app.database.db, u.id),
      ]);
      return { user: { id: u.id, email: u.email }, operator, payment_terms: terms };
    },
  );
};
