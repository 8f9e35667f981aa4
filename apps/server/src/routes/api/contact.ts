import { apiErrorSchema, contactMessageSchema, createdIdSchema } from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema.js';

export interface ContactRouteOptions {
  /** Messages per IP per window. */
  max: number;
  windowMs: number;
}

/** POST /api/contact: validate, store, confirm. Rate-limited per IP; bad input stores nothing. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRouteOptions> = async (app, opts) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: { max: opts.max, timeWindow: opts.windowMs } },
      bodyLimit: 32 * 1024,
      schema: {
        body: contactMessageSchema,
        response: { 201: createdIdSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [row] = await app.database.db
        .insert(contactMessages)
        .values({
          name: body.name,
          email: body.email,
          subject: body.subject,
          message: body.message,
          ip: request.ip.slice(0, 64),
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        })
        .returning({ id: contactMessages.id });
      request.log.info({ contactMessageId: row?.id }, 'contact message stored');
      return reply.status(201).send({ id: row!.id });
    },
  );
};
