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
  const app = await buildApp(config, opts.build);
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
