import { z } from 'zod';
import { COUNTRY_CODES, countryName } from './address.js';
import { CSV_FIELDS, CSV_MAX_BYTES, CSV_SOURCES, STORE_PLATFORMS } from './integration-constants.js';

/**
 * Store connectors (issue 16): Shopify and WooCommerce connections, their SKU mapping, the orders they
 * brought in, the tracking pushed back, the seller's alerts, and the CSV import for every other
 * marketplace. The web pages and the server both take these schemas.
 */

const secret = (what: string, min = 8) =>
  z
    .string({ error: `Please paste the ${what}` })
    .trim()
    .min(min, { error: `Please paste the ${what}` })
    .max(300, { error: `The ${what} is too long` })
    .refine((v) => !/\s/.test(v), { error: `The ${what} has no spaces` });

/** Connect a Shopify store: its domain, a custom app's Admin API token and the app's webhook signing secret. */
export const connectShopifySchema = z
  .object({
    platform: z.literal('shopify'),
    shop_domain: z
      .string({ error: 'Please enter the shop’s domain' })
      .trim()
      .min(3, { error: 'Please enter the shop’s domain, e.g. my-shop.myshopify.com' })
      .max(255),
    access_token: secret('Admin API access token', 10),
    webhook_secret: secret('webhook signing secret (the app’s client secret)'),
  })
  .strict();

/** Connect a WooCommerce site: its URL, a REST API key pair, and the secret its webhooks are signed with. */
export const connectWooCommerceSchema = z
  .object({
    platform: z.literal('woocommerce'),
    site_url: z
      .string({ error: 'Please enter the site’s URL' })
      .trim()
      .min(3, { error: 'Please enter the site’s URL, e.g. https://shop.example.com' })
      .max(255),
    consumer_key: secret('consumer key'),
    consumer_secret: secret('consumer secret'),
    /** Optional: a random one is made when left empty. */
    webhook_secret: z.union([secret('webhook secret'), z.literal('')]).optional(),
  })
  .strict();

export const connectStoreSchema = z.discriminatedUnion('platform', [
  connectShopifySchema,
  connectWooCommerceSchema,
]);
export type ConnectStoreRequest = z.input<typeof connectStoreSchema>;

export const STORE_CONNECTION_STATUSES = ['active', 'paused'] as const;
export type StoreConnectionStatus = (typeof STORE_CONNECTION_STATUSES)[number];

/** A connection as the browser sees it: no secret, ever (only whether each one is saved). */
export const storeConnectionSchema = z.object({
  id: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  name: z.string(),
  base_url: z.string(),
  status: z.enum(STORE_CONNECTION_STATUSES),
  /** Where the store posts its webhooks (registered through its API on connect). */
  webhook_url: z.string(),
  webhooks_registered: z.boolean(),
  secrets_saved: z.boolean(),
  last_test: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
  last_order_at: z.string().nullable(),
  created_at: z.string(),
});
export type StoreConnectionDto = z.infer<typeof storeConnectionSchema>;

export const storeConnectionListSchema = z.object({
  object: z.literal('list'),
  data: z.array(storeConnectionSchema),
});

/** A product of the seller, as the mapping table offers it. */
export const mappableProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
});
export type MappableProductDto = z.infer<typeof mappableProductSchema>;

/** A SKU of the store (from its catalogue or its orders) and the PrintLoop product it becomes. */
export const storeSkuSchema = z.object({
  sku: z.string(),
  title: z.string().nullable(),
  /** auto: a product has the same SKU; manual: chosen by hand; none: lines with it are skipped. */
  mapping: z.enum(['auto', 'manual', 'none']),
  product: mappableProductSchema.nullable(),
  last_seen_at: z.string(),
});
export type StoreSkuDto = z.infer<typeof storeSkuSchema>;

export const STORE_ORDER_STATUSES = ['placed', 'skipped', 'failed', 'cancelled'] as const;
export const storeOrderSchema = z.object({
  external_id: z.string(),
  store_order_id: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  order_id: z.string().nullable(),
  unmapped: z.array(z.object({ sku: z.string(), title: z.string().nullable(), quantity: z.number() })),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type StoreOrderDto = z.infer<typeof storeOrderSchema>;

/** Tracking owed to the store: delivered by the webhook worker, retried on its schedule. */
export const storePushSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  external_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  tracking_number: z.string(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type StorePushDto = z.infer<typeof storePushSchema>;

export const storeConnectionDetailSchema = z.object({
  connection: storeConnectionSchema,
  skus: z.array(storeSkuSchema),
  products: z.array(mappableProductSchema),
  orders: z.array(storeOrderSchema),
  pushes: z.array(storePushSchema),
});
export type StoreConnectionDetailDto = z.infer<typeof storeConnectionDetailSchema>;

export const updateConnectionSchema = z.object({ status: z.enum(STORE_CONNECTION_STATUSES) }).strict();

export const mapSkuSchema = z
  .object({
    sku: z.string().trim().min(1).max(100),
    /** A product of the seller, or null to clear a hand-made mapping. */
    product_id: z.string().min(1).max(40).nullable(),
  })
  .strict();

export const testConnectionResultSchema = z.object({ ok: z.boolean(), message: z.string() });

export const STORE_ALERT_KINDS = ['unmapped', 'cancel_refused', 'order_failed', 'tracking_failed'] as const;
export const storeAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(STORE_ALERT_KINDS),
  message: z.string(),
  connection_id: z.string().nullable(),
  order_id: z.string().nullable(),
  external_id: z.string().nullable(),
  created_at: z.string(),
});
export type StoreAlertDto = z.infer<typeof storeAlertSchema>;
export const storeAlertListSchema = z.object({ object: z.literal('list'), data: z.array(storeAlertSchema) });

// ---------------------------------------------------------------------------------------------
// CSV import.

/** Which column of the file holds each field (by its header text). */
export const csvMappingSchema = z.partialRecord(z.enum(CSV_FIELDS), z.string().max(200));
export type CsvMapping = z.infer<typeof csvMappingSchema>;

export const csvImportRequestSchema = z
  .object({
    source: z.enum(CSV_SOURCES, { error: 'Please choose where the file comes from' }),
    csv: z
      .string({ error: 'Please choose a CSV file' })
      .min(1, { error: 'The file is empty' })
      .max(CSV_MAX_BYTES, { error: `The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB` }),
    /** Omitted: the mapping remembered for this source, else the preset, else one guessed from the headers. */
    mapping: csvMappingSchema.optional(),
  })
  .strict();
export type CsvImportRequest = z.input<typeof csvImportRequestSchema>;

export const CSV_ROW_STATUSES = ['ready', 'error', 'duplicate', 'placed'] as const;
export const csvRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number(),
  status: z.enum(CSV_ROW_STATUSES),
  reason: z.string().nullable(),
  external_id: z.string(),
  sku: z.string(),
  quantity: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  service: z.string(),
  order_id: z.string().nullable(),
});
export type CsvRowDto = z.infer<typeof csvRowSchema>;

export const csvImportResultSchema = z.object({
  source: z.enum(CSV_SOURCES),
  headers: z.array(z.string()),
  mapping: csvMappingSchema,
  /** Where the mapping came from. */
  mapping_origin: z.enum(['request', 'remembered', 'preset', 'guessed']),
  /** Required fields with no column. */
  missing_fields: z.array(z.enum(CSV_FIELDS)),
  rows: z.array(csvRowSchema),
  counts: z.object({
    rows: z.number(),
    ready: z.number(),
    errors: z.number(),
    duplicates: z.number(),
    placed: z.number(),
    orders_ready: z.number(),
  }),
});
export type CsvImportResultDto = z.infer<typeof csvImportResultSchema>;

/** A country as marketplaces write it (code or English name) → its ISO code, or null. */
export function countryCodeOf(raw: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  const upper = v.toUpperCase();
  if (upper.length === 2 && (COUNTRY_CODES as readonly string[]).includes(upper)) return upper;
  const aliases: Record<string, string> = {
    UK: 'GB',
    'GREAT BRITAIN': 'GB',
    ENGLAND: 'GB',
    SCOTLAND: 'GB',
    WALES: 'GB',
    'NORTHERN IRELAND': 'GB',
    USA: 'US',
    'UNITED STATES OF AMERICA': 'US',
    'THE NETHERLANDS': 'NL',
  };
  if (aliases[upper]) return aliases[upper]!;
  const byName = countryNames();
  return byName.get(upper) ?? null;
}

let names: Map<string, string> | null = null;
function countryNames(): Map<string, string> {
  if (!names) {
    names = new Map(COUNTRY_CODES.map((c) => [countryName(c).toUpperCase(), c]));
  }
  return names;
}
