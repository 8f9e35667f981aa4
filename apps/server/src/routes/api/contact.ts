import {
  apiErrorSchema,
  contactInboxQuerySchema,
  contactInboxSchema,
  contactMessageSchema,
  createdIdSchema,
} from '@printloop/contracts';
import { desc, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../../auth/roles.js';
import { contactMessages } from '../../db/schema.js';

export interface ContactRouteOptions {
  /** Messages per IP per window. */
  max: number;
  windowMs: number;
}

/** The email that carries a contact message to CONTACT_EMAIL (a reply goes to the visitor). */
export function contactEmail(m: { name: string; email: string; subject: string; message: string }) {
  return {
    subject: `Contact form: ${m.subject}`,
    replyTo: m.email,
    text: [
      `From: ${m.name} <${m.email}>`,
      `Subject: ${m.subject}`,
      '',
      m.message,
      '',
      '-- ',
      "Sent through the PrintLoop contact form. Reply to this email to answer; every message is also in the operators' inbox at /dashboard/messages.",
    ].join('\n'),
  };
}

/**
 * POST /api/contact: validate, store, email CONTACT_EMAIL, confirm. Rate-limited per IP; bad input stores
 * nothing. GET /api/ops/messages: the operators' inbox of those messages, newest first.
 */
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
      // The message is kept whatever happens to the email: the inbox shows it either way.
      void app.mailer
        .send({ to: app.config.contactEmail, ...contactEmail(body) })
        .catch((err: unknown) =>
          request.log.warn({ err, contactMessageId: row?.id }, 'contact message email not sent'),
        );
      return reply.status(201).send({ id: row!.id });
    },
  );

  app.get(
    '/api/ops/messages',
    {
      schema: {
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await requireOperator(request);
      const q = request.query;
      const rows = await app.database.db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(q.before ? lt(contactMessages.createdAt, new Date(q.before)) : undefined)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(q.limit + 1);
      reply.header('cache-control', 'no-store');
      return {
        messages: rows.slice(0, q.limit).map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          subject: r.subject,
          message: r.message,
          created_at: r.createdAt.toISOString(),
        })),
        has_more: rows.length > q.limit,
      };
    },
  );
};
