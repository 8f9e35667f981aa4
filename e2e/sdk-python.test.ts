import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { tryReceiverExample } from './receiver-example';

const run = promisify(execFile);
const baseURL = inject('baseURL');
const sdkDir = path.resolve('sdks/python');

/** A test key of a new account, through the session routes as the web app gets one. */
async function testKey(email: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const password = 'print-it-4';
  const up = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: 'Python SDK' }),
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
    body: JSON.stringify({ name: 'Python SDK', mode: 'test' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

function pythonEnv(key: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PRINTLOOP_BASE_URL: baseURL,
    PRINTLOOP_API_KEY: key,
    PYTHONPATH: sdkDir,
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

/**
 * The Python SDK (sdks/python, standard library only) against the real server: its whole unittest suite,
 * offline and live (upload, quote, order advanced to delivered with its webhooks verified, lists,
 * idempotency, errors), and the quick-start example.
 */
describe('the Python SDK against the real API', () => {
  it('passes its unit and live tests', { timeout: 180_000 }, async () => {
    const key = await testKey(`sdk.python.${Date.now()}@example.com`);
    const result = await run('python3', ['-m', 'unittest', 'discover', '-s', 'sdks/python/tests', '-v'], {
      env: pythonEnv(key),
      timeout: 170_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { code?: number; stdout?: string; stderr?: string }) => {
      throw new Error(
        `python3 -m unittest failed (exit ${err.code}):\n${err.stdout ?? ''}\n${err.stderr ?? ''}`,
      );
    });
    // unittest -v writes its report to stderr.
    const report = `${result.stdout}\n${result.stderr}`;
    expect(report).toMatch(/^OK\b/m);
    expect(report).not.toMatch(/skipped/i);
    for (const name of [
      'test_order_to_delivered_with_signed_webhooks',
      'test_orders_list_cancel_and_idempotency',
      'test_products_shipping_and_errors',
    ]) {
      expect(report).toMatch(new RegExp(`${name} \\(test_live\\.LiveTests[^)]*\\) \\.\\.\\. ok`));
    }
  });

  it('runs the quick-start example, which prints the order id', async () => {
    const key = await testKey(`sdk.python.quickstart.${Date.now()}@example.com`);
    const { stdout } = await run(
      'python3',
      [path.join(sdkDir, 'examples/quickstart.py'), path.resolve('fixtures/models/cube_20mm.stl')],
      { env: pythonEnv(key), timeout: 60_000 },
    );
    expect(stdout).toMatch(/^ord_\w+ queued /);
  });

  it('runs the webhook receiver example that /docs shows (sdks/python/examples/webhook_receiver.py)', async () => {
    const key = await testKey(`sdk.python.receiver.${Date.now()}@example.com`);
    const api = async (path: string, body: object) => {
      const res = await fetch(`${baseURL}/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.ok, await res.clone().text()).toBe(true);
      return (await res.json()) as { id: string; secret: string };
    };
    await tryReceiverExample({
      command: 'python3',
      args: [path.join(sdkDir, 'examples/webhook_receiver.py')],
      env: pythonEnv(key),
      register: (url) => api('/webhook_endpoints', { url, events: ['ping'] }),
      ping: async (id) => (await api(`/webhook_endpoints/${id}/test`, {})).id,
    });
  });

  it('runs the error-handling example that /docs shows (sdks/python/examples/errors.py)', async () => {
    const key = await testKey(`sdk.python.errors.${Date.now()}@example.com`);
    const { stdout } = await run('python3', [path.join(sdkDir, 'examples/errors.py')], {
      env: pythonEnv(key),
      timeout: 60_000,
    });
    expect(stdout.trim()).toMatch(/^404 NOT_FOUND [0-9a-f-]{36}$/);
  });
});
