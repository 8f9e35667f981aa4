import {
  createQuoteSchema,
  idempotencyHeadersSchema,
  quoteIdParams,
  quoteObjectSchema,
  v1ErrorSchema,
} from '@printloop/contracts';
import { type Analysis, bedFootprint } from '@printloop/geometry';
import { priceQuote } from '@printloop/quote';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Caller } from '../../api/keys.js';
import { type LineParameters, printParameters, products, quotes } from '../../db/schema.js';
import { assertPrintable, estimateJob, insertQuote, type JobRow, reanalyzeJob } from '../../jobs/jobs.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { uuidOfPublicId } from '../../lib/ids.js';
import {
  callerOf,
  fileFromUrl,
  fileOf,
  idempotentPost,
  lineParameters,
  notFoundObject,
  quoteDto,
  sendResult,
} from './common.js';

type ProductRow = typeof products.$inferSelect;

export async function productOf(
  app: FastifyInstance,
  caller: Caller,
  id: string,
  param = 'product_id',
): Promise<ProductRow> {
  const [row] = await app.database.db
    .select()
    .from(products)
    .where(
      and(eq(products.id, id), eq(products.userId, caller.userId), eq(products.livemode, caller.livemode)),
    )
    .limit(1);
  if (!row) throw notFoundObject('product', id, param);
  return row;
}

/** The file to print, at the units asked for (a different unit re-reads the stored file). */
export async function fileAtUnits(
  app: FastifyInstance,
  job: JobRow,
  units: string | undefined,
): Promise<JobRow> {
  if (!units || units === job.units) return job;
  if (units !== 'mm' && units !== 'cm' && units !== 'in')
    throw badRequest('units is mm, cm or in.', { units: 'Invalid units' });
  return (await reanalyzeJob(app, job, units)).job;
}

/**
 * Quotes (API.md §3): the same engine and price table as the calculator, for a file, a product or a
 * model URL, with the parameters at the top level.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: v1ErrorSchema,
    401: v1ErrorSchema,
    404: v1ErrorSchema,
    409: v1ErrorSchema,
    413: v1ErrorSchema,
    422: v1ErrorSchema,
    429: v1ErrorSchema,
  };

  app.post(
    '/quotes',
    {
      schema: {
        summary: 'Price a model',
        operationId: 'createQuote',
        headers: idempotencyHeadersSchema,
        description:
          'Name the model by `file_id`, `product_id` (its default parameters apply) or `model_url` (fetched as a new file), with the print parameters and `quantity`. `color` is required (a colour id of the material).',
        tags: ['Quotes'],
        body: createQuoteSchema,
        response: { 201: quoteObjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const sources = [body.file_id, body.product_id, body.model_url].filter((s) => s !== undefined);
      if (sources.length !== 1) {
        throw badRequest('Name the model by exactly one of file_id, product_id or model_url.', {
          file_id: 'Give one of file_id, product_id, model_url',
        });
      }
      const result = await idempotentPost(app, request, reply, body, async (commit) => {
        let job: JobRow;
        let product: ProductRow | null = null;
        if (body.product_id) {
          product = await productOf(app, caller, body.product_id);
          if (product.archivedAt)
            throw new AppError(409, 'CONFLICT', `Product ${product.id} is archived.`, {
              product_id: 'Archived',
            });
          const uuid = product.jobId;
          job = await fileOf(app, caller, `file_${uuid.replaceAll('-', '')}`);
          if (body.material && !product.materials.includes(body.material)) {
            throw badRequest(`This product is made in ${product.materials.join(', ')} only.`, {
              material: 'Not allowed for this product',
            });
          }
        } else if (body.file_id) {
          job = await fileOf(app, caller, body.file_id);
        } else {
          job = await fileFromUrl(app, caller, body.model_url!, { units: body.units, param: 'model_url' });
        }
        const parameters: LineParameters = lineParameters(body, product?.defaults ?? null);
        job = await fileAtUnits(app, job, body.units);
        assertPrintable(job);
        const estimate = await estimateJob(app, job, parameters);
        const fixed = priceQuote(estimate, parameters, {
          quantity: body.quantity,
          postProcessing: parameters.postProcessing,
        });
        // The lead time from the farm's live queue (standard service), else the fixed rule.
        const queued = await app.leadTimes.days(
          [
            {
              size: bedFootprint(job.analysis as Analysis),
              quantity: body.quantity,
              secondsPerCopy: estimate.print_time_s,
              material: parameters.filamentType,
              color: parameters.color ?? 'black',
            },
          ],
          false,
        );
        const price = queued === null ? fixed : { ...fixed, lead_time_days: queued };
        return commit(async (tx) => {
          const row = await insertQuote(tx, {
            job,
            userId: caller.userId,
            parameters,
            price,
            estimate,
            livemode: caller.livemode,
            productId: product?.id ?? null,
          });
          return {
            status: 201,
            body: quoteDto(row, { ...parameters, units: job.units }, product?.id ?? null),
          };
        });
      });
      return sendResult(reply, result, quoteObjectSchema);
    },
  );

  app.get(
    '/quotes/:id',
    {
      schema: {
        summary: 'Retrieve a quote',
        operationId: 'getQuote',
        tags: ['Quotes'],
        params: quoteIdParams,
        response: { 200: quoteObjectSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const uuid = uuidOfPublicId('quo', request.params.id);
      const [row] = uuid
        ? await app.database.db
            .select({ q: quotes, p: printParameters })
            .from(quotes)
            .innerJoin(printParameters, eq(printParameters.id, quotes.parametersId))
            .where(
              and(
                eq(quotes.id, uuid),
                eq(quotes.userId, caller.userId),
                eq(quotes.livemode, caller.livemode),
              ),
            )
            .limit(1)
        : [];
      if (!row) throw notFoundObject('quote', request.params.id);
      const p = row.p;
      const params: LineParameters & { units: string } = {
        filamentType:
          p.filamentType === 'ABS' || p.filamentType === 'PETG' || p.filamentType === 'TPU'
            ? p.filamentType
            : 'PLA',
        color: p.color,
        layerHeight: p.layerHeight,
        infillPercentage: p.infillPercentage,
        printSpeed: p.printSpeed,
        supportRequired: p.supportRequired,
        postProcessing: p.postProcessing.filter(
          (x): x is 'sanding' | 'painting' | 'coating' =>
            x === 'sanding' || x === 'painting' || x === 'coating',
        ),
        units: p.units,
      };
      return quoteDto(row.q, params, row.q.productId);
    },
  );
};
