import path from 'node:path';
import { DEFAULT_FARM_PRINTERS, type FleetPrinter, FleetSpecError, parseFleet } from '@printloop/farm';
import { z } from 'zod';

/**
 * Configuration, read and validated once at start-up. Nothing here reaches the browser:
 * the web app gets only build-time public values (site URL).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public origin used in emails and canonical links, e.g. https://quotes.example.com */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  /** Connections each process keeps to PostgreSQL (placements and reads wait for one beyond that). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('PrintLoop <no-reply@printloop.local>'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The AES-256-GCM key of store credentials at rest: 32 bytes as 64 hex digits or base64. */
  SECRETS_KEY: z
    .string()
    .refine((v) => secretsKeyBytes(v) !== null, {
      error: 'must be 32 random bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
    })
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_BUILD_DIR: z.string().optional(),
  /** Shared rate-limit counters for several app processes. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Model storage each user may fill (files and their meshes), in MB. */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  /** GET /api/health requests per IP per minute. */
  HEALTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** Minutes between storage sweeps (orphaned files, unsaved uploads). */
  SWEEP_INTERVAL_MIN: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Files with no job are removed once older than this many minutes. */
  ORPHAN_MIN_AGE_MIN: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Uploads never saved in a quote are removed after this many hours. */
  UNSAVED_UPLOAD_TTL_H: z.coerce.number().int().min(1).max(8760).default(24),
  /** Files uploaded through the API and never quoted, ordered or made a product are removed after this many days. */
  API_FILE_TTL_D: z.coerce.number().int().min(1).max(3650).default(30),
  /** Lets server-side fetches (model URLs, webhooks, stores) reach http and private addresses: development and tests only. */
  ALLOW_PRIVATE_NETWORK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Sign-in, sign-up and reset requests per IP per 15 minutes (per email it stays 10). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Requests per API key per minute on /v1. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Seconds between a webhook delivery's attempts (API.md §4); after the last, the delivery has failed. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){0,19}$/, {
      error: 'a comma-separated list of seconds, e.g. 5,300,1800',
    })
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((s) => s.split(',').map(Number)),
  /** Seconds a webhook endpoint has to answer. */
  WEBHOOK_TIMEOUT_S: z.coerce.number().min(0.1).max(60).default(15),
  /** Webhook requests in flight at once, per process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** Seconds between the simulated steps of a test-mode order (queued → printing → … → delivered). */
  TEST_MODE_STEP_SECONDS: z.coerce.number().min(0.1).max(86_400).default(20),
  /** The fleet created on first start: NAMES[:MATERIAL[:COLOR]], comma-separated (packages/farm/src/fleet.ts). */
  FARM_PRINTERS: z
    .string()
    .max(5000)
    .default(DEFAULT_FARM_PRINTERS)
    .superRefine((v, ctx) => {
      try {
        parseFleet(v);
      } catch (err) {
        if (!(err instanceof FleetSpecError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    })
    .transform((v) => parseFleet(v)),
  /** Comma-separated emails of the farm's operators (the role is granted when they sign up or in). */
  OPERATOR_EMAILS: z.string().max(5000).optional(),
  /** The company on quotes, invoices and emails. COMPANY_ADDRESS: lines separated by "|". */
  COMPANY_NAME: z.string().min(1).max(200).default('PrintLoop'),
  COMPANY_ADDRESS: z.string().max(500).optional(),
  COMPANY_EMAIL: z.email().optional(),
  /** Where contact-form messages are emailed (they are also kept for the operators' inbox). Default: COMPANY_EMAIL. */
  CONTACT_EMAIL: z.email().optional(),
  COMPANY_WEBSITE: z.url().optional(),
  COMPANY_VAT_NUMBER: z.string().max(30).optional(),
  COMPANY_NUMBER: z.string().max(30).optional(),
  /** Bank transfer details printed on pro-forma invoices and net-30 invoices. */
  BANK_ACCOUNT_NAME: z.string().max(100).optional(),
  BANK_NAME: z.string().max(100).optional(),
  BANK_SORT_CODE: z
    .string()
    .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'must be a UK sort code, e.g. 12-34-56')
    .optional(),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{8}$/, 'must be an 8-digit UK account number')
    .optional(),
  BANK_IBAN: z
    .string()
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,32}$/, 'must be an IBAN')
    .optional(),
  BANK_BIC: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC (8 or 11 characters)')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolMax?: number };
  storage:
    | { kind: 'disk'; root: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  mail: { kind: 'smtp'; url: string; from: string } | { kind: 'outbox'; dir: string; from: string };
  authSecret: string | null;
  /** The key of secrets at rest (store credentials); null: generated once into DATA_DIR/secrets.key. */
  secretsKey: Buffer | null;
  trustProxy: boolean;
  logLevel: string;
  webBuildDir: string;
  redisUrl: string | null;
  storageQuotaBytes: number;
  healthRateLimit: number;
  sweep: { intervalMs: number; minAgeMs: number; unsavedJobTtlMs: number; apiFileTtlMs: number };
  operatorEmails: string[];
  /** The address contact-form messages are emailed to. */
  contactEmail: string;
  allowPrivateNetwork: boolean;
  apiRateLimit: number;
  authRateLimit: number;
  webhooks: { retryScheduleS: number[]; timeoutS: number; concurrency: number };
  testModeStepS: number;
  farmPrinters: FleetPrinter[];
  company: {
    name: string;
    address: string[];
    email: string;
    website?: string;
    vatNumber?: string;
    companyNumber?: string;
  };
  bank: {
    accountName: string;
    bankName?: string;
    sortCode?: string;
    accountNumber?: string;
    iban?: string;
    bic?: string;
  } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse the environment into a typed Config, or throw one ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Treat empty strings as unset so `FOO= npm start` behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET && !!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'disk', root: path.join(dataDir, 'files') },
    mail: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
      : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), from: e.MAIL_FROM },
    authSecret: e.AUTH_SECRET ?? null,
    secretsKey: e.SECRETS_KEY ? secretsKeyBytes(e.SECRETS_KEY) : null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webBuildDir: path.resolve(cwd, e.WEB_BUILD_DIR ?? defaultWebBuildDir()),
    redisUrl: e.REDIS_URL ?? null,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    healthRateLimit: e.HEALTH_RATE_LIMIT,
    allowPrivateNetwork: e.ALLOW_PRIVATE_NETWORK,
    apiRateLimit: e.API_RATE_LIMIT,
    authRateLimit: e.AUTH_RATE_LIMIT,
    webhooks: {
      retryScheduleS: e.WEBHOOK_RETRY_SCHEDULE,
      timeoutS: e.WEBHOOK_TIMEOUT_S,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
    testModeStepS: e.TEST_MODE_STEP_SECONDS,
    farmPrinters: e.FARM_PRINTERS,
    contactEmail: e.CONTACT_EMAIL ?? e.COMPANY_EMAIL ?? emailOf(e.MAIL_FROM),
    operatorEmails: (e.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s.length > 0),
    company: {
      name: e.COMPANY_NAME,
      address: (e.COMPANY_ADDRESS ?? '')
        .split('|')
        .map((l) => l.trim())
        .filter((l) => l.length > 0),
      email: e.COMPANY_EMAIL ?? emailOf(e.MAIL_FROM),
      ...(e.COMPANY_WEBSITE ? { website: e.COMPANY_WEBSITE } : {}),
      ...(e.COMPANY_VAT_NUMBER ? { vatNumber: e.COMPANY_VAT_NUMBER } : {}),
      ...(e.COMPANY_NUMBER ? { companyNumber: e.COMPANY_NUMBER } : {}),
    },
    bank:
      e.BANK_SORT_CODE || e.BANK_ACCOUNT_NUMBER || e.BANK_IBAN
        ? {
            accountName: e.BANK_ACCOUNT_NAME ?? e.COMPANY_NAME,
            ...(e.BANK_NAME ? { bankName: e.BANK_NAME } : {}),
            ...(e.BANK_SORT_CODE ? { sortCode: e.BANK_SORT_CODE } : {}),
            ...(e.BANK_ACCOUNT_NUMBER ? { accountNumber: e.BANK_ACCOUNT_NUMBER } : {}),
            ...(e.BANK_IBAN ? { iban: e.BANK_IBAN.replace(/\s+/g, '') } : {}),
            ...(e.BANK_BIC ? { bic: e.BANK_BIC } : {}),
          }
        : null,
    sweep: {
      intervalMs: e.SWEEP_INTERVAL_MIN * 60_000,
      minAgeMs: e.ORPHAN_MIN_AGE_MIN * 60_000,
      unsavedJobTtlMs: e.UNSAVED_UPLOAD_TTL_H * 3_600_000,
      apiFileTtlMs: e.API_FILE_TTL_D * 86_400_000,
    },
  };
}

/** SECRETS_KEY as its 32 bytes (64 hex digits, or base64 / base64url of 32 bytes), or null. */
export function secretsKeyBytes(raw: string): Buffer | null {
  const v = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** The address part of "Name <address>" (or the whole string). */
function emailOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

function defaultWebBuildDir(): string {
  // dist/config.js and src/config.ts both sit one level below apps/server.
  return new URL('../../web/build/client', import.meta.url).pathname;
}
