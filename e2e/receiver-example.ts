import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect } from 'vitest';

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
 * Runs an SDK's webhook receiver example as a developer would (the docs show its code): register an
 * endpoint at it, start it with the endpoint's secret, send a test event, and read the verified event
 * from its output; a forged delivery gets a 400.
 */
export async function tryReceiverExample(opts: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Registers an endpoint at `url`; answers its id and secret. */
  register(url: string): Promise<{ id: string; secret: string }>;
  /** Sends a test event to the endpoint; answers the event's id. */
  ping(endpointId: string): Promise<string>;
}) {
  const port = await freePort();
  const endpoint = await opts.register(`http://127.0.0.1:${port}/webhooks`);
  const child: ChildProcess = spawn(opts.command, opts.args, {
    env: { ...opts.env, PORT: String(port), PRINTLOOP_WEBHOOK_SECRET: endpoint.secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    err += String(d);
  });
  const waitFor = async (pattern: RegExp, ms: number) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(out)) {
      if (child.exitCode !== null) throw new Error(`the receiver exited: ${out} ${err}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}: ${out} ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    await waitFor(/listening/, 15_000);
    const eventId = await opts.ping(endpoint.id);
    await waitFor(new RegExp(`ping ${eventId}`), 20_000);
    // A delivery that is not signed with the secret is refused.
    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': eventId,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
      },
      body: JSON.stringify({ id: eventId, type: 'order.shipped' }),
    });
    expect(forged.status).toBe(400);
    expect(out).not.toMatch(/order\.shipped/);
  } finally {
    child.kill();
  }
}
