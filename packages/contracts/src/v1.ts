import {
  colorProblem,
  DEFAULT_PARAMETERS,
  FILAMENT_TYPES,
  type FilamentType,
  PARAMETER_BOUNDS,
  PARAMETER_MESSAGES,
  POST_PROCESSING_OPTIONS,
} from '@printloop/materials';
import { z } from 'zod';
import { shippingAddressSchema } from './address.js';
import type { createApiKeySchema } from './api-keys.js';
import { orderSchema } from './orders.js';
import { bboxSchema, unitsSchema } from './session-api.js';
import {
  createFileExample,
  createOrderExample,
  createProductExample,
  createQuoteExample,
  fileExample,
  orderExample,
  productExample,
  quoteExample,
  shippingRateExample,
} from './v1-examples.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-endpoints.js';

/**
 * The public REST API (API.md §3), one schema per object and request. The server validates and
 * serialises through these; the OpenAPI document at /v1/openapi.json is generated from them.
 */

export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'UNREADABLE_MODEL',
  'DOES_NOT_FIT',
  'FILE_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

/** The header every POST takes (API.md §3). */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Makes the request safe to retry: the same key and body return the first response again (kept 24 hours)',
    ),
});

export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(API_ERROR_CODES).describe('Stable, documented error code'),
      message: z.string().describe('What went wrong, for a person'),
      param: z.string().optional().describe('The request field at fault, e.g. items[0].quantity'),
      request_id: z.string().describe('Quote it when you contact support'),
    }),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'items.0.quantity: Quantity must be a whole number between 1 and 1000',
          param: 'items[0].quantity',
          request_id: '5b0e5a4c-9c84-4a4f-9a5e-3f2f4f1c2d7e',
        },
      },
    ],
  });

const pence = z.number().int().describe('Pence (GBP)');

/**
 * An object id in a path. Any id that is not one of the caller's objects (another account's, the
 * other mode's, or malformed) is the same 404 `NOT_FOUND`, as Stripe answers.
 */
const publicId = (example: string) => z.string().min(1).max(64).describe(example);
const timestamp = z.string().describe('ISO 8601, UTC');

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean().describe('Whether another page follows'),
  });
}

export const listQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10).describe('1 to 100, default 10'),
    starting_after: z.string().max(64).optional().describe('The id of the last object of the previous page'),
    ending_before: z.string().max(64).optional().describe('The id of the first object of the next page'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Print parameters, snake_case as API.md names them.

const materialSchema = z.enum(FILAMENT_TYPES, { error: PARAMETER_MESSAGES.filamentType });
const bounded = (b: { min: number; max: number }, message: string) =>
  z.number({ error: message }).min(b.min, { error: message }).max(b.max, { error: message });

export const printParametersSchema = z.object({
  material: materialSchema.describe('PLA, ABS, PETG or TPU'),
  // Never coerced (no trimming or case folding): an id that is not in the catalogue is refused with the list.
  color: z.string().min(1).max(32).describe("A colour id of the material's catalogue, e.g. black"),
  // No zod defaults here: an omitted parameter falls back to the product's default, then the house
  // default (the server merges them); the documented `default` is the house one.
  layer_height: bounded(PARAMETER_BOUNDS.layerHeight, PARAMETER_MESSAGES.layerHeight)
    .optional()
    .meta({ description: 'mm', default: DEFAULT_PARAMETERS.layerHeight }),
  infill: bounded(PARAMETER_BOUNDS.infillPercentage, PARAMETER_MESSAGES.infillPercentage)
    .optional()
    .meta({ description: '%', default: DEFAULT_PARAMETERS.infillPercentage }),
  print_speed: bounded(PARAMETER_BOUNDS.printSpeed, PARAMETER_MESSAGES.printSpeed)
    .optional()
    .meta({ description: 'mm/s', default: DEFAULT_PARAMETERS.printSpeed }),
  supports: z
    .boolean({ error: PARAMETER_MESSAGES.supportRequired })
    .optional()
    .meta({ default: DEFAULT_PARAMETERS.supportRequired }),
  post_processing: z
    .array(z.enum(POST_PROCESSING_OPTIONS, { error: PARAMETER_MESSAGES.postProcessing }))
    .max(POST_PROCESSING_OPTIONS.length)
    .optional()
    .meta({ default: [] }),
  units: unitsSchema.optional().describe("The units the file is in; default: the file's own"),
});

export const quantitySchema = z
  .number({ error: PARAMETER_MESSAGES.quantity })
  .int({ error: PARAMETER_MESSAGES.quantity })
  .min(PARAMETER_BOUNDS.quantity.min, { error: PARAMETER_MESSAGES.quantity })
  .max(PARAMETER_BOUNDS.quantity.max, { error: PARAMETER_MESSAGES.quantity });

/** Refines a parameters object: its colour must be one of its material's. */
export function colorRefinement(p: { material: FilamentType; color: string }, ctx: z.RefinementCtx) {
  const problem = colorProblem(p.material, p.color);
  if (problem) ctx.addIssue({ code: 'custom', path: ['color'], message: problem });
}

export const parametersOutSchema = z.object({
  material: z.string(),
  color: z.string().nullable(),
  layer_height: z.number(),
  infill: z.number(),
  print_speed: z.number(),
  supports: z.boolean(),
  post_processing: z.array(z.string()),
  units: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Files.

export const fileObjectSchema = z
  .object({
    id: z.string().describe('file_…'),
    object: z.literal('file'),
    created_at: timestamp,
    livemode: z.boolean(),
    filename: z.string(),
    size_bytes: z.number().int(),
    format: z.string(),
    units: z.string(),
    analysis: z.object({
      volume_mm3: z.number(),
      area_mm2: z.number(),
      bbox: bboxSchema,
      triangles: z.number().int(),
      watertight: z.boolean(),
      shells: z.number().int(),
      supports_recommended: z.boolean(),
      fits_build_volume: z.boolean(),
      fit_rotation_deg: z
        .number()
        .nullable()
        .describe(
          'Turn about the vertical axis (degrees) at which it fits the bed: 0 as it lies; null if it does not fit',
        ),
      suggested_units: unitsSchema.nullable(),
      warnings: z.array(z.string()),
    }),
  })
  .meta({ id: 'File', examples: [fileExample] });

export const createFileFromUrlSchema = z
  .object({
    url: z.string().min(1).max(2048).describe('https URL of an STL, OBJ, 3MF or STEP file (50 MB at most)'),
    filename: z.string().min(1).max(255).optional().describe('Defaults to the last part of the URL path'),
    units: unitsSchema.optional(),
  })
  .strict()
  .meta({ examples: [createFileExample] });

export const fileIdParams = z.object({
  id: publicId('file_…'),
});

// ---------------------------------------------------------------------------------------------
// Quotes.

const lineItemSchema = z.object({
  type: z.enum([
    'material',
    'machine',
    'supports',
    'post_processing',
    'minimum_charge',
    'discount',
    'fulfillment',
  ]),
  description: z.string(),
  amount: pence,
});

export const quoteObjectSchema = z
  .object({
    id: z.string().describe('quo_…'),
    object: z.literal('quote'),
    created_at: timestamp,
    livemode: z.boolean(),
    file_id: z.string(),
    product_id: z.string().nullable(),
    parameters: parametersOutSchema,
    quantity: z.number().int(),
    estimate: z.object({ print_time_s: z.number(), filament_g: z.number(), layers: z.number() }),
    unit_amount: pence,
    subtotal_amount: pence.describe('unit_amount × quantity'),
    discount_amount: pence.describe('Automatic volume discount'),
    fulfillment_amount: pence.describe('Picking, packing and delivery handling, once per order'),
    total_amount: pence.describe('subtotal − discount + fulfilment, before shipping and VAT'),
    currency: z.literal('GBP'),
    line_items: z.array(lineItemSchema),
    price_table_version: z.string(),
    lead_time_days: z.number().int().describe('Working days until it ships'),
    valid_until: timestamp,
  })
  .meta({ id: 'Quote', examples: [quoteExample] });

export const createQuoteSchema = printParametersSchema
  .extend({
    file_id: z.string().optional(),
    product_id: z.string().optional(),
    model_url: z.string().max(2048).optional(),
    quantity: quantitySchema.default(1),
    material: materialSchema.optional(),
    color: z.string().min(1).max(32).optional(),
  })
  .strict()
  .meta({ examples: [createQuoteExample] });

export const quoteIdParams = z.object({
  id: publicId('quo_…'),
});

// ---------------------------------------------------------------------------------------------
// Products.

const dimensionsSchema = z.object({
  width: z.number().positive().describe('mm, along x'),
  height: z.number().positive().describe('mm, along z'),
  depth: z.number().positive().describe('mm, along y'),
});

export const productObjectSchema = z
  .object({
    id: z.string().describe('prd_…'),
    object: z.literal('product'),
    created_at: timestamp,
    updated_at: timestamp,
    livemode: z.boolean(),
    name: z.string(),
    description: z.string().nullable(),
    file_id: z.string(),
    materials: z.array(z.string()),
    dimensions: dimensionsSchema,
    defaults: parametersOutSchema,
    sku: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    archived: z.boolean(),
  })
  .meta({ id: 'Product', examples: [productExample] });

export const metadataSchema = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 20, { error: 'metadata has at most 20 keys' })
  .describe('Your own key/value strings (at most 20)');

const skuSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w.\-/ ]+$/, { error: 'A SKU has letters, digits, spaces and . _ - / only' });

export const createProductSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).optional(),
    file_id: z.string().optional(),
    model_url: z.string().max(2048).optional(),
    materials: z.array(materialSchema).min(1).max(FILAMENT_TYPES.length).optional(),
    dimensions: dimensionsSchema.optional().describe('If given, checked against the file (within 1 mm)'),
    defaults: printParametersSchema.partial().optional(),
    sku: skuSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .strict()
  .meta({ examples: [createProductExample] });

export const updateProductSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    materials: z.array(materialSchema).min(1).max(FILAMENT_TYPES.length).optional(),
    defaults: printParametersSchema.partial().optional(),
    sku: skuSchema.nullable().optional(),
    metadata: metadataSchema.optional(),
  })
  .strict();

export const productIdParams = z.object({
  id: publicId('prd_…'),
});

// ---------------------------------------------------------------------------------------------
// Orders.

export const orderItemRequestSchema = printParametersSchema
  .partial()
  .extend({
    quote_id: z.string().optional(),
    product_id: z.string().optional(),
    file_id: z.string().optional(),
    model_url: z.string().max(2048).optional(),
    quantity: quantitySchema.default(1),
  })
  .strict();

export const createOrderSchema = z
  .preprocess(
    // The documented single-model payload is an order of one item.
    (raw) => {
      if (raw && typeof raw === 'object' && !Array.isArray(raw) && !('items' in raw) && 'model_url' in raw) {
        const {
          model_url,
          quantity,
          material,
          color,
          layer_height,
          infill,
          print_speed,
          supports,
          post_processing,
          units,
          ...rest
        } = raw as Record<string, unknown>;
        const item = Object.fromEntries(
          Object.entries({
            model_url,
            quantity,
            material,
            color,
            layer_height,
            infill,
            print_speed,
            supports,
            post_processing,
            units,
          }).filter(([, v]) => v !== undefined),
        );
        return { ...rest, items: [item] };
      }
      return raw;
    },
    z
      .object({
        items: z.array(orderItemRequestSchema).min(1, { error: 'An order needs at least one item' }).max(50),
        shipping_address: shippingAddressSchema,
        shipping_service: z
          .string()
          .regex(/^[a-z_]+(:[a-z_]+)?$/, {
            error: 'Use "standard", "express", or a rate id such as "dpd:express"',
          })
          .default('standard'),
        vat_number: z.string().trim().max(30).optional(),
        external_id: z.string().trim().min(1).max(100).optional(),
        metadata: metadataSchema.optional(),
      })
      .strict(),
  )
  .meta({ examples: [createOrderExample] });

/** The order object of the public API (the web app's order schema, with its example and component name). */
export const v1OrderSchema = orderSchema.meta({ id: 'Order', examples: [orderExample] });

export const v1OrderListQuerySchema = listQuerySchema.extend({
  status: z
    .enum(['awaiting_payment', 'queued', 'printing', 'packaging', 'shipped', 'delivered', 'cancelled'])
    .optional(),
  external_id: z.string().trim().min(1).max(100).optional(),
});

export const v1OrderIdParams = z.object({
  id: publicId('ord_…'),
});
export const v1CancelSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();

// ---------------------------------------------------------------------------------------------
// Shipping rates.

export const shippingRateObjectSchema = z
  .object({
    id: z.string().describe('carrier:service, e.g. royal_mail:standard (give it as shipping_service)'),
    carrier: z.string(),
    carrier_name: z.string(),
    service: z.enum(['standard', 'express']),
    amount: pence,
    currency: z.literal('GBP'),
    estimated_days: z
      .object({ min: z.number().int(), max: z.number().int() })
      .describe('Business days in transit'),
  })
  .meta({ id: 'ShippingRate', examples: [shippingRateExample] });

export const shippingRatesQuerySchema = z
  .object({
    country: z
      .string()
      .trim()
      .length(2, { error: 'country is an ISO 3166-1 alpha-2 code, e.g. DE' })
      .toUpperCase(),
    weight_grams: z.coerce.number().min(0).max(1_000_000).describe('Weight of the goods; packaging is added'),
  })
  .strict();

export const shippingRatesBodySchema = z
  .object({
    country: z.string().trim().length(2).toUpperCase(),
    items: z
      .array(orderItemRequestSchema.omit({ model_url: true, quote_id: true }))
      .min(1)
      .max(50),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// API keys (managed by the signed-in user, API.md §5); the create request is in api-keys.ts.

export const apiKeyObjectSchema = z
  .object({
    id: z.string().describe('key_…'),
    object: z.literal('api_key'),
    created_at: timestamp,
    livemode: z.boolean(),
    name: z.string(),
    mode: z.enum(['test', 'live']),
    prefix: z.string().describe('What identifies the key without revealing it'),
    last_used_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });

export const createdApiKeySchema = apiKeyObjectSchema.extend({
  key: z.string().describe('The key itself: shown once, never again'),
});

// ---------------------------------------------------------------------------------------------
// Webhook endpoints and events (API.md §4).

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'order.created': 'An order was placed (data.object is the order).',
  'order.updated':
    'An order changed status (data.previous_attributes.status is the status it left). Sent for every status change.',
  'order.shipped':
    'An order was handed to the carrier: data.object carries the carrier, tracking number and link.',
  'order.delivered': 'The carrier delivered an order.',
  'order.cancelled': 'An order was cancelled (by you, an operator or the system).',
  ping: 'A test event, sent by "Send test event" or POST /v1/webhook_endpoints/{id}/test.',
};

export const webhookEndpointObjectSchema = z
  .object({
    id: z.string().describe('we_…'),
    object: z.literal('webhook_endpoint'),
    created_at: timestamp,
    livemode: z.boolean(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).describe('The event types it receives, or ["*"] for all'),
    status: z.enum(['enabled', 'disabled']),
    disabled_reason: z.string().nullable().describe('Why it was disabled (e.g. it answered 410 Gone)'),
  })
  .meta({ id: 'WebhookEndpoint' });

export const createdWebhookEndpointSchema = webhookEndpointObjectSchema.extend({
  secret: z
    .string()
    .optional()
    .describe(
      'whsec_…: verifies the signatures (Standard Webhooks). Shown once, in the first answer; an idempotent replay omits it',
    ),
});

export const webhookEndpointIdParams = z.object({ id: publicId('we_…') });

export const deletedObjectSchema = z.object({
  id: z.string(),
  object: z.string(),
  deleted: z.literal(true),
});

export const eventObjectSchema = z
  .object({
    id: z.string().describe('evt_…; also the webhook-id header of its deliveries'),
    object: z.literal('event'),
    created_at: timestamp,
    livemode: z.boolean(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    data: z.object({
      object: z.record(z.string(), z.unknown()).describe('The object as it was after the change'),
      previous_attributes: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('The fields that changed, with their values before'),
    }),
  })
  .meta({ id: 'Event' });

export const eventListQuerySchema = listQuerySchema.extend({
  type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
});
export const eventIdParams = z.object({ id: publicId('evt_…') });
export const redeliverSchema = z
  .object({
    endpoint_id: z
      .string()
      .max(64)
      .optional()
      .describe('Only to this endpoint; default: every one that wants it'),
  })
  .strict();

/** A delivery of an event to an endpoint, with its attempts (the dashboard's log). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  object: z.literal('webhook_delivery'),
  created_at: timestamp,
  event_id: z.string(),
  event_type: z.string(),
  endpoint_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  attempt_log: z.array(
    z.object({
      attempted_at: timestamp,
      status_code: z.number().int().nullable(),
      duration_ms: z.number().int(),
      response_body: z.string().nullable().describe('The first kilobyte of the answer'),
      error: z.string().nullable(),
    }),
  ),
});

export const testOrderIdParams = z.object({ id: publicId('ord_…') });

/** The dashboard's lists (GET /api/webhook-endpoints and GET /api/webhook-endpoints/{id}/deliveries). */
export const webhookEndpointListSchema = z.object({
  object: z.literal('list'),
  data: z.array(webhookEndpointObjectSchema),
});
export const webhookDeliveryListSchema = z.object({
  object: z.literal('list'),
  data: z.array(webhookDeliverySchema),
});

export type ApiKeyDto = z.infer<typeof apiKeyObjectSchema>;
export type CreatedApiKeyDto = z.infer<typeof createdApiKeySchema>;
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;
export type WebhookEndpointDto = z.infer<typeof webhookEndpointObjectSchema>;
export type CreatedWebhookEndpointDto = z.infer<typeof createdWebhookEndpointSchema>;
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export type WebhookEventDto = z.infer<typeof eventObjectSchema>;
export type DeletedObject = z.infer<typeof deletedObjectSchema>;
