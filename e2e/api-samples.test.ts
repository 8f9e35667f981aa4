import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CodeSamples } from '../apps/web/app/features/docs/languages';
import {
  operationSamples,
  quickStartOrderSample,
  requestSampleCode,
  sampleIds,
} from '../apps/web/app/features/docs/samples';

const run = promisify(execFile);
const baseURL = inject('baseURL');
const modelsDir = path.resolve('fixtures/models');

/** A signed-in session and a test key of a new account, through the session routes as the web app uses them. */
async function testKey(email: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const password = 'print-it-4';
  const up = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: 'samples' }),
  });
  expect(up.status).toBe(200);
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${baseURL}/api/api-keys`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'Samples', mode: 'test' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

/**
 * Every code sample of the docs, run as a developer would run it (cURL in bash, JavaScript in Node,
 * Python 3 with the standard library) against the real server with a test key. Each language goes
 * through the whole story: upload, quote, product, rates, order, cancel, archive; the ids each create
 * prints are the ones its next samples use.
 */
const ORDER = [
  'createFile',
  'quickStartOrder',
  'advanceTestOrder',
  'getFile',
  'createQuote',
  'getQuote',
  'createProduct',
  'listProducts',
  'getProduct',
  'updateProduct',
  'getShippingRates',
  'createShippingRates',
  'createOrder',
  'listOrders',
  'getOrder',
  'cancelOrder',
  'archiveProduct',
  'createWebhookEndpoint',
  'listWebhookEndpoints',
  'testWebhookEndpoint',
  'listEvents',
  'getEvent',
  'redeliverEvent',
  'deleteWebhookEndpoint',
] as const;

const CREATES: Partial<Record<(typeof ORDER)[number], keyof typeof sampleIds>> = {
  createFile: 'file',
  quickStartOrder: 'order',
  createQuote: 'quote',
  createProduct: 'product',
  createOrder: 'order',
  createWebhookEndpoint: 'endpoint',
  testWebhookEndpoint: 'event',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-samples-'));
  await copyFile(path.join(modelsDir, 'cube_20mm.stl'), path.join(dir, 'phone-stand.stl'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs one sample with the key in PRINTLOOP_API_KEY, as the samples expect. */
const runners: Record<keyof CodeSamples, (code: string, key: string) => Promise<{ stdout: string }>> = {
  curl: async (code, key) => {
    // -sS: quiet but show errors; --fail-with-body: a 4xx or 5xx fails the sample with its envelope.
    const script = `set -euo pipefail\nuuidgen() { cat /proc/sys/kernel/random/uuid; }\n${code.replace(/^curl /, 'curl -sS --fail-with-body ')}\n`;
    return run('bash', ['-c', script], { cwd: dir, env: { ...process.env, PRINTLOOP_API_KEY: key } });
  },
  javascript: async (code, key) => {
    const file = path.join(dir, `sample-${Date.now()}.mjs`);
    await writeFile(file, code);
    return run(process.execPath, [file], { cwd: dir, env: { ...process.env, PRINTLOOP_API_KEY: key } });
  },
  python: async (code, key) =>
    run('python3', ['-c', code], { cwd: dir, env: { ...process.env, PRINTLOOP_API_KEY: key } }),
};

describe('the docs’ code samples against the real API', () => {
  const samples: Record<string, CodeSamples> = {
    ...operationSamples(`${baseURL}/v1`),
    quickStartOrder: requestSampleCode(`${baseURL}/v1`, quickStartOrderSample),
  };

  it.each(['curl', 'javascript', 'python'] as const)(
    '%s: every sample runs and gets a success',
    async (lang) => {
      // An account each: SKUs are unique per account.
      const key = await testKey(`samples.${lang}.${Date.now()}@example.com`);
      const ids: Record<string, string> = {};
      for (const op of ORDER) {
        let code = samples[op]![lang];
        for (const [kind, sampleId] of Object.entries(sampleIds))
          if (ids[kind]) code = code.replaceAll(sampleId, ids[kind]!);
        const { stdout } = await runners[lang](code, key).catch(
          (err: { stdout?: string; stderr?: string }) => {
            throw new Error(`${lang} ${op} failed: ${err.stdout ?? ''} ${err.stderr ?? ''}`);
          },
        );
        const creates = CREATES[op];
        if (creates) {
          // cURL prints the object; the others print its id first.
          const id =
            lang === 'curl' ? (JSON.parse(stdout) as { id: string }).id : stdout.trim().split(/\s+/)[0]!;
          expect(id, `${lang} ${op}: ${stdout}`).toMatch(
            new RegExp(`^${sampleIds[creates].split('_')[0]}_\\w+$`),
          );
          ids[creates] = id;
        }
        if (op === 'cancelOrder') expect(stdout, lang).toMatch(/cancelled/);
        if (op === 'archiveProduct') expect(stdout, lang).toMatch(/true/i);
        // The simulated clock (a step every 20 s) may have moved it once already.
        if (op === 'advanceTestOrder') expect(stdout, lang).toMatch(/printing|packaging/);
        if (op === 'deleteWebhookEndpoint') expect(stdout, lang).toMatch(/true/i);
      }
    },
  );
});
