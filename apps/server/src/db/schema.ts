import type { ShippingAddress } from '@printloop/contracts';
import type { EstimateResult } from '@printloop/estimate';
import type { Analysis } from '@printloop/geometry';
import type { Quote, QuoteParameters, VatTreatment } from '@printloop/quote';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Messages sent through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 150 }).notNull(),
    message: text('message').notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Accounts (Better Auth's core tables: user, session, account, verification).

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------------------------------------
// Print jobs, their parameters and quotes. Every row belongs to one user; every query filters on it.

export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: integer('file_size').notNull(),
    status: varchar('status', { length: 32 }).notNull().default('pending'),
    format: varchar('format', { length: 16 }).notNull(),
    units: varchar('units', { length: 4 }).notNull().default('mm'),
    /** The server's analysis of the stored file at `units`: the authority for every saved figure. */
    analysis: jsonb('analysis').$type<Analysis>().notNull(),
    /** Storage key of the parsed triangle soup (Float32, mm, as uploaded), so re-pricing never re-parses. */
    meshPath: text('mesh_path'),
    /** Bytes of the stored mesh, once written (counts toward the user's storage quota). */
    meshSize: integer('mesh_size'),
    /** Live (the web app, live API keys) or test mode (test API keys): the modes never see each other. */
    livemode: boolean('livemode').notNull().default(true),
    /** Where it came from: the calculator (kept a day unless saved) or the public API (kept longer). */
    origin: varchar('origin', { length: 16 }).$type<'calculator' | 'api'>().notNull().default('calculator'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('print_jobs_user_created_idx').on(t.userId, t.createdAt)],
);

export const printParameters = pgTable('print_parameters', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id')
    .notNull()
    .references(() => printJobs.id, { onDelete: 'cascade' }),
  layerHeight: real('layer_height').notNull(),
  filamentType: varchar('filament_type', { length: 8 }).notNull(),
  printSpeed: integer('print_speed').notNull(),
  infillPercentage: integer('infill_percentage').notNull(),
  supportRequired: boolean('support_required').notNull(),
  postProcessing: jsonb('post_processing').$type<string[]>().notNull(),
  units: varchar('units', { length: 4 }).notNull().default('mm'),
  /** The colour from the materials catalogue (null on quotes saved before colours). */
  color: varchar('color', { length: 32 }),
  /** The face put down on the bed, its outward unit normal (null: as the file lies). */
  orientation: jsonb('orientation').$type<[number, number, number]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => printJobs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    parametersId: uuid('parameters_id')
      .notNull()
      .references(() => printParameters.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** GBP, per unit, 2 decimals. */
    materialCost: numeric('material_cost', { precision: 12, scale: 2 }).notNull(),
    /** Minutes, per unit. */
    printTime: integer('print_time').notNull(),
    /** The machine-time cost (GBP, per unit), named as in the original schema. */
    electricityCost: numeric('electricity_cost', { precision: 12, scale: 2 }).notNull(),
    /** GBP, whole order after discounts. */
    totalCost: numeric('total_cost', { precision: 12, scale: 2 }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 32 }).notNull().default('pending'),
    priceTableVersion: varchar('price_table_version', { length: 32 }).notNull(),
    /** The itemised quote (pence) with its recorded inputs, and the estimate it was priced from. */
    breakdown: jsonb('breakdown').$type<Quote>().notNull(),
    estimate: jsonb('estimate').$type<EstimateResult>().notNull(),
    livemode: boolean('livemode').notNull().default(true),
    /** The product it was quoted from (public API), if any. */
    productId: varchar('product_id', { length: 40 }),
    /** Human-readable number, Q-<year>-<6 digits>, from the 'Q' series of `invoice_counters`. */
    reference: varchar('reference', { length: 20 }).notNull(),
    /** The user's name for it (defaults to the file name). */
    name: varchar('name', { length: 120 }).notNull(),
    /** Storage key of the small preview image the browser rendered, if one was uploaded. */
    thumbnailPath: text('thumbnail_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('quotes_reference_idx').on(t.reference),
  ],
);

/** Print parameters of an order line or a product: the calculator's, with the catalogue colour. */
export type LineParameters = QuoteParameters & {
  color: string | null;
  /** The face put down on the bed (a saved quote's orientation); absent: as the file lies. */
  orientation?: [number, number, number] | null;
};

/** A shipping rate as an order recorded it. */
export interface OrderShipping {
  id: string;
  carrier: string;
  carrier_name: string;
  service: string;
  amount: number;
  estimated_days: { min: number; max: number };
  parcels: number;
  weight_g: number;
  rate_table_version: string;
}

/** The document a pro-forma invoice or an invoice was issued as (orders/documents.ts). */
export type InvoiceDocument = import('../orders/documents.js').InvoiceDocument;

// ---------------------------------------------------------------------------------------------
// Roles and billing terms of accounts.

/** Extra roles of a user: 'operator' runs the farm (every order, payments, shipping, printers). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 32 }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who granted it: an operator's user id, 'config' (OPERATOR_EMAILS) or 'cli'. */
    grantedBy: text('granted_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** How an account pays: 'prepay' (pro-forma, bank transfer before production) or 'net30' (invoice). */
export const billingAccounts = pgTable('billing_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  terms: varchar('terms', { length: 16 }).notNull().default('prepay'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The operator who last changed the terms. */
  updatedBy: text('updated_by'),
});

// ---------------------------------------------------------------------------------------------
// Orders. An order belongs to one user and one mode; its items copy what they were priced with, so
// later re-pricing never changes a placed order. Its status changes only through the lifecycle
// (packages/contracts/src/order-lifecycle.ts), each change an append-only order event.

export const orders = pgTable(
  'orders',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    livemode: boolean('livemode').notNull().default(true),
    status: varchar('status', { length: 24 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('GBP'),
    itemsAmount: integer('items_amount').notNull(),
    discountAmount: integer('discount_amount').notNull(),
    fulfillmentAmount: integer('fulfillment_amount').notNull(),
    shippingAmount: integer('shipping_amount').notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** The VAT treatment: kind, rate, label, note, vat number. */
    tax: jsonb('tax').$type<VatTreatment>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    /** The chosen rate as offered: carrier, service, amount, days, weight, table version. */
    shipping: jsonb('shipping').$type<OrderShipping>().notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }).notNull(),
    carrier: varchar('carrier', { length: 32 }),
    trackingNumber: varchar('tracking_number', { length: 64 }),
    trackingUrl: text('tracking_url'),
    externalId: varchar('external_id', { length: 100 }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    paymentTerms: varchar('payment_terms', { length: 16 }).notNull(),
    priceTableVersion: varchar('price_table_version', { length: 32 }).notNull(),
    /** Where it was placed: 'web' or 'api'. */
    placedVia: varchar('placed_via', { length: 8 }).notNull(),
    /** Test mode only: when the simulated clock moves the order on next (null once it is done). */
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_mode_created_idx').on(t.userId, t.livemode, t.createdAt),
    index('orders_next_step_idx').on(t.nextStepAt).where(sql`${t.nextStepAt} is not null`),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The dashboard leaves test-mode orders out of the farm's figures: the few there are, found at once.
    index('orders_test_mode_idx').on(t.id).where(sql`${t.livemode} = false`),
    uniqueIndex('orders_external_id_idx')
      .on(t.userId, t.livemode, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    orderId: varchar('order_id', { length: 40 })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The upload it prints (kept while any order item refers to it). */
    jobId: uuid('job_id')
      .notNull()
      .references(() => printJobs.id, { onDelete: 'restrict' }),
    quoteId: uuid('quote_id'),
    productId: varchar('product_id', { length: 40 }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    filePath: text('file_path').notNull(),
    meshPath: text('mesh_path'),
    units: varchar('units', { length: 4 }).notNull(),
    dimensions: jsonb('dimensions').$type<{ x: number; y: number; z: number }>().notNull(),
    /** material, color, layer height, infill, speed, supports, post-processing, units. */
    parameters: jsonb('parameters').$type<LineParameters>().notNull(),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    subtotalAmount: integer('subtotal_amount').notNull(),
    discountAmount: integer('discount_amount').notNull(),
    /** The estimate and the itemised price the item was priced with. */
    estimate: jsonb('estimate')
      .$type<{ print_time_s: number; filament_g: number; layers: number }>()
      .notNull(),
    price: jsonb('price').$type<Quote>().notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position), index('order_items_job_idx').on(t.jobId)],
);

/** Append-only: every status change (and payment, tracking) of an order, with who did it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    orderId: varchar('order_id', { length: 40 })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fromStatus: varchar('from_status', { length: 24 }),
    toStatus: varchar('to_status', { length: 24 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    actorType: varchar('actor_type', { length: 16 }).notNull(),
    actorId: text('actor_id'),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    index('order_events_created_idx').on(t.createdAt),
    // The dashboard (docs/decisions/0007): events of one kind over a period, read from the index alone.
    index('order_events_to_status_idx').on(t.toStatus, t.createdAt, t.orderId),
  ],
);

/** Pro-forma invoices and invoices, with the document as issued (re-rendered identically). */
export const invoices = pgTable(
  'invoices',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    orderId: varchar('order_id', { length: 40 })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    number: varchar('number', { length: 32 }).notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date', { mode: 'string' }),
    status: varchar('status', { length: 16 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    totalAmount: integer('total_amount').notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (t) => [index('invoices_order_idx').on(t.orderId)],
);

/** The last number used per series (INV, PRO) and year: numbers are taken in the order's transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: varchar('series', { length: 8 }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const payments = pgTable('payments', {
  id: varchar('id', { length: 40 }).primaryKey(),
  orderId: varchar('order_id', { length: 40 })
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  method: varchar('method', { length: 24 }).notNull(),
  reference: varchar('reference', { length: 100 }),
  recordedBy: text('recorded_by').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of POST requests, per account and mode, kept 24 hours: the first response is stored
 * in the same transaction as the work it did and replayed for a retry with the same key and body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** Method, path and a hash of the body. */
    fingerprint: varchar('fingerprint', { length: 128 }).notNull(),
    /** 'running' while the first request works, then 'done'. */
    state: varchar('state', { length: 16 }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.livemode, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// The public API: keys and products.

/** API keys: shown once, stored as a SHA-256 hash only; `prefix` is what the dashboard shows. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    mode: varchar('mode', { length: 8 }).notNull(),
    /** The first characters and the last four, e.g. "pl_live_Ab3d…x9Qz". */
    prefix: varchar('prefix', { length: 40 }).notNull(),
    /** SHA-256 of the whole key, hex. */
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** A seller's reusable model: its file, the materials allowed, default parameters and a SKU. */
export const products = pgTable(
  'products',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => printJobs.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    materials: jsonb('materials').$type<string[]>().notNull(),
    /** Width, height, depth in mm, measured from the file (x, z, y of its box). */
    dimensions: jsonb('dimensions').$type<{ width: number; height: number; depth: number }>().notNull(),
    /** Default print parameters of orders and quotes for this product. */
    defaults: jsonb('defaults').$type<LineParameters>().notNull(),
    sku: varchar('sku', { length: 100 }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_user_mode_created_idx').on(t.userId, t.livemode, t.createdAt),
    // An archived product gives its SKU up, so a seller can replace a product under the same SKU.
    uniqueIndex('products_sku_idx')
      .on(t.userId, t.livemode, t.sku)
      .where(sql`${t.sku} is not null and ${t.archivedAt} is null`),
  ],
);

/** Where an account's systems hear about changes (API.md §4): per account and mode, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    url: text('url').notNull(),
    description: varchar('description', { length: 200 }),
    /** Event types it wants, or ["*"]. */
    events: jsonb('events').$type<string[]>().notNull(),
    /** enabled | disabled (by its owner, or by a 410 answer). */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    /** The whsec_ secret, encrypted with a key derived from the server's secret (it must be read to sign). */
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_mode_idx').on(t.userId, t.livemode, t.createdAt)],
);

/** One change an account may hear about: the object after it and what changed (kept 30 days). */
export const events = pgTable(
  'events',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    /** Order of creation, across processes (a sequence). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    /** The order it is about, if any: deliveries of one order's events to one endpoint go in order. */
    orderId: varchar('order_id', { length: 40 }),
    data: jsonb('data')
      .$type<{ object: Record<string, unknown>; previous_attributes?: Record<string, unknown> }>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_user_mode_created_idx').on(t.userId, t.livemode, t.createdAt),
    index('events_created_idx').on(t.createdAt),
  ],
);

/** An event owed to one endpoint: pending until a 2xx answer, retried on a schedule, then failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventId: varchar('event_id', { length: 40 })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    endpointId: varchar('endpoint_id', { length: 40 })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The order the event is about (or the event itself): one at a time per endpoint and key, in order. */
    orderKey: varchar('order_key', { length: 40 }).notNull(),
    /** pending | succeeded | failed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the delivery until then (longer than the request timeout); a crash frees it after. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.orderKey, t.seq),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Every attempt of a delivery: when, the answer's status and first kilobyte, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    deliveryId: varchar('delivery_id', { length: 40 })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

/**
 * The farm's printers (issue: production floor). The fleet of FARM_PRINTERS is created on first start;
 * operators add printers, change what they hold and take them out of service. `current_job_id` is the
 * plate on it while `status` is printing.
 */
export const printers = pgTable(
  'printers',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    model: varchar('model', { length: 40 }).notNull(),
    /** Build volume, mm. */
    volume: jsonb('volume').$type<{ x: number; y: number; z: number }>().notNull(),
    material: varchar('material', { length: 8 }).notNull(),
    color: varchar('color', { length: 30 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    currentJobId: varchar('current_job_id', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('printers_name_idx').on(t.name)],
);

/**
 * Plates of live orders' items, as the scheduler sees them: queued, printing on a printer, printed,
 * failed (a reprint is a new row, one attempt later, keeping `queued_at`) or cancelled with the order.
 */
export const farmJobs = pgTable(
  'farm_jobs',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    orderId: varchar('order_id', { length: 40 })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: varchar('order_item_id', { length: 40 })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    plate: integer('plate').notNull(),
    attempt: integer('attempt').notNull(),
    copies: integer('copies').notNull(),
    material: varchar('material', { length: 8 }).notNull(),
    color: varchar('color', { length: 30 }).notNull(),
    /** One copy's box, mm. */
    size: jsonb('size').$type<{ x: number; y: number; z: number }>().notNull(),
    printSeconds: integer('print_seconds').notNull(),
    express: boolean('express').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    printerId: varchar('printer_id', { length: 40 }).references(() => printers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('farm_jobs_plate_idx').on(t.orderItemId, t.plate, t.attempt),
    index('farm_jobs_status_idx').on(t.status),
    index('farm_jobs_order_idx').on(t.orderId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Store connectors (issue 16; docs/decisions/0008-store-connectors.md).

/** A seller's Shopify or WooCommerce store. Its credentials and webhook secret are sealed with SECRETS_KEY. */
export const storeConnections = pgTable(
  'store_connections',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** shopify | woocommerce */
    platform: varchar('platform', { length: 16 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** https://{shop}.myshopify.com or the WooCommerce site's URL, without a trailing slash. */
    baseUrl: text('base_url').notNull(),
    /** active | paused */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** AES-256-GCM (SECRETS_KEY): {"access_token"} or {"consumer_key","consumer_secret"}. */
    credentialsCiphertext: text('credentials_ciphertext').notNull(),
    /** AES-256-GCM (SECRETS_KEY): the secret incoming webhooks are signed with. */
    webhookSecretCiphertext: text('webhook_secret_ciphertext').notNull(),
    /** The store's ids of the webhooks registered on connect (removed with the connection). */
    remoteWebhookIds: jsonb('remote_webhook_ids').$type<string[]>().notNull().default([]),
    lastTestAt: timestamp('last_test_at', { withTimezone: true }),
    lastTestOk: boolean('last_test_ok'),
    lastTestMessage: text('last_test_message'),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_connections_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The SKUs a store has (its catalogue, and every SKU its orders carried), and the product chosen by hand
 * for one. Without a hand-made choice a SKU maps to the seller's live product with the same SKU, if any.
 */
export const storeSkus = pgTable(
  'store_skus',
  {
    connectionId: varchar('connection_id', { length: 40 })
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 100 }).notNull(),
    title: varchar('title', { length: 255 }),
    productId: varchar('product_id', { length: 40 }).references(() => products.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.sku] })],
);

/**
 * Every store order a connection received, once: the unique (connection, store order id) is what makes
 * a delivery repeated three times one order. `order_id` is ours, when one was placed.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    connectionId: varchar('connection_id', { length: 40 })
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    /** The store's own id of the order (Shopify's numeric id, WooCommerce's post id). */
    storeOrderId: varchar('store_order_id', { length: 64 }).notNull(),
    /** The order number people see (Shopify's "#1001", WooCommerce's number): our order's external_id. */
    externalId: varchar('external_id', { length: 100 }).notNull(),
    orderId: varchar('order_id', { length: 40 }).references(() => orders.id, { onDelete: 'set null' }),
    /** placed | skipped (nothing mapped) | failed (could not be placed) | cancelled (before it was placed) */
    status: varchar('status', { length: 16 }).notNull(),
    unmapped: jsonb('unmapped')
      .$type<{ sku: string; title: string | null; quantity: number }[]>()
      .notNull()
      .default([]),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_store_id_idx').on(t.connectionId, t.storeOrderId),
    index('store_orders_order_idx').on(t.orderId),
    index('store_orders_created_idx').on(t.connectionId, t.createdAt),
  ],
);

/**
 * Tracking owed to a store when one of its orders ships: a second kind of delivery, drained by the
 * webhook worker's loop (same lease, same retry schedule). `progress` records the steps already done,
 * so a retry never repeats one (a WooCommerce note, a Shopify fulfilment).
 */
export const storePushes = pgTable(
  'store_pushes',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    connectionId: varchar('connection_id', { length: 40 })
      .notNull()
      .references(() => storeConnections.id, { onDelete: 'cascade' }),
    orderId: varchar('order_id', { length: 40 })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeOrderId: varchar('store_order_id', { length: 64 }).notNull(),
    externalId: varchar('external_id', { length: 100 }).notNull(),
    payload: jsonb('payload')
      .$type<{ carrier: string; carrier_name: string; tracking_number: string; tracking_url: string }>()
      .notNull(),
    progress: jsonb('progress').$type<Record<string, string>>().notNull().default({}),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_pushes_due_idx').on(t.status, t.nextAttemptAt),
    index('store_pushes_connection_idx').on(t.connectionId, t.createdAt),
  ],
);

/** What the seller must know: unmapped lines, a cancellation that came too late, a failed order or push. */
export const storeAlerts = pgTable(
  'store_alerts',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    connectionId: varchar('connection_id', { length: 40 }).references(() => storeConnections.id, {
      onDelete: 'cascade',
    }),
    kind: varchar('kind', { length: 24 }).notNull(),
    message: text('message').notNull(),
    orderId: varchar('order_id', { length: 40 }),
    externalId: varchar('external_id', { length: 100 }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_alerts_user_idx').on(t.userId, t.createdAt)],
);

/** The CSV column mapping a seller last used for a source (Etsy, Amazon, …). */
export const csvImportMappings = pgTable(
  'csv_import_mappings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 24 }).notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] })],
);
