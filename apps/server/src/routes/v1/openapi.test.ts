import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  API_ERROR_CODES,
  createFileFromUrlSchema,
  createOrderSchema,
  createProductSchema,
  createQuoteSchema,
  fileObjectSchema,
  productObjectSchema,
  quoteObjectSchema,
  shippingRateObjectSchema,
  v1OrderSchema,
} from '@printloop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-helpers.js';
import { v1Operations } from './index.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  security: unknown[];
};

/** GET /v1/openapi.json: generated from the routes' own schemas, complete, and clean under @redocly/cli. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp('pglite', { build: { logger: false } });
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is OpenAPI 3.1 and needs no key to read', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    expect(doc.security).toEqual([{ apiKey: [] }]);
  });

  it('describes every registered /v1 route, and nothing else', () => {
    const registered = v1Operations(t.app).map(
      ({ method, url }) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(registered.length).toBeGreaterThanOrEqual(15);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p}`),
    );
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('gives every operation an id, a summary, a tag, its errors in the envelope, and the idempotency header on POST', () => {
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${p}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId!), where).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, where).toBeTruthy();
        expect(op.tags?.length, where).toBe(1);
        for (const status of ['400', '401', '429']) {
          const schema = op.responses[status]?.content?.['application/json']?.schema;
          expect(schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
        const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
        expect(success.length, where).toBe(1);
        // Every status says what it means, and only statuses the operation can answer are listed.
        for (const [status, r] of Object.entries(op.responses))
          expect((r as { description?: string }).description, `${where} ${status}`).not.toMatch(
            /^Default Response$/,
          );
        expect(op.responses['500'], where).toBeDefined();
        if (method === 'get' || method === 'delete') {
          expect(op.responses['409'], where).toBeUndefined();
          expect(op.responses['422'], where).toBeUndefined();
        }
        if (method === 'get' && !p.includes('{')) expect(op.responses['404'], where).toBeUndefined();
        if (method === 'post') {
          expect(
            op.parameters?.some((x) => x.in === 'header' && x.name === 'idempotency-key'),
            where,
          ).toBe(true);
        }
        for (const name of (p.match(/\{(\w+)\}/g) ?? []).map((s) => s.slice(1, -1))) {
          expect(
            op.parameters?.some((x) => x.in === 'path' && x.name === name),
            `${where} ${name}`,
          ).toBe(true);
        }
      }
    }
  });

  it('lists the documented error codes, with an example', () => {
    const error = doc.components.schemas.Error as {
      properties: { error: { properties: { code: { enum: string[] } } } };
      examples?: unknown[];
    };
    expect(error.properties.error.properties.code.enum).toEqual([...API_ERROR_CODES]);
    expect(error.examples?.length).toBeGreaterThan(0);
  });

  it('has examples that its own schemas accept', () => {
    const pairs = [
      ['File', fileObjectSchema],
      ['Quote', quoteObjectSchema],
      ['Product', productObjectSchema],
      ['Order', v1OrderSchema],
      ['ShippingRate', shippingRateObjectSchema],
    ] as const;
    for (const [name, schema] of pairs) {
      const examples = (doc.components.schemas[name] as { examples?: unknown[] }).examples ?? [];
      expect(examples.length, name).toBeGreaterThan(0);
      for (const e of examples) expect(schema.safeParse(e).success, name).toBe(true);
    }
    const bodies = [
      ['/v1/files', createFileFromUrlSchema],
      ['/v1/quotes', createQuoteSchema],
      ['/v1/products', createProductSchema],
      ['/v1/orders', createOrderSchema],
    ] as const;
    for (const [p, schema] of bodies) {
      const body = doc.paths[p]!.post!.requestBody as {
        content: Record<string, { schema: { examples?: unknown[] }; example?: unknown }>;
      };
      // @fastify/swagger moves a body schema's single example to the media type's `example`.
      const json = body.content['application/json']!;
      const examples = json.schema.examples ?? (json.example === undefined ? [] : [json.example]);
      expect(examples.length, p).toBeGreaterThan(0);
      for (const e of examples) expect(schema.safeParse(e).success, p).toBe(true);
    }
  });

  it('documents the upload as multipart with a file, or JSON with a url', () => {
    const body = doc.paths['/v1/files']!.post!.requestBody as {
      content: Record<string, { schema: { required?: string[] } }>;
    };
    expect(body.content['multipart/form-data']!.schema.required).toEqual(['file']);
    expect(body.content['application/json']!.schema.required).toEqual(['url']);
  });

  it('lints clean with @redocly/cli (recommended rules, no warnings)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const cli = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
      const { stdout } = await run(
        process.execPath,
        [cli, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format', 'json'],
        {
          cwd: repoRoot,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: unknown[];
      };
      expect(report.problems, JSON.stringify(report.problems, null, 1)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
