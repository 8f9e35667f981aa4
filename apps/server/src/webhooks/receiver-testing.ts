import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got. */
export interface Received {
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver for tests: records every request; `respond(path)` decides the answer per
 * request (status, and an optional delay before answering); `waitFor` polls until a condition holds.
 */
export async function startReceiver(
  respond: (path: string, n: number) => { status: number; delayMs?: number } = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      received.push({
        at: Date.now(),
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const { status, delayMs } = respond(path, n);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'ok' : `failing on purpose (${status})`);
      };
      if (delayMs) setTimeout(answer, delayMs).unref();
      else answer();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path: string) => received.filter((r) => r.path === path),
    /**
     * What a receiver that deduplicates by `webhook-id` (as Standard Webhooks asks) keeps on `path`:
     * the first request of each id. Delivery is at least once, so an attempt the sender timed out on
     * (a stalled event loop on a slow machine) may have reached us and come again.
     */
    unique: (path: string) => {
      const seen = new Set<string>();
      return received.filter((r) => {
        const id = String(r.headers['webhook-id']);
        if (r.path !== path || seen.has(id)) return false;
        seen.add(id);
        return true;
      });
    },
    async waitFor(cond: () => boolean, ms = 10_000) {
      const end = Date.now() + ms;
      while (!cond()) {
        if (Date.now() > end)
          throw new Error(`receiver: condition not met in ${ms} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
