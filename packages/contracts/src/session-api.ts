import {
  ORIENTATION_MESSAGE,
  ORIENTATION_NORM_TOLERANCE,
  PARAMETER_BOUNDS,
  PARAMETER_MESSAGES,
} from '@printloop/materials';
import { z } from 'zod';
import { QUOTE_NAME_MAX, QUOTE_NAME_MESSAGE, QUOTE_THUMBNAIL_MAX_BYTES } from './saved-quotes.js';

/**
 * Request and response schemas of the web app's session routes (/api/*): the server validates and
 * serialises through them (fastify-type-provider-zod), and the browser reads the same shapes.
 */

/** Every /api error: a stable code, a message a person understands, and per-field messages. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});

export const unitsSchema = z.enum(['mm', 'cm', 'in']);

export const bboxSchema = z.object({
  min: z.tuple([z.number(), z.number(), z.number()]),
  max: z.tuple([z.number(), z.number(), z.number()]),
  size: z.tuple([z.number(), z.number(), z.number()]),
});

/** The server's analysis of a model file (the geometry package's Analysis). */
export const analysisSchema = z.object({
  file: z.string(),
  format: z.enum(['stl-binary', 'stl-ascii', 'obj', '3mf', 'step']),
  units: unitsSchema,
  triangles: z.number().int(),
  volume_mm3: z.number(),
  area_mm2: z.number(),
  bbox: bboxSchema,
  watertight: z.boolean(),
  shells: z.number().int(),
  degenerate_triangles: z.number().int(),
  duplicate_triangles: z.number().int(),
  overhang_area_mm2: z.number(),
  supports_recommended: z.boolean(),
  fits_build_volume: z.boolean(),
  /** Analyses stored before turning on the bed was tried have neither. */
  fit_rotation_deg: z.number().nullable().optional(),
  fit_footprint_mm: z.tuple([z.number(), z.number()]).nullable().optional(),
  fit_orientation: z.tuple([z.number(), z.number(), z.number()]).nullable().optional(),
  suggested_units: unitsSchema.nullable(),
  warnings: z.array(z.string()),
});

export const jobSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  format: z.string(),
  status: z.string(),
  units: z.string(),
  created_at: z.string(),
});

export const jobWithAnalysisSchema = z.object({ job: jobSchema, analysis: analysisSchema });

export const estimateSchema = z.object({
  print_time_s: z.number(),
  filament_mm: z.number(),
  filament_cm3: z.number(),
  filament_g: z.number(),
  layers: z.number(),
  breakdown: z.object({
    walls_g: z.number(),
    walls_s: z.number(),
    skins_g: z.number(),
    skins_s: z.number(),
    infill_g: z.number(),
    infill_s: z.number(),
    support_g: z.number(),
    support_s: z.number(),
    skirt_g: z.number(),
    skirt_s: z.number(),
    travel_s: z.number(),
    other_s: z.number(),
  }),
});

/** Print parameters as the calculator names them. */
export const quoteParametersSchema = z.object({
  layerHeight: z.number(),
  infillPercentage: z.number(),
  printSpeed: z.number(),
  filamentType: z.string(),
  supportRequired: z.boolean(),
  postProcessing: z.array(z.string()),
  /** A colour id of the material's catalogue; null on quotes saved before the calculator had colours. */
  color: z.string().nullable(),
});

/** The itemised price in pence, with everything needed to reproduce it. */
export const priceBreakdownSchema = z.object({
  currency: z.literal('GBP'),
  price_table_version: z.string(),
  inputs: z.object({
    estimate: z.object({ print_time_s: z.number(), filament_g: z.number() }),
    parameters: z.record(z.string(), z.unknown()),
    quantity: z.number().int(),
    postProcessing: z.array(z.string()),
    now: z.string(),
  }),
  material_pence: z.number().int(),
  machine_pence: z.number().int(),
  support_pence: z.number().int(),
  post_processing_pence: z.number().int(),
  /** Per unit: the top-up to the minimum charge per part (price tables from 2026-11-24). */
  minimum_charge_pence: z.number().int().optional(),
  unit_price_pence: z.number().int(),
  quantity: z.number().int(),
  subtotal_pence: z.number().int(),
  discount_rate: z.number(),
  discount_pence: z.number().int(),
  /** Absent on quotes priced with the first price table (2026-11-01). */
  items_pence: z.number().int().optional(),
  fulfilment_pence: z.number().int().optional(),
  total_pence: z.number().int(),
  delivery_days: z.number().int(),
  lead_time_days: z.number().int().optional(),
  valid_until: z.string(),
});

/**
 * Working days until an order of the quoted work would be ready to ship, by service (express plates go
 * ahead of standard ones): from the production floor's live queue when `live`, else the fixed rule.
 */
export const leadTimesSchema = z.object({
  standard_days: z.number().int(),
  express_days: z.number().int(),
  live: z.boolean(),
});

export const quotePreviewSchema = z.object({
  estimate: estimateSchema,
  quote: priceBreakdownSchema,
  lead_times: leadTimesSchema.optional(),
});

export const uploadResponseSchema = jobWithAnalysisSchema.extend({ preview: quotePreviewSchema.nullable() });

/**
 * The calculator's quantity: a whole number within PARAMETER_BOUNDS.quantity (the one constant the
 * calculator, the session API, the public API and the docs read), required and never coerced.
 */
export const QUANTITY_BOUNDS = PARAMETER_BOUNDS.quantity;
export const calculatorQuantitySchema = z
  .number({ message: PARAMETER_MESSAGES.quantity })
  .int(PARAMETER_MESSAGES.quantity)
  .min(QUANTITY_BOUNDS.min, PARAMETER_MESSAGES.quantity)
  .max(QUANTITY_BOUNDS.max, PARAMETER_MESSAGES.quantity);

const orientationComponent = z
  .number({ message: ORIENTATION_MESSAGE })
  .min(-1, ORIENTATION_MESSAGE)
  .max(1, ORIENTATION_MESSAGE);

/**
 * The face of the part put down on the bed: its outward unit normal `[x, y, z]` in the file's
 * coordinates (each within [−1, 1], length 1 within 0.001). The server turns its stored mesh the
 * shortest way that takes that normal straight down, and prices that. Absent: as the file lies.
 */
export const orientationSchema = z
  .tuple([orientationComponent, orientationComponent, orientationComponent], { message: ORIENTATION_MESSAGE })
  .refine(
    (v) => Math.abs(Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) - 1) <= ORIENTATION_NORM_TOLERANCE,
    ORIENTATION_MESSAGE,
  );

/**
 * Prices requested by the calculator: the job, its raw parameters (checked by the price rules, with
 * `color` a colour id of the material: required to save), the quantity (required), and the face put
 * down (optional, see orientationSchema).
 */
export const quoteRequestSchema = z.object({
  jobId: z.uuid({ message: 'Not found' }),
  parameters: z.record(z.string(), z.unknown()),
  quantity: calculatorQuantitySchema,
  orientation: orientationSchema.optional(),
});

/** A saved quote's name: trimmed, never empty, at most QUOTE_NAME_MAX characters. */
export const quoteNameSchema = z
  .string({ message: QUOTE_NAME_MESSAGE })
  .trim()
  .min(1, QUOTE_NAME_MESSAGE)
  .max(QUOTE_NAME_MAX, QUOTE_NAME_MESSAGE);

/**
 * A thumbnail sent with a save, as a data URL (`data:image/png;base64,…` or WebP). The server checks
 * the decoded bytes' signature and size again.
 */
export const quoteThumbnailSchema = z
  .string()
  .max(64 + Math.ceil(QUOTE_THUMBNAIL_MAX_BYTES / 3) * 4, 'The thumbnail is too large')
  .regex(/^data:image\/(png|webp);base64,[A-Za-z0-9+/]+={0,2}$/, 'The thumbnail must be a PNG or WebP image');

/** Saving the calculator's quote: the priced request, and optionally a name and a thumbnail. */
export const savedQuoteCreateSchema = quoteRequestSchema.extend({
  name: quoteNameSchema.optional(),
  thumbnail: quoteThumbnailSchema.optional(),
});
/** 'Update' of an opened quote: re-priced by the server from the new parameters, same id and reference. */
export const savedQuoteUpdateSchema = quoteRequestSchema.extend({
  thumbnail: quoteThumbnailSchema.optional(),
});
/** Renaming a saved quote. */
export const savedQuoteRenameSchema = z.object({ name: quoteNameSchema }).strict();

export const savedQuoteCreatedSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  quote: priceBreakdownSchema,
  estimate: estimateSchema,
});

export const savedQuoteSummarySchema = z.object({
  id: z.string(),
  /** Q-<year>-<6 digits>, unique, in the order quotes were saved. */
  reference: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  job_id: z.string(),
  file_name: z.string(),
  total_pence: z.number().int(),
  valid_until: z.string(),
  status: z.string(),
  quantity: z.number().int(),
  parameters: quoteParametersSchema,
  /** The face put down (see orientationSchema); null when printed as the file lies. */
  orientation: z.tuple([z.number(), z.number(), z.number()]).nullable().optional(),
  /** The colour from the catalogue, when one was chosen. */
  color: z.string().nullable(),
  /** One line: 'PETG · black · 0.2 mm · 20 % infill · 60 mm/s · supports · sanding'. */
  summary: z.string(),
  /** Where its thumbnail is served (owner only), or null when none was uploaded. */
  thumbnail_url: z.string().nullable(),
});

export const savedQuoteListSchema = z.object({
  quotes: z.array(savedQuoteSummarySchema),
  has_more: z.boolean(),
});

export const savedQuoteDetailSchema = z.object({
  quote: savedQuoteSummarySchema.extend({
    material_cost: z.string(),
    print_time: z.number().int(),
    electricity_cost: z.string(),
    total_cost: z.string(),
    price_table_version: z.string(),
    quote: priceBreakdownSchema,
    estimate: estimateSchema,
  }),
  job: jobSchema,
  analysis: analysisSchema,
});

export const quoteListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    /** The id of the last quote of the previous page. */
    starting_after: z.uuid({ message: 'Not found' }).optional(),
  })
  .strict();

export const idParamsSchema = z.object({ id: z.uuid({ message: 'Not found' }) });
export const uploadQuerySchema = z.object({ units: unitsSchema.optional() }).strict();
export const unitsBodySchema = z.object({ units: unitsSchema }).strict();

const healthCheck = z.object({ status: z.enum(['ok', 'error']), latency_ms: z.number() });
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ database: healthCheck, storage: healthCheck }),
  /** When the probe ran (ISO 8601): probes are shared for a couple of seconds. */
  checked_at: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const createdIdSchema = z.object({ id: z.string() });

export const accountResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  operator: z.boolean(),
  payment_terms: z.enum(['prepay', 'net30']),
});

export const opsAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  payment_terms: z.enum(['prepay', 'net30']),
  operator: z.boolean(),
});
export const opsAccountListSchema = z.object({ data: z.array(opsAccountSchema) });
export const opsAccountQuerySchema = z
  .object({ email: z.string().trim().min(1).max(254).optional() })
  .strict();
export const opsAccountParamsSchema = z.object({ userId: z.string().min(1).max(64) });
