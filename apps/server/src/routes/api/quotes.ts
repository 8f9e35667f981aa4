import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  idParamsSchema,
  QUOTE_THUMBNAIL_MAX_BYTES,
  quoteListQuerySchema,
  quotePreviewSchema,
  quoteRequestSchema,
  savedQuoteCreatedSchema,
  savedQuoteCreateSchema,
  savedQuoteDetailSchema,
  savedQuoteListSchema,
  savedQuoteRenameSchema,
  savedQuoteSummarySchema,
  savedQuoteUpdateSchema,
} from '@printloop/contracts';
import { type Analysis, isIdentityOrientation, type Orientation } from '@printloop/geometry';
import { type QuoteParameters, summarizeParameters } from '@printloop/quote';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import type { Db } from '../../db/client.js';
import { type LineParameters, printJobs, printParameters, quotes } from '../../db/schema.js';
import {
  assertPrintable,
  estimateJob,
  findOwnJob,
  insertQuote,
  type JobRow,
  jobDto,
  updateQuote,
} from '../../jobs/jobs.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { quoteDocumentForSavedQuote } from '../../orders/order-documents.js';
import { renderQuotePdf } from '../../orders/pdf.js';
import { colorOrThrow, parametersOrThrow, priceWithLeadTimes } from './pricing.js';

/**
 * The server's price for a job and parameters, from its own stored analysis and mesh. Its lead time
 * (working days until it is ready to ship) comes from the production floor's live queue, the fixed
 * rule when no printer could take it.
 */
async function priceJob(
  app: FastifyInstance,
  job: JobRow,
  parameters: QuoteParameters,
  quantity: number,
  orientation?: Orientation | null,
) {
  assertPrintable(job);
  const estimate = await estimateJob(app, job, parameters, orientation);
  const { quote, lead_times } = await priceWithLeadTimes(
    app,
    job.analysis as Analysis,
    estimate,
    parameters,
    quantity,
  );
  return { estimate, quote, lead_times };
}

type QuoteRow = typeof quotes.$inferSelect;
type ParametersRow = typeof printParameters.$inferSelect;

/** A saved quote as the list shows it. */
function summaryDto(q: QuoteRow, p: ParametersRow, fileName: string) {
  const parameters = parametersOf(p);
  return {
    id: q.id,
    reference: q.reference,
    name: q.name,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    job_id: q.jobId,
    file_name: fileName,
    total_pence: q.breakdown.total_pence,
    valid_until: q.validUntil.toISOString(),
    status: q.status,
    quantity: q.quantity,
    parameters,
    orientation: p.orientation ?? null,
    color: p.color,
    summary: summarizeParameters({ ...parameters, color: p.color }),
    thumbnail_url: q.thumbnailPath
      ? `/api/quotes/${q.id}/thumbnail?v=${q.updatedAt.getTime().toString(36)}`
      : null,
  };
}

const THUMBNAIL_TYPES = {
  png: { type: 'image/png', signature: (b: Buffer) => b.subarray(0, 8).equals(PNG_SIGNATURE) },
  webp: {
    type: 'image/webp',
    signature: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
} as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A thumbnail data URL's bytes, checked: a real PNG or WebP (by its signature, not its label) of at
 * most QUOTE_THUMBNAIL_MAX_BYTES; a 400 naming `thumbnail` otherwise.
 */
export function decodeThumbnail(dataUrl: string): { ext: keyof typeof THUMBNAIL_TYPES; bytes: Buffer } {
  const m = /^data:image\/(png|webp);base64,(.*)$/s.exec(dataUrl);
  const refuse = (message: string) => badRequest(message, { thumbnail: message });
  if (!m) throw refuse('The thumbnail must be a PNG or WebP image.');
  const ext = m[1] as keyof typeof THUMBNAIL_TYPES;
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.byteLength > QUOTE_THUMBNAIL_MAX_BYTES)
    throw refuse(`The thumbnail is too large (at most ${QUOTE_THUMBNAIL_MAX_BYTES / 1024} KB).`);
  if (bytes.byteLength < 12 || !THUMBNAIL_TYPES[ext].signature(bytes))
    throw refuse('The thumbnail must be a PNG or WebP image.');
  return { ext, bytes };
}

/**
 * Storage key of a quote's thumbnail: outside `models/` (the uploads' sweep); the sweeper removes one
 * only when no quote refers to it any more.
 */
function thumbnailKey(userId: string, quoteId: string, ext: string) {
  return `thumbnails/${userId}/${quoteId}.${ext}`;
}

/**
 * Stores a checked thumbnail for a quote of this user and records it; removes one it replaces. The
 * quote is already saved: a storage failure only costs the picture (logged), never the save.
 */
async function storeThumbnail(
  app: FastifyInstance,
  userId: string,
  row: QuoteRow,
  thumb: { ext: string; bytes: Buffer },
): Promise<QuoteRow> {
  const key = thumbnailKey(userId, row.id, thumb.ext);
  try {
    await app.storage.put(key, Readable.from([thumb.bytes]), `image/${thumb.ext}`);
    const [updated] = await app.database.db
      .update(quotes)
      .set({ thumbnailPath: key })
      .where(and(eq(quotes.id, row.id), eq(quotes.userId, userId)))
      .returning();
    if (row.thumbnailPath && row.thumbnailPath !== key) await app.storage.delete(row.thumbnailPath);
    return updated ?? row;
  } catch (err) {
    app.log.warn({ err, quote: row.id }, 'the quote was saved without its thumbnail');
    return row;
  }
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
      return priceJob(app, job, parameters, body.quantity, orientationOf(body.orientation));
    },
  );

  const createdDto = (row: QuoteRow) => ({
    id: row.id,
    reference: row.reference,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    quote: row.breakdown,
    estimate: row.estimate,
  });

  /** Save as new: a new quote, with the next reference number. */
  app.post(
    '/api/quotes',
    { schema: { body: savedQuoteCreateSchema, response: { 201: savedQuoteCreatedSchema, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const body = request.body;
      const parameters = parametersOrThrow(body.parameters);
      const color = colorOrThrow(parameters.filamentType, body.parameters.color, true);
      const thumb = body.thumbnail ? decodeThumbnail(body.thumbnail) : null;
      const job = await findOwnJob(app, user.id, body.jobId);
      // Any price the client sent is ignored: the figures below are the server's own.
      const orientation = orientationOf(body.orientation);
      const { estimate, quote } = await priceJob(app, job, parameters, body.quantity, orientation);
      let saved = await app.database.db.transaction((tx) =>
        insertQuote(tx as Db, {
          job,
          userId: user.id,
          parameters: { ...parameters, color, orientation },
          price: quote,
          estimate,
          name: body.name,
        }),
      );
      if (thumb) saved = await storeThumbnail(app, user.id, saved, thumb);
      return reply.status(201).send(createdDto(saved));
    },
  );

  /**
   * Update: the user's own quote re-priced by the server from new parameters (the same rules as a new
   * save), keeping its id, reference and name. Another user's quote is a 404 and is left unchanged.
   */
  app.put(
    '/api/quotes/:id',
    {
      schema: {
        params: idParamsSchema,
        body: savedQuoteUpdateSchema,
        response: { 200: savedQuoteCreatedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const parameters = parametersOrThrow(body.parameters);
      const color = colorOrThrow(parameters.filamentType, body.parameters.color, true);
      const thumb = body.thumbnail ? decodeThumbnail(body.thumbnail) : null;
      const [existing] = await app.database.db
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.id, request.params.id), eq(quotes.userId, user.id), eq(quotes.livemode, true)))
        .limit(1);
      if (!existing) throw notFound('Quote');
      const job = await findOwnJob(app, user.id, body.jobId);
      const orientation = orientationOf(body.orientation);
      const { estimate, quote } = await priceJob(app, job, parameters, body.quantity, orientation);
      let row = await app.database.db.transaction((tx) =>
        updateQuote(tx as Db, {
          id: request.params.id,
          job,
          userId: user.id,
          parameters: { ...parameters, color, orientation },
          price: quote,
          estimate,
        }),
      );
      if (!row) throw notFound('Quote');
      if (thumb) row = await storeThumbnail(app, user.id, row, thumb);
      return createdDto(row);
    },
  );

  /** Rename: a name of 1 to QUOTE_NAME_MAX characters, trimmed. */
  app.patch(
    '/api/quotes/:id',
    {
      schema: {
        params: idParamsSchema,
        body: savedQuoteRenameSchema,
        response: { 200: savedQuoteSummarySchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const [q] = await app.database.db
        .update(quotes)
        .set({ name: request.body.name, updatedAt: new Date() })
        .where(and(eq(quotes.id, request.params.id), eq(quotes.userId, user.id), eq(quotes.livemode, true)))
        .returning();
      if (!q) throw notFound('Quote');
      const row = await ownQuote(app, user.id, q.id);
      return summaryDto(row.q, row.p, row.job.fileName);
    },
  );

  /** The quote's thumbnail, to its owner only (another user's id is a 404). */
  app.get(
    '/api/quotes/:id/thumbnail',
    { schema: { params: idParamsSchema, querystring: z.object({ v: z.string().max(16).optional() }) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { q } = await ownQuote(app, user.id, request.params.id);
      if (!q.thumbnailPath) throw notFound('Thumbnail');
      const ext = q.thumbnailPath.endsWith('.webp') ? 'webp' : 'png';
      const bytes = await app.storage.getBytes(q.thumbnailPath);
      return reply
        .header('content-type', THUMBNAIL_TYPES[ext].type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );

  /** The saved quote as a PDF (its reference as the number; VAT shown for a UK delivery). */
  app.get('/api/quotes/:id/quote.pdf', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = await requireUser(request);
    const { q, p, job } = await ownQuote(app, user.id, request.params.id);
    const parameters: LineParameters = { ...parametersOf(p), color: p.color };
    const description = q.name === job.fileName ? q.name : `${q.name} (${job.fileName})`;
    const doc = quoteDocumentForSavedQuote(app, q, description, parameters, user.email);
    const pdf = await renderQuotePdf({ ...doc, number: q.reference });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${q.reference}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

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
        quotes: page.map(({ q, p, fileName }) => summaryDto(q, p, fileName)),
        has_more: rows.length > limit,
      };
    },
  );

  app.get(
    '/api/quotes/:id',
    { schema: { params: idParamsSchema, response: { 200: savedQuoteDetailSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      const { q, p, job } = await ownQuote(app, user.id, request.params.id);
      return {
        quote: {
          ...summaryDto(q, p, job.fileName),
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
          .returning({ parametersId: quotes.parametersId, thumbnailPath: quotes.thumbnailPath });
        if (q) await tx.delete(printParameters).where(eq(printParameters.id, q.parametersId));
        return q;
      });
      if (!deleted) throw notFound('Quote');
      if (deleted.thumbnailPath) await app.storage.delete(deleted.thumbnailPath);
      return reply.status(204).send();
    },
  );
};

/** A live quote of this user with its parameters and job, or 404 (another user's id included). */
async function ownQuote(app: FastifyInstance, userId: string, id: string) {
  const [row] = await app.database.db
    .select({ q: quotes, p: printParameters, job: printJobs })
    .from(quotes)
    .innerJoin(printJobs, and(eq(printJobs.id, quotes.jobId), eq(printJobs.userId, userId)))
    .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId), eq(quotes.livemode, true)))
    .limit(1);
  if (!row) throw notFound('Quote');
  return row;
}

/** A request's orientation: null when absent or when it leaves the part as it lies. */
function orientationOf(v: readonly [number, number, number] | undefined): Orientation | null {
  return v && !isIdentityOrientation(v) ? [v[0], v[1], v[2]] : null;
}

function parametersOf(p: ParametersRow): QuoteParameters & { color: string | null } {
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
