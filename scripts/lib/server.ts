/** Starting and stopping the built server for benchmarks and fault scripts (not for the test suite). */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { verificationLink } from '../../e2e/auth-helpers.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  port: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const base = `http://127.0.0.1:${p}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) break;
    } catch {}
    if (child.exitCode !== null) throw new Error('the server exited at start');
    if (i > 400) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    port: p,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Sign up and sign in; returns the session cookie. */
export async function signIn(base: string, email: string, password = 'fault-pass-1'): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base };
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: email.split('@')[0] }),
  });
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, rememberMe: true }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('printloop.session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/**
 * Confirms `email` as its owner would: opens the link of the newest verification message in the
 * server's outbox (`DATA_DIR/outbox`), found as the end-to-end tests find it. Live orders need a
 * confirmed address.
 */
export async function confirmEmail(outbox: string, email: string): Promise<void> {
  const res = await fetch(await verificationLink(outbox, email), { redirect: 'manual' });
  if (res.status >= 400) throw new Error(`verify-email: ${res.status} ${await res.text()}`);
}

/** Where benchmarks make their own PostgreSQL databases (DATABASE_ADMIN_URL). */
export const postgresAdminUrl =
  process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database on the local PostgreSQL for one benchmark run, dropped afterwards; null (and a line
 * saying why) when PostgreSQL cannot be used, so the run goes on with PGlite only.
 */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `printloop_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    console.log(`PostgreSQL at ${postgresAdminUrl} cannot be used (${(err as Error).message}): skipped.`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresAdminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
