import {
  apiErrorSchema,
  idParamsSchema,
  quoteListQuerySchema,
  quotePreviewSchema,
  quoteRequestSchema,
  savedQuoteCreatedSchema,
  savedQuoteDetailSchema,
  savedQuoteListSchema,
} from '@printloop/contracts';
import type { QuoteParameters } from '@printloop/quote';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import type { Db } from '../../db/client.js';
import { printJobs, printParameters, quotes } from '../../db/schema.js';
import {
  assertPrintable,
  estimateJob,
  findOwnJob,
  insertQuote,
  type JobRow,
  jobDto,
} from '../../jobs/jobs.js';
import { notFound } from '../../lib/errors.js';
import { colorOrThrow, parametersOrThrow, priceEstimate } from './pricing.js';

/** The server's price for a job and parameters, from its own stored analysis and mesh. */
async function priceJob(app: FastifyInstance, job: JobRow, parameters: QuoteParameters, quantity: number) {
  assertPrintable(job);
  const estimate = await estimateJob(app, job, parameters);
  const quote = priceEstimate(estimate, parameters, quantity);
  return { estimate, quote };
}

/** Quotes: previews and saved quotes, always priced on the server; every query is scoped to the user. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    422: apiErrorSchema,
  };
  app.post(
    '/api/quotes/preview',
    { schema: { body: quoteRequestSchema, response: { 200: quotePreviewSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const parameters = parametersOrThrow(body.parameters);
      colorOrThrow(parameters.filamentType, body.parameters.color, false);
      const job = await findOwnJob(app, user.id, body.jobId);
      return priceJob(app, job, parameters, body.quantity);
    },
  );

  app.post(
    '/api/quotes',
    { schema: { body: quoteRequestSchema, response: { 201: savedQuoteCreatedSchema, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const body = request.body;
      const parameters = parametersOrThrow(body.parameters);
      const color = colorOrThrow(parameters.filamentType, body.parameters.color, true);
      const job = await findOwnJob(app, user.id, body.jobId);
      // Any price the client sent is ignored: the figures below are the server's own.
      const { estimate, quote } = await priceJob(app, job, parameters, body.quantity);
      const saved = await app.database.db.transaction((tx) =>
        insertQuote(tx as Db, {
          job,
          userId: user.id,
          parameters: { ...parameters, color },
          price: quote,
          estimate,
        }),
      );
      return reply
        .status(201)
        .send({ id: saved.id, created_at: saved.createdAt.toISOString(), quote, estimate });
    },
  );

  /** The user's saved quotes, newest first, a page at a time (`limit`, `starting_after`). */
  app.get(
    '/api/quotes',
    { schema: { querystring: quoteListQuerySchema, response: { 200: savedQuoteListSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      const { limit, starting_after } = request.query;
      let cursor: SQL | undefined;
      if (starting_after) {
        const [after] = await app.database.db
          .select({ createdAt: quotes.createdAt, id: quotes.id })
          .from(quotes)
          .where(and(eq(quotes.id, starting_after), eq(quotes.userId, user.id)))
          .limit(1);
        if (!after) throw notFound('Quote');
        // The cursor's time read in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
        const at = sql`(select ${quotes.createdAt} from ${quotes} where ${quotes.id} = ${after.id})`;
        cursor = or(lt(quotes.createdAt, at), and(eq(quotes.createdAt, at), lt(quotes.id, after.id)));
      }
      const rows = await app.database.db
        .select({ q: quotes, p: printParameters, fileName: printJobs.fileName })
        .from(quotes)
        .innerJoin(printJobs, and(eq(printJobs.id, quotes.jobId), eq(printJobs.userId, user.id)))
        .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
        .where(and(eq(quotes.userId, user.id), eq(quotes.livemode, true), cursor))
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        quotes: page.map(({ q, p, fileName }) => ({
          id: q.id,
          created_at: q.createdAt.toISOString(),
          job_id: q.jobId,
          file_name: fileName,
          total_pence: q.breakdown.total_pence,
          valid_until: q.validUntil.toISOString(),
          status: q.status,
          quantity: q.quantity,
          parameters: parametersOf(p),
        })),
        has_more: rows.length > limit,
      };
    },
  );

  app.get(
    '/api/quotes/:id',
    { schema: { params: idParamsSchema, response: { 200: savedQuoteDetailSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      const [row] = await app.database.db
        .select({ q: quotes, p: printParameters, job: printJobs })
        .from(quotes)
        .innerJoin(printJobs, and(eq(printJobs.id, quotes.jobId), eq(printJobs.userId, user.id)))
        .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
        .where(and(eq(quotes.id, request.params.id), eq(quotes.userId, user.id), eq(quotes.livemode, true)))
        .limit(1);
      if (!row) throw notFound('Quote');
      const { q, p, job } = row;
      return {
        quote: {
          id: q.id,
          created_at: q.createdAt.toISOString(),
          job_id: q.jobId,
          file_name: job.fileName,
          status: q.status,
          quantity: q.quantity,
          parameters: parametersOf(p),
          total_pence: q.breakdown.total_pence,
          material_cost: q.materialCost,
          print_time: q.printTime,
          electricity_cost: q.electricityCost,
          total_cost: q.totalCost,
          valid_until: q.validUntil.toISOString(),
          price_table_version: q.priceTableVersion,
          quote: q.breakdown,
          estimate: q.estimate,
        },
        job: jobDto(job),
        analysis: job.analysis,
      };
    },
  );

  app.delete(
    '/api/quotes/:id',
    { schema: { params: idParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const id = request.params.id;
      const deleted = await app.database.db.transaction(async (tx) => {
        const [q] = await tx
          .delete(quotes)
          .where(and(eq(quotes.id, id), eq(quotes.userId, user.id), eq(quotes.livemode, true)))
          .returning({ parametersId: quotes.parametersId });
        if (q) await tx.delete(printParameters).where(eq(printParameters.id, q.parametersId));
        return q;
      });
      if (!deleted) throw notFound('Quote');
      return reply.status(204).send();
    },
  );
};

function parametersOf(p: typeof printParameters.$inferSelect): QuoteParameters & { color: string | null } {
  return {
    color: p.color,
    layerHeight: p.layerHeight,
    filamentType: p.filamentType as QuoteParameters['filamentType'],
    printSpeed: p.printSpeed,
    infillPercentage: p.infillPercentage,
    supportRequired: p.supportRequired,
    postProcessing: p.postProcessing as QuoteParameters['postProcessing'],
  };
}
