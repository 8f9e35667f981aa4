import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../apps/server/src/webhooks/receiver-testing.ts';
import { type RunningServer, signIn, startServer } from '../scripts/lib/server.ts';

/**
 * The built server is killed (SIGKILL) in the middle of delivering an order's webhooks and started
 * again on the same data: every event still arrives, in order, each once, except the one whose
 * delivery was cut short, which may arrive twice (at least once). PGlite on disk, as `npm start` runs.
 */
describe('webhooks across a crash', () => {
  let server: RunningServer | null = null;
  let dataDir = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await receiver?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and repeats only the delivery the crash interrupted', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-webhook-crash-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ALLOW_PRIVATE_NETWORK: 'true',
      WEBHOOK_TIMEOUT_S: '1',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      TEST_MODE_STEP_SECONDS: '3600',
      // Its own in-memory limits (not Redis, shared with the suite's other server on 127.0.0.1).
      AUTH_RATE_LIMIT: '1000',
      REDIS_URL: '',
    };
    let crashed = false;
    // The third delivery never gets its answer before the server is killed (once the test has made all
    // the events: the third delivery may come while it is still advancing the order).
    receiver = await startReceiver((_path, n) => {
      if (n === 3 && !crashed) {
        crashed = true;
        return { status: 200, delayMs: 30_000 };
      }
      return { status: 200 };
    });
    server = await startServer(env);
    const cookie = await signIn(server.base, 'crash@example.com');
    const json = { 'content-type': 'application/json' };
    const key = (
      await (
        await fetch(`${server.base}/api/api-keys`, {
          method: 'POST',
          headers: { ...json, cookie, origin: server.base },
          body: JSON.stringify({ name: 'crash', mode: 'test' }),
        })
      ).json()
    ).key as string;
    const auth = { authorization: `Bearer ${key}` };
    const ep = await (
      await fetch(`${server.base}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({ url: receiver.url('/crash') }),
      })
    ).json();
    const form = new FormData();
    form.append('file', new Blob([await readFile('fixtures/models/cube_20mm.stl')]), 'cube.stl');
    const file = await (
      await fetch(`${server.base}/v1/files`, { method: 'POST', headers: auth, body: form })
    ).json();
    const order = await (
      await fetch(`${server.base}/v1/orders`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({
          items: [{ file_id: file.id, material: 'PLA', color: 'black' }],
          shipping_address: {
            name: 'A',
            street: '1 High St',
            city: 'London',
            postal_code: 'SW1A 1AA',
            country: 'GB',
          },
        }),
      })
    ).json();
    // All seven events are written before the crash (the advances commit them with each change).
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${server.base}/v1/test_helpers/orders/${order.id}/advance`, {
        method: 'POST',
        headers: auth,
      });
      expect(r.status).toBe(200);
    }
    await receiver.waitFor(() => crashed, 20_000);
    await server.stop('SIGKILL');

    server = await startServer(env);
    await receiver.waitFor(
      () => new Set(receiver!.on('/crash').map((r) => r.headers['webhook-id'])).size >= 7,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1500));

    const got = receiver.on('/crash');
    const wh = new Webhook(ep.secret);
    const events = got.map(
      (r) =>
        wh.verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as { id: string; type: string },
    );
    const firstSeen = [...new Map(events.map((e) => [e.id, e.type])).values()];
    expect(firstSeen).toEqual([
      'order.created',
      'order.updated',
      'order.updated',
      'order.updated',
      'order.shipped',
      'order.updated',
      'order.delivered',
    ]);
    // Only the interrupted third delivery came twice.
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(repeated.length).toBeLessThanOrEqual(1);
    if (repeated.length) expect(repeated[0]).toBe(events[2]!.id);
    expect(events.length).toBe(7 + repeated.length);
  }, 120_000);
});
