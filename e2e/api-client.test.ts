import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const baseURL = inject('baseURL');
/** Inside the repository, so the client resolves openapi-fetch from its node_modules; removed afterwards. */
const work = path.resolve('e2e/.api-client');

/**
 * A client generated from /v1/openapi.json by third-party tools (openapi-typescript for the types,
 * openapi-fetch for the calls) places and follows an order, type-checked under `strict` with no
 * hand-written types, against the built server.
 */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './v1.js';

const [baseUrl, apiKey, modelUrl] = process.argv.slice(2) as [string, string, string];
const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } });

const file = await client.POST('/v1/files', {
  params: { header: { 'idempotency-key': \`file-\${Date.now()}\` } },
  body: { url: modelUrl, filename: 'cube.stl' },
});
if (!file.data) throw new Error(\`file: \${JSON.stringify(file.error)}\`);

const quote = await client.POST('/v1/quotes', {
  body: { file_id: file.data.id, material: 'PETG', color: 'blue', infill: 25, quantity: 2 },
});
if (!quote.data) throw new Error(\`quote: \${JSON.stringify(quote.error)}\`);

const externalId = \`client-\${Date.now()}\`;
const placed = await client.POST('/v1/orders', {
  params: { header: { 'idempotency-key': externalId } },
  body: {
    items: [{ quote_id: quote.data.id, quantity: 2 }],
    shipping_address: { name: 'Priya Shah', street: '1 High Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    shipping_service: 'standard',
    external_id: externalId,
    metadata: { source: 'generated-client' },
  },
});
if (!placed.data) throw new Error(\`order: \${JSON.stringify(placed.error)}\`);

const followed = await client.GET('/v1/orders/{id}', { params: { path: { id: placed.data.id } } });
if (!followed.data) throw new Error(\`follow: \${JSON.stringify(followed.error)}\`);
const listed = await client.GET('/v1/orders', { params: { query: { external_id: externalId, limit: 5 } } });
if (!listed.data) throw new Error(\`list: \${JSON.stringify(listed.error)}\`);

const missing = await client.GET('/v1/orders/{id}', { params: { path: { id: 'ord_missing' } } });
const errorCode: string | undefined = missing.error?.error.code;

const status: string = followed.data.status;
const total: number = followed.data.total_amount;
console.log(
  JSON.stringify({
    order: placed.data.id,
    status,
    total,
    quoteTotal: quote.data.total_amount,
    events: (followed.data.events ?? []).map((e) => e.to_status),
    listed: listed.data.data.map((o) => o.id),
    errorCode,
  }),
);
`;

describe('a client generated from the OpenAPI document', () => {
  let server: http.Server;
  let modelUrl: string;
  let apiKey: string;

  beforeAll(async () => {
    const cube = await readFile(path.resolve('fixtures/models/cube_20mm.stl'));
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'model/stl' });
      res.end(cube);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    modelUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cube.stl`;

    // A developer signs up and makes a test key (the session routes behind /dashboard/developers).
    const email = `client.${Date.now()}@example.com`;
    const headers = { 'content-type': 'application/json', origin: baseURL };
    const up = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'generated-1', name: 'Dev' }),
    });
    expect(up.status).toBe(200);
    const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'generated-1' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const key = await fetch(`${baseURL}/api/api-keys`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ name: 'Generated client', mode: 'test' }),
    });
    expect(key.status).toBe(201);
    apiKey = (await key.json()).key;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await rm(work, { recursive: true, force: true });
  });

  it('type-checks against the generated types, then places and follows an order', async () => {
    await mkdir(work, { recursive: true });
    const ast = await openapiTS(new URL(`${baseURL}/v1/openapi.json`));
    await writeFile(path.join(work, 'v1.d.ts'), astToString(ast));
    await writeFile(path.join(work, 'client.ts'), CLIENT);
    await writeFile(path.join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    await writeFile(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          target: 'ES2023',
          lib: ['ES2023', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: ['node'],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['client.ts'],
      }),
    );
    // Type errors fail the test: the request and answer shapes come only from the document.
    await run(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', work], {
      cwd: work,
    }).catch((err: { stdout?: string }) => {
      throw new Error(`the generated client does not type-check:\n${err.stdout ?? err}`);
    });

    const { stdout } = await run(
      process.execPath,
      [path.join(work, 'client.ts'), baseURL, apiKey, modelUrl],
      {
        cwd: work,
      },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(result.order).toMatch(/^ord_/);
    expect(result.status).toBe('queued');
    expect(result.events).toEqual(['queued']);
    expect(result.listed).toEqual([result.order]);
    expect(result.total).toBeGreaterThan(result.quoteTotal);
    expect(result.errorCode).toBe('NOT_FOUND');
  }, 120_000);
});
