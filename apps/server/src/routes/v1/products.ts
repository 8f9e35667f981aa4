import {
  createProductSchema,
  idempotencyHeadersSchema,
  listOf,
  listQuerySchema,
  productIdParams,
  productObjectSchema,
  updateProductSchema,
  v1ErrorSchema,
} from '@printloop/contracts';
import { FILAMENT_TYPES, type FilamentType } from '@printloop/materials';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../api/keys.js';
import type { Db } from '../../db/client.js';
import { type LineParameters, products } from '../../db/schema.js';
import { assertPrintable, type JobRow } from '../../jobs/jobs.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId, publicUuidId } from '../../lib/ids.js';
import { apiParameters } from '../../orders/orders.js';
import { callerOf, fileFromUrl, fileOf, idempotentPost, lineParameters, sendResult } from './common.js';
import { productOf } from './quotes.js';

type ProductRow = typeof products.$inferSelect;

export const DIMENSION_TOLERANCE_MM = 1;

/** The measured width (x), height (z) and depth (y) of a file, mm. */
export function measuredDimensions(job: JobRow) {
  const [x, y, z] = job.analysis.bbox.size;
  const r = (v: number) => Math.round(v * 100) / 100;
  return { width: r(x), height: r(z), depth: r(y) };
}

/** Why stated dimensions do not match the file, naming the likely unit mistake; null when they match. */
export function dimensionsProblem(
  stated: { width: number; height: number; depth: number },
  measured: { width: number; height: number; depth: number },
): string | null {
  const axes = ['width', 'height', 'depth'] as const;
  if (axes.every((a) => Math.abs(stated[a] - measured[a]) <= DIMENSION_TOLERANCE_MM)) return null;
  const m = `${measured.width} × ${measured.height} × ${measured.depth} mm`;
  const s = `${stated.width} × ${stated.height} × ${stated.depth}`;
  const ratios = axes.map((a) => measured[a] / stated[a]);
  const near = (k: number) => ratios.every((r) => Math.abs(r / k - 1) < 0.03);
  if (near(25.4))
    return `The file measures ${m}, but you gave ${s}: those look like inches. Give the dimensions in mm.`;
  if (near(10))
    return `The file measures ${m}, but you gave ${s}: those look like centimetres. Give the dimensions in mm.`;
  if (near(1 / 25.4)) {
    return `The file measures ${m}, but you gave ${s} mm: the file looks like it was drawn in inches. Upload it with units "in".`;
  }
  if (near(1 / 10)) {
    return `The file measures ${m}, but you gave ${s} mm: the file looks like it was drawn in centimetres. Upload it with units "cm".`;
  }
  return `The file measures ${m}, but you gave ${s} mm (more than ${DIMENSION_TOLERANCE_MM} mm apart). Check the dimensions and the file.`;
}

function productDto(p: ProductRow) {
  return {
    id: p.id,
    object: 'product' as const,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    livemode: p.livemode,
    name: p.name,
    description: p.description,
    file_id: publicUuidId('file', p.jobId),
    materials: p.materials,
    dimensions: p.dimensions,
    defaults: apiParameters(p.defaults, 'mm'),
    sku: p.sku,
    metadata: p.metadata,
    archived: p.archivedAt !== null,
  };
}

async function skuTaken(db: Db, caller: Caller, sku: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.userId, caller.userId),
        eq(products.livemode, caller.livemode),
        eq(products.sku, sku),
        isNull(products.archivedAt),
      ),
    )
    .limit(1);
  return Boolean(row && row.id !== except);
}

function conflictSku(sku: string) {
  return new AppError(409, 'CONFLICT', `Another product already has the SKU "${sku}".`, {
    sku: 'Already used',
  });
}

/** Products (API.md §3): a seller's reusable model with its allowed materials, defaults and SKU. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: v1ErrorSchema,
    401: v1ErrorSchema,
    404: v1ErrorSchema,
    409: v1ErrorSchema,
    413: v1ErrorSchema,
    422: v1ErrorSchema,
    429: v1ErrorSchema,
  };
  const listQuery = listQuerySchema.extend({
    archived: z.enum(['true', 'false']).default('false').describe('List archived products instead'),
  });

  app.post(
    '/products',
    {
      schema: {
        summary: 'Create a product',
        operationId: 'createProduct',
        headers: idempotencyHeadersSchema,
        description:
          'From a `file_id` or a `model_url`. Its `dimensions` are measured from the file; stated dimensions more than 1 mm off are refused, with the likely unit mistake named.',
        tags: ['Products'],
        body: createProductSchema,
        response: { 201: productObjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      if ((body.file_id === undefined) === (body.model_url === undefined)) {
        throw badRequest('Give exactly one of file_id or model_url.', {
          file_id: 'Give one of file_id, model_url',
        });
      }
      const result = await idempotentPost(app, request, reply, body, async (commit) => {
        const job = body.file_id
          ? await fileOf(app, caller, body.file_id)
          : await fileFromUrl(app, caller, body.model_url!, { param: 'model_url' });
        assertPrintable(job);
        const measured = measuredDimensions(job);
        if (body.dimensions) {
          const problem = dimensionsProblem(body.dimensions, measured);
          if (problem) throw badRequest(problem, { dimensions: problem });
        }
        const materials: FilamentType[] =
          body.materials ?? (body.defaults?.material ? [body.defaults.material] : [...FILAMENT_TYPES]);
        const defaultsInput = { ...body.defaults, material: body.defaults?.material ?? materials[0] };
        const defaults: LineParameters = lineParameters(defaultsInput, null, 'defaults.', {
          requireColor: false,
        });
        if (!materials.includes(defaults.filamentType)) {
          throw badRequest('The default material must be one of the product’s materials.', {
            'defaults.material': 'Not in materials',
          });
        }
        if (body.sku && (await skuTaken(app.database.db, caller, body.sku))) throw conflictSku(body.sku);
        return commit(async (tx) => {
          const [row] = await tx
            .insert(products)
            .values({
              id: newId('prd'),
              userId: caller.userId,
              livemode: caller.livemode,
              jobId: job.id,
              name: body.name,
              description: body.description ?? null,
              materials,
              dimensions: measured,
              defaults,
              sku: body.sku ?? null,
              metadata: body.metadata ?? {},
            })
            .returning();
          return { status: 201, body: productDto(row!) };
        });
      });
      return sendResult(reply, result, productObjectSchema);
    },
  );

  app.get(
    '/products',
    {
      schema: {
        summary: 'List products',
        operationId: 'listProducts',
        tags: ['Products'],
        querystring: listQuery,
        response: { 200: listOf(productObjectSchema), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const conditions: SQL[] = [eq(products.userId, caller.userId), eq(products.livemode, caller.livemode)];
      conditions.push(q.archived === 'true' ? isNotNull(products.archivedAt) : isNull(products.archivedAt));
      const cursorId = q.starting_after ?? q.ending_before;
      if (cursorId) {
        const c = await productOf(
          app,
          caller,
          cursorId,
          q.starting_after ? 'starting_after' : 'ending_before',
        );
        // The cursor's time read in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
        const at = sql`(select ${products.createdAt} from ${products} where ${products.id} = ${c.id})`;
        conditions.push(
          q.starting_after
            ? or(lt(products.createdAt, at), and(eq(products.createdAt, at), lt(products.id, c.id)))!
            : or(gt(products.createdAt, at), and(eq(products.createdAt, at), gt(products.id, c.id)))!,
        );
      }
      const newestFirst = !q.ending_before;
      const rows = await app.database.db
        .select()
        .from(products)
        .where(and(...conditions))
        .orderBy(
          ...(newestFirst
            ? [desc(products.createdAt), desc(products.id)]
            : [asc(products.createdAt), asc(products.id)]),
        )
        .limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      return {
        object: 'list' as const,
        data: (newestFirst ? page : page.reverse()).map(productDto),
        has_more: rows.length > q.limit,
      };
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        summary: 'Retrieve a product',
        operationId: 'getProduct',
        tags: ['Products'],
        params: productIdParams,
        response: { 200: productObjectSchema, ...errors },
      },
    },
    async (request) => productDto(await productOf(app, callerOf(request), request.params.id, 'id')),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        summary: 'Update a product',
        operationId: 'updateProduct',
        description:
          'Name, description, materials, defaults, SKU and metadata. The file of a product does not change: create a new product.',
        tags: ['Products'],
        params: productIdParams,
        body: updateProductSchema,
        response: { 200: productObjectSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const current = await productOf(app, caller, request.params.id, 'id');
      const materials = body.materials ?? current.materials;
      const defaults = body.defaults
        ? lineParameters(body.defaults, current.defaults, 'defaults.', { requireColor: false })
        : current.defaults;
      if (!materials.includes(defaults.filamentType)) {
        throw badRequest('The default material must be one of the product’s materials.', {
          'defaults.material': 'Not in materials',
        });
      }
      if (body.sku && (await skuTaken(app.database.db, caller, body.sku, current.id)))
        throw conflictSku(body.sku);
      const [row] = await app.database.db
        .update(products)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.sku !== undefined ? { sku: body.sku } : {}),
          ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
          materials,
          defaults,
          updatedAt: new Date(),
        })
        .where(and(eq(products.id, current.id), eq(products.userId, caller.userId)))
        .returning();
      return productDto(row!);
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        summary: 'Archive a product',
        operationId: 'archiveProduct',
        description:
          'Archived products are kept (orders refer to them) but leave the list and cannot be ordered.',
        tags: ['Products'],
        params: productIdParams,
        response: { 200: productObjectSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const current = await productOf(app, caller, request.params.id, 'id');
      const [row] = await app.database.db
        .update(products)
        .set({ archivedAt: current.archivedAt ?? new Date(), updatedAt: new Date() })
        .where(and(eq(products.id, current.id), eq(products.userId, caller.userId)))
        .returning();
      return productDto(row!);
    },
  );
};
