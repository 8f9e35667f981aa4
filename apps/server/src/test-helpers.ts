import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';

/**
 * The databases every integration test runs on: an in-memory PGlite always, and a fresh
 * database on the real PostgreSQL server named by TEST_DATABASE_URL when it is set (CI sets it).
 */
export const testDatabases: readonly ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `printloop_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Build the real app on a fresh database and a temporary data folder. */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  opts: { env?: Record<string, string>; build?: BuildOptions } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-test-'));
  const pgdb = kind === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...opts.env,
  });
  // PGlite in memory: fast and isolated per test file.
  if (config.database.kind === 'pglite') config.database = { kind: 'pglite', dataDir: null };
  const app = await buildApp(config, { inlineModels: true, ...opts.build });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const modelsDir = path.resolve(import.meta.dirname, '../../../../shared/models');

/** A multipart/form-data body with one file field, for `inject`. */
export function multipart(fileName: string, bytes: Uint8Array, field = 'file') {
  const boundary = `----printloop${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sign up and sign in a user; returns the session cookie for `inject`. */
export async function signedInUser(app: FastifyInstance, email: string, password = 'correct-horse-1') {
  const origin = app.config.publicUrl;
  const up = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: email.split('@')[0] },
    headers: { origin },
  });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password, rememberMe: false },
    headers: { origin },
  });
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const cookie = list.find((c) => c.startsWith('printloop.session_token='))?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
  return { cookie, id: res.json().user.id as string };
}
