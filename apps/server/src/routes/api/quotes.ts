import type { Analysis } from '@printloop/geometry';
import {
  PARAMETER_BOUNDS,
  ParameterError,
  parseParameters,
  priceQuote,
  type Quote,
  type QuoteParameters,
} from '@printloop/quote';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import { printJobs, printParameters, quotes } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { findOwnJob, type JobRow, jobDto } from './jobs.js';

const quoteRequest = z.object({
  jobId: z.uuid({ message: 'Not found' }),
  parameters: z.record(z.string(), z.unknown()),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(PARAMETER_BOUNDS.quantity.min, `Quantity must be at least ${PARAMETER_BOUNDS.quantity.min}`)
    .max(PARAMETER_BOUNDS.quantity.max, `Quantity must be at most ${PARAMETER_BOUNDS.quantity.max}`)
    .default(1),
});
type QuoteRequest = z.infer<typeof quoteRequest>;
const idParams = z.object({ id: z.uuid({ message: 'Not found' }) });

const pounds = (pence: number) => (pence / 100).toFixed(2);

function parametersOrThrow(input: unknown): QuoteParameters {
  try {
    return parseParameters(input);
  } catch (err) {
    if (err instanceof ParameterError) {
      const fields = Object.fromEntries(err.errors.map((e) => [`parameters.${e.field}`, e.message]));
      throw badRequest(err.errors.map((e) => e.message).join(' '), fields);
    }
    throw err;
  }
}

/** The server's price for a job and parameters, from its own stored analysis and mesh. */
async function priceJob(app: FastifyInstance, job: JobRow, parameters: QuoteParameters, quantity: number) {
  if (!job.meshPath) throw new AppError(409, 'NOT_ANALYSED', 'This model has not been analysed yet.');
  const analysis = job.analysis as Analysis;
  if (!analysis.fits_build_volume) {
    throw new AppError(
      422,
      'DOES_NOT_FIT',
      'This model does not fit the printer (250 × 210 × 210 mm). Check its units or scale it down.',
    );
  }
  const estimate = await app.models.estimate(
    job.meshPath,
    `${job.units}:${job.createdAt.getTime()}`,
    parameters,
  );
  const quote = priceQuote(estimate, parameters, { quantity, postProcessing: parameters.postProcessing });
  return { estimate, quote };
}

/** Quotes: previews and saved quotes, always priced on the server; every query is scoped to the user. */
export async function quoteRoutes(app: FastifyInstance) {
  app.post('/api/quotes/preview', { schema: { body: quoteRequest } }, async (request) => {
    const user = await requireUser(request);
    const body = request.body as QuoteRequest;
    const parameters = parametersOrThrow(body.parameters);
    const job = await findOwnJob(app, user.id, body.jobId);
    return priceJob(app, job, parameters, body.quantity);
  });

  app.post('/api/quotes', { schema: { body: quoteRequest } }, async (request, reply) => {
    const user = await requireUser(request);
    const body = request.body as QuoteRequest;
    const parameters = parametersOrThrow(body.parameters);
    const job = await findOwnJob(app, user.id, body.jobId);
    // Any price the client sent is ignored: the figures below are the server's own.
    const { estimate, quote } = await priceJob(app, job, parameters, body.quantity);
    const saved = await app.database.db.transaction(async (tx) => {
      const [params] = await tx
        .insert(printParameters)
        .values({
          jobId: job.id,
          layerHeight: parameters.layerHeight,
          filamentType: parameters.filamentType,
          printSpeed: parameters.printSpeed,
          infillPercentage: parameters.infillPercentage,
          supportRequired: parameters.supportRequired,
          postProcessing: parameters.postProcessing,
          units: job.units,
        })
        .returning({ id: printParameters.id });
      const [row] = await tx
        .insert(quotes)
        .values({
          jobId: job.id,
          userId: user.id,
          parametersId: params!.id,
          quantity: quote.quantity,
          materialCost: pounds(quote.material_pence),
          printTime: Math.round(estimate.print_time_s / 60),
          electricityCost: pounds(quote.machine_pence),
          totalCost: pounds(quote.total_pence),
          validUntil: new Date(quote.valid_until),
          status: 'pending',
          priceTableVersion: quote.price_table_version,
          breakdown: quote,
          estimate,
        })
        .returning({ id: quotes.id, createdAt: quotes.createdAt });
      return row!;
    });
    return reply
      .status(201)
      .send({ id: saved.id, created_at: saved.createdAt.toISOString(), quote, estimate });
  });

  app.get('/api/quotes', async (request) => {
    const user = await requireUser(request);
    const rows = await app.database.db
      .select({ q: quotes, p: printParameters, fileName: printJobs.fileName })
      .from(quotes)
      .innerJoin(printJobs, and(eq(printJobs.id, quotes.jobId), eq(printJobs.userId, user.id)))
      .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
      .where(eq(quotes.userId, user.id))
      .orderBy(desc(quotes.createdAt))
      .limit(200);
    return {
      quotes: rows.map(({ q, p, fileName }) => ({
        id: q.id,
        created_at: q.createdAt.toISOString(),
        job_id: q.jobId,
        file_name: fileName,
        total_pence: (q.breakdown as Quote).total_pence,
        valid_until: q.validUntil.toISOString(),
        status: q.status,
        quantity: q.quantity,
        parameters: parametersOf(p),
      })),
    };
  });

  app.get('/api/quotes/:id', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(request);
    const [row] = await app.database.db
      .select({ q: quotes, p: printParameters, job: printJobs })
      .from(quotes)
      .innerJoin(printJobs, and(eq(printJobs.id, quotes.jobId), eq(printJobs.userId, user.id)))
      .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
      .where(and(eq(quotes.id, (request.params as { id: string }).id), eq(quotes.userId, user.id)))
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
        material_cost: q.materialCost,
        print_time: q.printTime,
        electricity_cost: q.electricityCost,
        total_cost: q.totalCost,
        valid_until: q.validUntil.toISOString(),
        price_table_version: q.priceTableVersion,
        quote: q.breakdown as Quote,
        estimate: q.estimate,
      },
      job: jobDto(job),
      analysis: job.analysis as Analysis,
    };
  });

  app.delete('/api/quotes/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(request);
    const id = (request.params as { id: string }).id;
    const deleted = await app.database.db.transaction(async (tx) => {
      const [q] = await tx
        .delete(quotes)
        .where(and(eq(quotes.id, id), eq(quotes.userId, user.id)))
        .returning({ parametersId: quotes.parametersId });
      if (q) await tx.delete(printParameters).where(eq(printParameters.id, q.parametersId));
      return q;
    });
    if (!deleted) throw notFound('Quote');
    return reply.status(204).send();
  });
}

function parametersOf(p: typeof printParameters.$inferSelect): QuoteParameters {
  return {
    layerHeight: p.layerHeight,
    filamentType: p.filamentType as QuoteParameters['filamentType'],
    printSpeed: p.printSpeed,
    infillPercentage: p.infillPercentage,
    supportRequired: p.supportRequired,
    postProcessing: p.postProcessing as QuoteParameters['postProcessing'],
  };
}
