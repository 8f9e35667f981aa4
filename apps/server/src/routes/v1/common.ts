import { Readable } from 'node:stream';
import { type UploadUnits, v1ErrorSchema } from '@printloop/contracts';
import type { FilamentType, PostProcessing } from '@printloop/materials';
import { colorProblem, DEFAULT_PARAMETERS, MATERIALS } from '@printloop/materials';
import { formatGBP, type Quote } from '@printloop/quote';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../api/keys.js';
import type { LineParameters, printJobs, quotes } from '../../db/schema.js';
import { fetchUrl } from '../../http/fetch-url.js';
import {
  type Commit,
  checkIdempotencyKey,
  requestFingerprint,
  withIdempotency,
} from '../../http/idempotency.js';
import { findOwnJob, type JobRow } from '../../jobs/jobs.js';
import { acceptModel, assertRoomFor, uploadName } from '../../jobs/upload.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { publicUuidId, uuidOfPublicId } from '../../lib/ids.js';
import { apiParam } from '../../plugins/errors.js';

const storedError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's account and mode, on /v1 routes. */
    caller: Caller | null;
  }
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'UNAUTHENTICATED', 'Missing or invalid API key.');
  return request.caller;
}

/** The job behind a `file_…` id of this account and mode, or 404. */
export async function fileOf(
  app: FastifyInstance,
  caller: Caller,
  fileId: string,
  param = 'file_id',
): Promise<JobRow> {
  const uuid = uuidOfPublicId('file', fileId);
  if (!uuid) throw new AppError(404, 'NOT_FOUND', `No such file: ${fileId}`, { [param]: 'No such file' });
  try {
    return await findOwnJob(app, caller.userId, uuid, caller.livemode, 'File');
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) {
      throw new AppError(404, 'NOT_FOUND', `No such file: ${fileId}`, { [param]: 'No such file' });
    }
    throw err;
  }
}

export function fileDto(job: typeof printJobs.$inferSelect) {
  const a = job.analysis;
  return {
    id: publicUuidId('file', job.id),
    object: 'file' as const,
    created_at: job.createdAt.toISOString(),
    livemode: job.livemode,
    filename: job.fileName,
    size_bytes: job.fileSize,
    format: job.format,
    units: job.units,
    analysis: {
      volume_mm3: a.volume_mm3,
      area_mm2: a.area_mm2,
      bbox: a.bbox,
      triangles: a.triangles,
      watertight: a.watertight,
      shells: a.shells,
      supports_recommended: a.supports_recommended,
      fits_build_volume: a.fits_build_volume,
      // Analyses stored before turning was tried: fitting as it lies means no turn.
      fit_rotation_deg: a.fit_rotation_deg ?? (a.fits_build_volume ? 0 : null),
      suggested_units: a.suggested_units,
      warnings: a.warnings,
    },
  };
}

export const MODEL_URL_LIMITS = { maxBytes: 50 * 1024 * 1024, timeoutMs: 30_000 };

/** Fetch a model from a URL (API.md's rules) and accept it as a new file of the caller. */
export async function fileFromUrl(
  app: FastifyInstance,
  caller: Caller,
  url: string,
  opts: { filename?: string | undefined; units?: UploadUnits | undefined; param?: string } = {},
): Promise<JobRow> {
  const param = opts.param ?? 'url';
  const used = await assertRoomFor(app, caller.userId);
  const fetched = await fetchUrl(
    url,
    { allowPrivateNetwork: app.config.allowPrivateNetwork },
    { ...MODEL_URL_LIMITS, param },
  );
  const fromPath = decodeURIComponent(fetched.url.pathname.split('/').pop() ?? '');
  const fileName = uploadName(opts.filename ?? fromPath ?? 'model.stl');
  const release = app.models.beginUpload(caller.userId);
  try {
    const accepted = await acceptModel(app, {
      userId: caller.userId,
      livemode: caller.livemode,
      origin: 'api',
      fileName,
      body: Readable.from([fetched.bytes]),
      units: opts.units,
      used,
    });
    return accepted.job;
  } finally {
    release();
  }
}

/** Print parameters as the API names them (snake_case), merged over defaults, checked, as the domain uses them. */
export function lineParameters(
  input: {
    material?: FilamentType | undefined;
    color?: string | undefined;
    layer_height?: number | undefined;
    infill?: number | undefined;
    print_speed?: number | undefined;
    supports?: boolean | undefined;
    post_processing?: PostProcessing[] | undefined;
  },
  defaults: LineParameters | null,
  param = '',
  opts: { requireColor?: boolean } = {},
): LineParameters {
  const material = input.material ?? defaults?.filamentType;
  if (!material) throw badRequest('material is required.', { [`${param}material`]: 'material is required' });
  const color = input.color ?? (defaults && defaults.filamentType === material ? defaults.color : null);
  if (!color && opts.requireColor === false) {
    // A product's defaults may leave the colour to each quote and order.
  } else if (!color) {
    const ids = MATERIALS[material].colors.map((c) => c.id).join(', ');
    throw badRequest(`color is required. Choose one of: ${ids}.`, { [`${param}color`]: 'color is required' });
  }
  const problem = color ? colorProblem(material, color) : null;
  if (problem) throw badRequest(problem, { [`${param}color`]: problem });
  return {
    filamentType: material,
    color,
    layerHeight: input.layer_height ?? defaults?.layerHeight ?? DEFAULT_PARAMETERS.layerHeight,
    infillPercentage: input.infill ?? defaults?.infillPercentage ?? DEFAULT_PARAMETERS.infillPercentage,
    printSpeed: input.print_speed ?? defaults?.printSpeed ?? DEFAULT_PARAMETERS.printSpeed,
    supportRequired: input.supports ?? defaults?.supportRequired ?? DEFAULT_PARAMETERS.supportRequired,
    postProcessing: [...(input.post_processing ?? defaults?.postProcessing ?? [])],
  };
}

/** The itemised lines of a price, as the API lists them. */
export function lineItems(q: Quote) {
  const items: {
    type:
      | 'material'
      | 'machine'
      | 'supports'
      | 'post_processing'
      | 'minimum_charge'
      | 'discount'
      | 'fulfillment';
    description: string;
    amount: number;
  }[] = [];
  const m = q.quantity;
  const minimum = q.minimum_charge_pence ?? 0;
  const markup =
    (q.unit_price_pence - minimum) /
    Math.max(1, q.material_pence + q.machine_pence + q.support_pence + q.post_processing_pence);
  items.push({
    type: 'material',
    description: `Material × ${m}`,
    amount: Math.round(q.material_pence * markup) * m,
  });
  items.push({
    type: 'machine',
    description: `Machine time × ${m}`,
    amount: Math.round(q.machine_pence * markup) * m,
  });
  if (q.support_pence > 0)
    items.push({
      type: 'supports',
      description: `Supports × ${m}`,
      amount: Math.round(q.support_pence * markup) * m,
    });
  if (q.post_processing_pence > 0) {
    items.push({
      type: 'post_processing',
      description: `Finishing × ${m}`,
      amount: Math.round(q.post_processing_pence * markup) * m,
    });
  }
  // Rounding of the per-item lines above is absorbed so that the lines add up to the subtotal exactly.
  const drift = q.subtotal_pence - minimum * m - items.reduce((s, i) => s + i.amount, 0);
  items[items.length - 1]!.amount += drift;
  if (minimum > 0)
    items.push({
      type: 'minimum_charge',
      description: `Minimum charge (${formatGBP(q.unit_price_pence)} per part) × ${m}`,
      amount: minimum * m,
    });
  if (q.discount_pence > 0)
    items.push({
      type: 'discount',
      description: `Volume discount (${Math.round(q.discount_rate * 100)}%)`,
      amount: -q.discount_pence,
    });
  if ((q.fulfilment_pence ?? 0) > 0)
    items.push({
      type: 'fulfillment',
      description: 'Fulfilment (once per order)',
      amount: q.fulfilment_pence ?? 0,
    });
  return items;
}

export function quoteDto(
  row: typeof quotes.$inferSelect,
  params: LineParameters & { units: string },
  productId: string | null,
) {
  const q = row.breakdown;
  return {
    id: publicUuidId('quo', row.id),
    object: 'quote' as const,
    created_at: row.createdAt.toISOString(),
    livemode: row.livemode,
    file_id: publicUuidId('file', row.jobId),
    product_id: productId,
    parameters: {
      material: params.filamentType,
      color: params.color,
      layer_height: params.layerHeight,
      infill: params.infillPercentage,
      print_speed: params.printSpeed,
      supports: params.supportRequired,
      post_processing: [...params.postProcessing],
      units: params.units,
    },
    quantity: row.quantity,
    estimate: {
      print_time_s: row.estimate.print_time_s,
      filament_g: row.estimate.filament_g,
      layers: row.estimate.layers,
    },
    unit_amount: q.unit_price_pence,
    subtotal_amount: q.subtotal_pence,
    discount_amount: q.discount_pence,
    fulfillment_amount: q.fulfilment_pence ?? 0,
    total_amount: q.total_pence,
    currency: 'GBP' as const,
    line_items: lineItems(q),
    price_table_version: q.price_table_version,
    lead_time_days: q.lead_time_days ?? q.delivery_days,
    valid_until: q.valid_until,
  };
}

/**
 * A POST of the public API, at most once per `Idempotency-Key` (API.md §3): replays carry
 * `Idempotent-Replayed: true`. `work` does its reads, then its writes through `commit`.
 */
export async function idempotentPost(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprintBody: unknown,
  work: (commit: Commit) => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown }> {
  const caller = callerOf(request);
  const key = checkIdempotencyKey(request.headers['idempotency-key']);
  const path = request.routeOptions.url ?? request.url;
  const result = await withIdempotency(
    app,
    { userId: caller.userId, livemode: caller.livemode },
    key,
    requestFingerprint(request.method, path, fingerprintBody),
    work,
  );
  if (result.replayed) {
    reply.header('idempotent-replayed', 'true');
    // A stored refusal is replayed in the public API's envelope, with this request's id.
    const stored = storedError.safeParse(result.body);
    if (stored.success && result.status >= 400) {
      const e = stored.data.error;
      const param = e.fields ? Object.keys(e.fields).find((k) => k !== '_') : undefined;
      return {
        status: result.status,
        body: {
          error: {
            code: e.code,
            message: e.message,
            ...(param ? { param: apiParam(param) } : {}),
            request_id: request.id,
          },
        },
      };
    }
  }
  return result;
}

/**
 * Sends a POST's result: the object (parsed through its schema, as a replay comes from the database)
 * with its status, or a stored refusal in the error envelope.
 */
export function sendResult(
  reply: FastifyReply,
  result: { status: number; body: unknown },
  schema: z.ZodType,
) {
  // The status is one the route declares: 200/201 for the object, 4xx for a replayed refusal.
  const status = result.status;
  if (status < 300) return reply.code(status).send(schema.parse(result.body));
  return reply.code(status).send(v1ErrorSchema.parse(result.body));
}

export function notFoundObject(what: string, id: string, param?: string) {
  return new AppError(
    404,
    'NOT_FOUND',
    `No such ${what}: ${id}`,
    param ? { [param]: `No such ${what}` } : undefined,
  );
}

export { notFound };
