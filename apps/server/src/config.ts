import path from 'node:path';
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
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_BUILD_DIR: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
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
  trustProxy: boolean;
  logLevel: string;
  webBuildDir: string;
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
      ? { kind: 'postgres', url: e.DATABASE_URL }
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
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webBuildDir: path.resolve(cwd, e.WEB_BUILD_DIR ?? defaultWebBuildDir()),
  };
}

function defaultWebBuildDir(): string {
  // dist/config.js and src/config.ts both sit one level below apps/server.
  return new URL('../../web/build/client', import.meta.url).pathname;
}
