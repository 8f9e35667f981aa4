import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Start the built product once for the end-to-end run, exactly as `npm start` serves it, on a free port
 * with its own data folder (PGlite, files and outbox), and stop it afterwards.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      NODE_ENV: 'production',
      // The operator of the orders test (e2e/orders.test.ts) gets the role when signing up.
      OPERATOR_EMAILS: 'ops@printloop.test',
      // Contact messages are emailed here (e2e/contact.test.ts reads the outbox).
      CONTACT_EMAIL: 'hello@printloop.test',
      // The footer's company link (e2e/site.test.ts).
      COMPANY_WEBSITE: 'https://www.printloop.test/',
      // The generated API client (e2e/api-client.test.ts) has its model fetched from a local server.
      ALLOW_PRIVATE_NETWORK: 'true',
      // Every test user signs up and in from 127.0.0.1: the per-IP limit is for one person, not a suite.
      AUTH_RATE_LIMIT: '1000',
      // Its own counters: Redis (REDIS_URL, for the unit test of shared limits) would carry counts over
      // between runs and between this server and the others the suite starts.
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} during start-up`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  };
}
