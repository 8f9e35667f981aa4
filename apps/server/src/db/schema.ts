import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
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
    analysis: jsonb('analysis').notNull(),
    /** Storage key of the parsed triangle soup (Float32, mm, as uploaded), so re-pricing never re-parses. */
    meshPath: text('mesh_path'),
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
    breakdown: jsonb('breakdown').notNull(),
    estimate: jsonb('estimate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotes_user_created_idx').on(t.userId, t.createdAt)],
);
