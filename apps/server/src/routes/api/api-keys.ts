import {
  apiErrorSchema,
  apiKeyObjectSchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyDto, createApiKey, listApiKeys, revokeApiKey } from '../../api/keys.js';
import { requireUser } from '../../auth/require-user.js';
import { AppError, notFound } from '../../lib/errors.js';

const MAX_KEYS = 50;

/**
 * API keys, managed by the signed-in user (API.md §5): create (the key is in the answer, once), list
 * (prefix and last use, never the key), revoke (fails at once).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
  app.post(
    '/api/api-keys',
    { schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema, ...errors } } },
    async (request, reply) => {
      const u = await requireUser(request);
      const existing = await listApiKeys(app.database.db, u.id);
      if (existing.filter((k) => !k.revokedAt).length >= MAX_KEYS) {
        throw new AppError(
          409,
          'CONFLICT',
          `You can have at most ${MAX_KEYS} active keys. Revoke one first.`,
        );
      }
      const { row, key } = await createApiKey(app.database.db, u.id, request.body.name, request.body.mode);
      request.log.info({ keyId: row.id, mode: row.mode }, 'API key created');
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ ...apiKeyDto(row), key });
    },
  );

  app.get(
    '/api/api-keys',
    {
      schema: {
        response: {
          200: z.object({ object: z.literal('list'), data: z.array(apiKeyObjectSchema) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      return { object: 'list' as const, data: (await listApiKeys(app.database.db, u.id)).map(apiKeyDto) };
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      schema: {
        params: z.object({ id: z.string().regex(/^key_[A-Za-z0-9]{1,40}$/, { error: 'Key not found' }) }),
        response: { 200: apiKeyObjectSchema, ...errors },
      },
    },
    async (request) => {
      const u = await requireUser(request);
      const row = await revokeApiKey(app.database.db, u.id, request.params.id);
      if (!row) throw notFound('API key');
      request.log.info({ keyId: row.id }, 'API key revoked');
      return apiKeyDto(row);
    },
  );
};
