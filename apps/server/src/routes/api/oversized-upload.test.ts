import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test-helpers.js';

/**
 * Oversized bodies over a real socket (inject cannot show when the server stops reading): a declared
 * Content-Length over the limit is refused before any byte of the body is read, and a chunked body is
 * read only up to the limit, then answered 413 and the connection closed.
 */
describe('an oversized upload is refused without reading it to its end', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { build: { logger: false } });
    cookie = (await signedInUser(t.app, 'ada@example.com')).cookie;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  const head = (extra: string) =>
    [
      'POST /api/jobs HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${cookie}`,
      `Origin: ${t.app.config.publicUrl}`,
      'Content-Type: multipart/form-data; boundary=XyZ',
      extra,
      '',
      '',
    ].join('\r\n');

  /** Sends, respecting back-pressure, until the server answers or closes; returns what happened. */
  function exchange(headers: string, body: ((i: number) => Buffer | null) | null) {
    return new Promise<{ response: string; sent: number; closedByServer: boolean }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let response = '';
      let sent = 0;
      let done = false;
      const finish = (closedByServer: boolean) => {
        if (done) return;
        done = true;
        socket.destroy();
        resolve({ response, sent, closedByServer });
      };
      socket.on('data', (d) => {
        response += d.toString('latin1');
      });
      socket.on('end', () => finish(true));
      socket.on('close', () => finish(true));
      socket.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNRESET' || err.code === 'EPIPE') finish(true);
        else reject(err);
      });
      socket.on('connect', async () => {
        socket.write(headers);
        if (!body) return;
        for (let i = 0; !done; i++) {
          const chunk = body(i);
          if (!chunk) break;
          sent += chunk.length;
          if (!socket.write(chunk)) {
            await new Promise<void>((r) => {
              const t0 = setTimeout(r, 2000);
              socket.once('drain', () => {
                clearTimeout(t0);
                r();
              });
            });
          }
          if (response.length > 0) break;
        }
      });
      setTimeout(() => finish(false), 20_000).unref();
    });
  }

  it('refuses a declared 80 MB body at once, before it is sent', async () => {
    const r = await exchange(head(`Content-Length: ${80 * 1024 * 1024}`), null);
    expect(r.response).toMatch(/^HTTP\/1\.1 413/);
    expect(r.response).toMatch(/File size exceeds 50MB limit/);
    expect(r.response.toLowerCase()).toMatch(/connection: close/);
    expect(r.closedByServer).toBe(true);
  });

  it('stops reading a chunked 200 MB body at the limit and closes the connection', async () => {
    const mb = Buffer.alloc(1024 * 1024, 0x41);
    const start = Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="huge.stl"\r\nContent-Type: application/octet-stream\r\n\r\n',
    );
    const chunked = (b: Buffer) =>
      Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    const r = await exchange(head('Transfer-Encoding: chunked'), (i) =>
      i === 0 ? chunked(start) : i <= 200 ? chunked(mb) : null,
    );
    expect(r.response).toMatch(/^HTTP\/1\.1 413/);
    expect(r.closedByServer).toBe(true);
    // The server took the 50 MB it allows, plus what loopback socket buffers held (about 20 MB here),
    // not the 200 MB offered.
    expect(r.sent, `${(r.sent / 1048576).toFixed(1)} MB sent`).toBeLessThan(100 * 1024 * 1024);
  });
});
