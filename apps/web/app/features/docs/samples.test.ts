import {
  createFileFromUrlSchema,
  createOrderSchema,
  createProductSchema,
  createQuoteSchema,
  createWebhookEndpointSchema,
  eventIdParams,
  eventListQuerySchema,
  fileIdParams,
  fileObjectSchema,
  listOf,
  listQuerySchema,
  orderSchema,
  productIdParams,
  productObjectSchema,
  quoteIdParams,
  quoteObjectSchema,
  redeliverSchema,
  shippingRateObjectSchema,
  shippingRatesBodySchema,
  shippingRatesQuerySchema,
  updateProductSchema,
  v1CancelSchema,
  v1OrderIdParams,
  v1OrderListQuerySchema,
  webhookEndpointIdParams,
} from '@printloop/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  fileExample,
  orderExample,
  productExample,
  quoteExample,
  responseExample,
  shippingRateExamples,
} from './examples';
import {
  operationSamples,
  quickStartOrderSample,
  requestSamples,
  sampleIds,
  toJsLiteral,
  toPythonLiteral,
  uploadSampleCode,
} from './samples';

const API = 'https://api.printloop.example.com/v1';

/** The operations of /v1/openapi.json (e2e/developers.test.ts checks this list against the live document). */
const OPERATIONS = [
  'createFile',
  'getFile',
  'createQuote',
  'getQuote',
  'createProduct',
  'listProducts',
  'getProduct',
  'updateProduct',
  'archiveProduct',
  'createOrder',
  'listOrders',
  'getOrder',
  'cancelOrder',
  'getShippingRates',
  'createShippingRates',
  'createWebhookEndpoint',
  'listWebhookEndpoints',
  'deleteWebhookEndpoint',
  'testWebhookEndpoint',
  'listEvents',
  'getEvent',
  'redeliverEvent',
  'advanceTestOrder',
];

/** POSTs that take no body: an action on the object in the path. */
const BODILESS_POSTS = new Set(['testWebhookEndpoint', 'advanceTestOrder']);

const bodySchemas: Record<string, z.ZodType> = {
  createQuote: createQuoteSchema,
  createProduct: createProductSchema,
  updateProduct: updateProductSchema,
  createOrder: createOrderSchema,
  cancelOrder: v1CancelSchema,
  createShippingRates: shippingRatesBodySchema,
  createWebhookEndpoint: createWebhookEndpointSchema,
  redeliverEvent: redeliverSchema,
};
const querySchemas: Record<string, z.ZodType> = {
  listProducts: listQuerySchema,
  listOrders: v1OrderListQuerySchema,
  getShippingRates: shippingRatesQuerySchema,
  listEvents: eventListQuerySchema,
};

function syntaxErrors(code: string): string[] {
  const out = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the code samples', () => {
  const all = operationSamples(API);

  it('cover every operation of the API in cURL, JavaScript and Python', () => {
    expect(Object.keys(all).sort()).toEqual([...OPERATIONS].sort());
    for (const [op, samples] of Object.entries(all)) {
      for (const lang of ['curl', 'javascript', 'python'] as const)
        expect(samples[lang], `${op} ${lang}`).toBeTruthy();
    }
  });

  it('send bodies and queries the server accepts', () => {
    for (const s of [...requestSamples, quickStartOrderSample]) {
      const body = bodySchemas[s.operationId];
      if (s.body) {
        expect(body, s.operationId).toBeDefined();
        const parsed = body!.safeParse(s.body);
        expect(parsed.success, `${s.operationId}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      } else {
        expect(
          s.method === 'GET' || s.method === 'DELETE' || BODILESS_POSTS.has(s.operationId),
          s.operationId,
        ).toBe(true);
      }
      const query = querySchemas[s.operationId];
      if (query || s.query) {
        const parsed = query!.safeParse(
          Object.fromEntries(Object.entries(s.query ?? {}).map(([k, v]) => [k, String(v)])),
        );
        expect(parsed.success, `${s.operationId}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
    expect(
      createFileFromUrlSchema.safeParse({ url: 'https://files.example.com/phone-stand.stl' }).success,
    ).toBe(true);
  });

  it('use ids in the shapes the API gives them', () => {
    expect(fileIdParams.safeParse({ id: sampleIds.file }).success).toBe(true);
    expect(quoteIdParams.safeParse({ id: sampleIds.quote }).success).toBe(true);
    expect(productIdParams.safeParse({ id: sampleIds.product }).success).toBe(true);
    expect(v1OrderIdParams.safeParse({ id: sampleIds.order }).success).toBe(true);
    expect(webhookEndpointIdParams.safeParse({ id: sampleIds.endpoint }).success).toBe(true);
    expect(eventIdParams.safeParse({ id: sampleIds.event }).success).toBe(true);
    expect(sampleIds.endpoint).toMatch(/^we_[A-Za-z0-9]{22}$/);
    expect(sampleIds.event).toMatch(/^evt_[A-Za-z0-9]{22}$/);
  });

  it('send an Idempotency-Key on every POST, in every language', () => {
    for (const [op, samples] of Object.entries(all)) {
      const isPost =
        op === 'createFile' || requestSamples.find((s) => s.operationId === op)?.method === 'POST';
      expect(samples.curl.includes('Idempotency-Key'), op).toBe(isPost);
      expect(samples.javascript.includes("'Idempotency-Key'"), op).toBe(isPost);
      expect(samples.python.includes('"Idempotency-Key"'), op).toBe(isPost);
    }
  });

  it('are valid JavaScript', () => {
    for (const [op, samples] of Object.entries(all)) expect(syntaxErrors(samples.javascript), op).toEqual([]);
  });

  it('give cURL the same JSON body, in single quotes that nothing inside breaks', () => {
    for (const s of requestSamples) {
      const curl = all[s.operationId]!.curl;
      const m = /-d '([\s\S]*)'$/.exec(curl);
      if (!s.body) {
        expect(m, s.operationId).toBeNull();
        continue;
      }
      expect(m?.[1]).not.toContain("'");
      expect(JSON.parse(m![1]!)).toEqual(s.body);
    }
  });

  it('call the documented paths under the base URL, with the key from the environment', () => {
    for (const s of requestSamples) {
      const samples = all[s.operationId]!;
      expect(samples.curl).toContain(`${API}${s.path}`);
      expect(samples.javascript).toContain(`'${API}${s.path}`);
      expect(samples.python).toContain(`"${API}${s.path}`);
      expect(samples.curl).toContain('Authorization: Bearer $PRINTLOOP_API_KEY');
      expect(samples.javascript).toContain('process.env.PRINTLOOP_API_KEY');
      expect(samples.python).toContain("os.environ['PRINTLOOP_API_KEY']");
      if (s.method !== 'GET') expect(samples.python).toContain(`method="${s.method}"`);
    }
    expect(all.listOrders!.curl).toContain(`"${API}/orders?status=shipped&limit=20"`);
    expect(all.archiveProduct!.curl).toContain('-X DELETE');
  });

  it('upload a model as multipart with the field "file", its units field first', () => {
    const up = uploadSampleCode(API);
    expect(up.curl.indexOf('-F units=mm')).toBeLessThan(up.curl.indexOf('-F file=@phone-stand.stl'));
    expect(up.javascript.indexOf("form.append('units'")).toBeLessThan(
      up.javascript.indexOf("form.append('file'"),
    );
    expect(up.python.indexOf('name="units"')).toBeLessThan(up.python.indexOf('name="file"'));
    expect(up.python).toContain('multipart/form-data; boundary=');
  });
});

describe('literals', () => {
  const value = { a: 1, 'b-c': [true, null], d: { e: "it's" }, f: [{ g: 'x' }], h: {} };

  it('writes JavaScript', () => {
    expect(toJsLiteral(value)).toBe(
      "{\n  a: 1,\n  'b-c': [true, null],\n  d: {\n    e: 'it\\'s',\n  },\n  f: [\n    {\n      g: 'x',\n    },\n  ],\n  h: {},\n}",
    );
    // biome-ignore lint/security/noGlobalEval: checking that the literal reads back as the same value
    expect(eval(`(${toJsLiteral(value)})`)).toEqual(value);
  });

  it('writes Python', () => {
    expect(toPythonLiteral({ a: true, b: null, c: [1, 'x'], d: { e: false } })).toBe(
      '{\n    "a": True,\n    "b": None,\n    "c": [1, "x"],\n    "d": {\n        "e": False,\n    },\n}',
    );
  });
});

describe('the example answers', () => {
  it('are what the server answers: every field of the response schemas, nothing else', () => {
    const cases: [z.ZodType, unknown][] = [
      [fileObjectSchema, fileExample],
      [quoteObjectSchema, quoteExample],
      [productObjectSchema, productExample],
      [orderSchema, orderExample],
      [listOf(shippingRateObjectSchema), { object: 'list', data: shippingRateExamples, has_more: false }],
    ];
    for (const [schema, example] of cases) expect(schema.parse(example)).toEqual(example);
  });

  it('carry the samples’ ids, so an example follows from the sample beside it', () => {
    expect(fileExample.id).toBe(sampleIds.file);
    expect(quoteExample.file_id).toBe(sampleIds.file);
    expect(productExample.id).toBe(sampleIds.product);
    expect(orderExample.items[0]!.quote_id).toBe(sampleIds.quote);
  });

  it('show a list as a page', () => {
    expect(JSON.parse(responseExample('order', true)!)).toEqual({
      object: 'list',
      data: [orderExample],
      has_more: false,
    });
    expect(JSON.parse(responseExample('shipping_rate', true)!).data).toHaveLength(
      shippingRateExamples.length,
    );
    expect(responseExample('nothing', false)).toBeNull();
  });
});
