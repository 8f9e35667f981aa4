import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { modelsDir, multipart, type TestApp } from '../../test-helpers.js';

/** Helpers for the public API's integration tests: calls with a key, the error envelope, a model server. */

export type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

export function v1(
  t: TestApp,
  key: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> {
  return t.app.inject({
    method,
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
}

export function upload(t: TestApp, key: string, fileName: string, bytes: Uint8Array, headers = {}) {
  const mp = multipart(fileName, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/v1/files',
    headers: { ...mp.headers, authorization: `Bearer ${key}`, ...headers },
    payload: mp.payload,
  });
}

/** The one error envelope of API.md §3, with its request id matching the header, and nothing internal. */
export function expectError(res: Res, status: number, code: string, param?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.request_id).toBe(res.headers['request-id']);
  if (param !== undefined) expect(body.error.param).toBe(param);
  // No stack, file path or driver text leaks.
  expect(res.body).not.toMatch(/\bat \S+ \(|node_modules|\.[jt]s:\d+|SELECT |drizzle|postgres/i);
  return body.error as { code: string; message: string; param?: string; request_id: string };
}

export async function createKey(t: TestApp, cookie: string, mode: 'test' | 'live', name = 'Shop') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie, origin: t.app.config.publicUrl },
    payload: { name, mode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; prefix: string; mode: string };
}

export const fixture = (name: string) => readFile(path.join(modelsDir, name));

export const PARAMS = { material: 'PLA', color: 'black' } as const;
export const UK = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'SW1A 1AA',
  country: 'GB',
};

/**
 * A plain-http model server on 127.0.0.1 for server-fetched URLs: `/cube.stl`; `/hop/{n}`, n redirects
 * before the cube; `/to-ftp`, a redirect to another scheme; `/huge.stl`, a declared 60 MB;
 * `/endless.stl`, 51 MB streamed without a length; anything else 404.
 */
export async function startModelServer(cube: Uint8Array) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(u.pathname);
    const hop = /^\/hop\/(\d+)$/.exec(u.pathname);
    if (u.pathname === '/cube.stl') {
      res.writeHead(200, { 'content-type': 'model/stl', 'content-length': String(cube.length) });
      res.end(Buffer.from(cube));
    } else if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/cube.stl' });
      res.end();
    } else if (u.pathname === '/to-ftp') {
      res.writeHead(302, { location: 'ftp://files.example.org/cube.stl' });
      res.end();
    } else if (u.pathname === '/huge.stl') {
      res.writeHead(200, { 'content-length': String(60 * 1024 * 1024) });
      res.end();
    } else if (u.pathname === '/endless.stl') {
      res.writeHead(200, { 'content-type': 'model/stl' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const push = () => {
        while (sent < 51) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      res.on('error', () => {});
      push();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such model');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
