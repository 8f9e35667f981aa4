import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildFakeS3 } from 'fauxqs';
import pg from 'pg';
import { type BuildOptions, buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { user } from './db/schema.js';
import type { MailMessage } from './mail/mailer.js';
import type { S3StorageConfig } from './storage/s3.js';
import type { StoredObject } from './storage/storage.js';

/**
 * The databases every integration test runs on: an in-memory PGlite always, and a fresh
 * database on the real PostgreSQL server named by TEST_DATABASE_URL when it is set (CI sets it).
 */
export const testDatabases: readonly ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The same, with the embedded database also in its own thread, as the built server runs it
 * (db/pglite-thread.ts; it runs the built worker, so `npm run build` first): for the suites that place
 * orders and replay idempotent requests, whose writes run there as procedures.
 */
export const testDatabasesWithThread: readonly TestDatabase[] = [
  'pglite',
  'pglite-thread',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

export type TestDatabase = 'pglite' | 'pglite-thread' | 'postgres';

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
  kind: TestDatabase,
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
  // From source, the embedded database runs in this thread too (its own thread runs the built server:
  // tests of it ask for it, db/pglite-thread.test.ts and the public API's orders).
  const app = await buildApp(config, {
    inlineModels: true,
    pgliteThread: kind === 'pglite-thread' ? 'worker' : 'inline',
    ...opts.build,
  });
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

export const modelsDir = path.resolve(import.meta.dirname, '../../../fixtures/models');

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

/** The newest email in the test app's outbox to `to` whose subject matches, or null. */
export async function outboxEmailTo(
  app: FastifyInstance,
  to: string,
  subject: RegExp,
): Promise<string | null> {
  const mail = app.config.mail;
  if (mail.kind !== 'outbox') throw new Error('the test app has no outbox');
  const files = (await readdir(mail.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  for (const f of files.sort().reverse()) {
    const text = await readFile(path.join(mail.dir, f), 'utf8');
    const subjectLine = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
    if (text.includes(`\r\nTo: ${to}\r\n`) && subject.test(subjectLine)) return text;
  }
  return null;
}

/**
 * Opens the link of the verification email sent to `email` (as the user would), confirming the address.
 * The email is read from the outbox folder, or from `captured` when the test replaced the mailer. A test
 * whose mailer keeps nothing gets the same link made the way Better Auth makes it.
 */
export async function verifyEmail(app: FastifyInstance, email: string, captured?: readonly MailMessage[]) {
  const text = captured
    ? ([...captured].reverse().find((m) => m.to === email && /Confirm your PrintLoop email/.test(m.subject))
        ?.text ?? null)
    : app.config.mail.kind === 'outbox'
      ? await outboxEmailTo(app, email, /Confirm your PrintLoop email/)
      : null;
  let link = text ? /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0] : undefined;
  if (!link && !captured) {
    const ctx = await app.auth.$context;
    const [row] = await app.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.toLowerCase()))
      .limit(1);
    if (row) {
      const token = await createEmailVerificationToken(ctx.secret, email.toLowerCase(), undefined, 3600, {
        userId: row.id,
      });
      link = `${app.config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=%2F`;
    }
  }
  if (!link) throw new Error(`no verification email to ${email}`);
  const url = new URL(link);
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (res.statusCode !== 302) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}

/**
 * Sign up and sign in a user; returns the session cookie for `inject`. The address is confirmed through
 * the verification email's link unless `verified: false` (live orders need it).
 */
export async function signedInUser(
  app: FastifyInstance,
  email: string,
  password = 'correct-horse-1',
  opts: { verified?: boolean; captured?: readonly MailMessage[] } = {},
) {
  const origin = app.config.publicUrl;
  const up = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: email.split('@')[0] },
    headers: { origin },
  });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.body}`);
  if (opts.verified !== false) await verifyEmail(app, email, opts.captured);
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

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The storage config for `createS3Storage`. */
  config: S3StorageConfig;
  /** The same as environment variables, for `createTestApp`. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (fauxqs, in memory, so nothing is left on disk) on a free port of 127.0.0.1,
 * with one empty bucket made through the S3 API. fauxqs accepts any credentials.
 */
export async function startTestS3(bucket = 'printloop-test'): Promise<TestS3> {
  const server = buildFakeS3({ logger: false });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('fake S3 has no TCP address');
  const endpoint = `http://127.0.0.1:${address.port}`;
  const config: S3StorageConfig = {
    kind: 's3',
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  };
  const admin = new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
  });
  try {
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    admin.destroy();
  }
  return {
    endpoint,
    bucket,
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
    stop: () => server.close(),
  };
}

/** `size` deterministic bytes (not all equal, so a misplaced chunk shows). */
export function patternBytes(size: number, seed = 7): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed + (i >> 16)) & 0xff;
  return out;
}

/**
 * `data` as a stream of `chunk`-byte pieces, produced only as they are read. With `failAfter` it errors
 * once that many bytes have gone out; with `truncated` it ends marked as busboy marks a file cut short by
 * a size limit. `onRead` hears the running total of bytes handed out.
 */
export function chunkedSource(
  data: Buffer,
  opts: { chunk?: number; failAfter?: number; truncated?: boolean; onRead?: (total: number) => void } = {},
): Readable {
  const { chunk = 64 * 1024, failAfter, truncated = false, onRead } = opts;
  async function* pieces() {
    for (let i = 0; i < data.length; i += chunk) {
      if (failAfter !== undefined && i >= failAfter) throw new Error('boom: the client went away');
      const piece = data.subarray(i, i + chunk);
      onRead?.(i + piece.length);
      yield piece;
    }
    if (truncated) Object.assign(stream, { truncated: true });
  }
  const stream = Readable.from(pieces());
  return stream;
}

/** Everything `list` yields, sorted by key. */
export async function collect(objects: AsyncIterable<StoredObject>): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for await (const o of objects) out.push(o);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}
