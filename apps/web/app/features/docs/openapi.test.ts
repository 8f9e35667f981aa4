import { API_ERROR_CODES } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildApiReference,
  constraintsOf,
  ERROR_CODE_INFO,
  fieldRows,
  headerName,
  humanize,
  inlineCode,
  type OpenApiDocument,
  slug,
  typeLabel,
} from './openapi';

const SAFE = 9007199254740991;
const errorRef = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** A small document shaped like the server's (fastify-type-provider-zod's JSON Schema). */
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'PrintLoop API',
    version: '1.0.0',
    summary: 'Printing',
    description: 'First `one`.\n\nSecond.',
  },
  servers: [{ url: 'https://api.printloop.example.com' }],
  tags: [
    { name: 'Widgets', description: 'Things' },
    { name: 'Files', description: 'Models' },
  ],
  security: [{ apiKey: [] }],
  components: {
    securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'pl_test_… or pl_live_…' } },
    schemas: {
      Error: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              code: {
                type: 'string',
                enum: ['VALIDATION_ERROR', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED', 'UNREADABLE_MODEL'],
              },
              message: { type: 'string' },
            },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
        examples: [{ error: { code: 'NOT_FOUND', message: 'No such file' } }],
      },
      File: {
        type: 'object',
        properties: {
          id: { type: 'string', description: 'file_…' },
          object: { type: 'string', const: 'file' },
          created_at: { type: 'string' },
          size_bytes: { type: 'integer', minimum: -SAFE, maximum: SAFE },
          bbox: {
            type: 'object',
            properties: {
              min: {
                type: 'array',
                prefixItems: [{ type: 'number' }, { type: 'number' }, { type: 'number' }],
                items: false,
                minItems: 3,
                maxItems: 3,
              },
            },
            required: ['min'],
          },
          suggested_units: { anyOf: [{ type: 'string', enum: ['mm', 'cm', 'in'] }, { type: 'null' }] },
        },
        required: ['id', 'object', 'created_at', 'size_bytes', 'bbox'],
      },
    },
  },
  paths: {
    '/v1/files': {
      post: {
        operationId: 'createFile',
        summary: 'Upload a file',
        tags: ['Files'],
        parameters: [
          {
            in: 'header',
            name: 'idempotency-key',
            required: false,
            schema: { type: 'string', maxLength: 255 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
            },
            'application/json': {
              schema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
            },
          },
        },
        responses: {
          '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } } },
          '400': errorRef,
          '422': errorRef,
        },
      },
    },
    '/v1/files/{id}': {
      get: {
        operationId: 'getFile',
        summary: 'Retrieve a file',
        tags: ['Files'],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } } },
          '404': errorRef,
          '422': errorRef,
        },
      },
    },
    '/v1/widgets': {
      get: {
        operationId: 'listWidgets',
        summary: 'List widgets',
        tags: ['Widgets'],
        parameters: [
          {
            in: 'query',
            name: 'limit',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            description: 'Page size',
          },
        ],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    object: { type: 'string', enum: ['list'] },
                    data: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          object: { type: 'string', enum: ['widget'] },
                          parts: {
                            type: 'array',
                            items: {
                              type: 'object',
                              properties: { qty: { type: 'integer', minimum: 1, maximum: 1000 } },
                              required: ['qty'],
                            },
                          },
                          metadata: {
                            type: 'object',
                            propertyNames: { type: 'string', minLength: 1, maxLength: 40 },
                            additionalProperties: { type: 'string', maxLength: 500 },
                          },
                          note: { type: ['string', 'null'] },
                        },
                        required: ['object', 'parts'],
                      },
                    },
                    has_more: { type: 'boolean' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('buildApiReference', () => {
  const model = buildApiReference(doc);

  it('groups every operation by its tag, in the document’s tag order', () => {
    expect(model.tags.map((t) => [t.name, t.operations.map((o) => o.operationId)])).toEqual([
      ['Widgets', ['listWidgets']],
      ['Files', ['createFile', 'getFile']],
    ]);
    expect(model.tags[1]!.operations[0]).toMatchObject({
      method: 'POST',
      path: '/v1/files',
      anchor: 'create-file',
      security: ['apiKey'],
    });
  });

  it('names the headers as they are written, with their limits', () => {
    const op = model.tags[1]!.operations[0]!;
    expect(op.parameters).toEqual([
      {
        location: 'header',
        title: 'Headers',
        rows: [
          {
            name: 'Idempotency-Key',
            type: 'string',
            required: false,
            description: '',
            details: ['at most 255 characters'],
          },
        ],
      },
    ]);
    expect(model.tags[0]!.operations[0]!.parameters[0]!.rows[0]).toEqual({
      name: 'limit',
      type: 'integer',
      required: false,
      description: 'Page size',
      details: ['1 to 100', 'Default 10'],
    });
  });

  it('shows one body for content types that share a schema', () => {
    expect(model.tags[1]!.operations[0]!.bodies).toEqual([
      {
        contentTypes: ['multipart/form-data', 'application/json'],
        required: true,
        rows: [{ name: 'url', type: 'string', required: true, description: '', details: [] }],
      },
    ]);
  });

  it('links success answers to their object, lists as pages, and errors to their codes', () => {
    const [create, get] = model.tags[1]!.operations;
    expect(create!.responses).toEqual([
      {
        status: '201',
        object: { name: 'file', title: 'File', anchor: 'object-file' },
        list: false,
        errorCodes: [],
      },
      { status: '400', object: null, list: false, errorCodes: ['VALIDATION_ERROR'] },
      {
        status: '422',
        object: null,
        list: false,
        errorCodes: ['IDEMPOTENCY_KEY_REUSED', 'UNREADABLE_MODEL'],
      },
    ]);
    // Without an Idempotency-Key there is no idempotency error.
    expect(get!.responses.find((r) => r.status === '422')!.errorCodes).toEqual(['UNREADABLE_MODEL']);
    expect(model.tags[0]!.operations[0]!.responses[0]).toMatchObject({
      list: true,
      object: { name: 'widget' },
    });
  });

  it('documents each object once, nested fields flattened', () => {
    expect(model.objects.map((o) => o.name)).toEqual(['widget', 'file']);
    const widget = model.objects[0]!;
    expect(widget.rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['object', 'string', true],
      ['parts', 'object[]', true],
      ['parts[].qty', 'integer', true],
      ['metadata', 'map of string', false],
      ['note', 'string | null', false],
    ]);
    expect(widget.rows[3]!.details).toEqual(['Keys 1 to 40 characters', 'Values at most 500 characters']);
    const file = model.objects[1]!;
    expect(file.rows.find((r) => r.name === 'bbox.min')).toMatchObject({
      type: '[number, number, number]',
      details: [],
    });
    expect(file.rows.find((r) => r.name === 'size_bytes')!.details).toEqual([]);
    expect(file.rows.find((r) => r.name === 'suggested_units')).toMatchObject({
      type: 'string | null',
      details: ['One of: mm, cm, in'],
    });
    expect(file.rows.find((r) => r.name === 'object')).toMatchObject({
      description: 'The type of the object.',
      details: ['Always file'],
    });
  });

  it('carries the authentication scheme, the error codes and the document’s words', () => {
    expect(model.security).toEqual([
      {
        name: 'apiKey',
        kind: 'HTTP bearer',
        header: 'Authorization: Bearer <key>',
        description: 'pl_test_… or pl_live_…',
      },
    ]);
    expect(model.error.codes.map((c) => [c.code, c.status])).toEqual([
      ['VALIDATION_ERROR', 400],
      ['NOT_FOUND', 404],
      ['IDEMPOTENCY_KEY_REUSED', 422],
      ['UNREADABLE_MODEL', 422],
    ]);
    expect(JSON.parse(model.error.example!)).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such file' },
    });
    expect(model.description).toEqual(['First `one`.', 'Second.']);
    expect(model.serverUrl).toBe('https://api.printloop.example.com');
  });
});

describe('words', () => {
  it('knows the status and meaning of every error code the server has', () => {
    for (const code of API_ERROR_CODES) {
      expect(ERROR_CODE_INFO[code], code).toBeDefined();
      expect(ERROR_CODE_INFO[code]!.meaning.length, code).toBeGreaterThan(10);
    }
  });

  it('writes limits in words', () => {
    expect(constraintsOf(doc, { type: 'string', minLength: 1, maxLength: 32 })).toEqual([
      '1 to 32 characters',
    ]);
    expect(constraintsOf(doc, { type: 'array', minItems: 1, maxItems: 50 })).toEqual(['1 to 50 items']);
    expect(constraintsOf(doc, { type: 'string', pattern: '^[a-z_]+$', default: 'standard' })).toEqual([
      'Pattern ^[a-z_]+$',
      'Default standard',
    ]);
    expect(
      constraintsOf(doc, { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: [] }),
    ).toEqual(['Each one of: a, b', 'Default []']);
    expect(constraintsOf(doc, { type: 'number', exclusiveMinimum: 0 })).toEqual(['more than 0']);
  });

  it('labels types', () => {
    expect(typeLabel(doc, { type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeLabel(doc, { $ref: '#/components/schemas/File' })).toBe('object');
    expect(typeLabel(doc, {})).toBe('any');
  });

  it('flattens nested request fields, required only under required parents', () => {
    const rows = fieldRows(doc, {
      type: 'object',
      properties: {
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    });
    expect(rows.map((r) => [r.name, r.required])).toEqual([
      ['address', false],
      ['address.city', false],
    ]);
  });

  it('makes anchors, header names and titles', () => {
    expect(slug('createShippingRates')).toBe('create-shipping-rates');
    expect(slug('Files & more')).toBe('files-more');
    expect(headerName('idempotency-key')).toBe('Idempotency-Key');
    expect(humanize('ShippingRate')).toBe('Shipping rate');
    expect(humanize('order_item')).toBe('Order item');
  });

  it('splits inline code out of descriptions', () => {
    expect(inlineCode('Send `file` or `url`.')).toEqual([
      { code: false, text: 'Send ' },
      { code: true, text: 'file' },
      { code: false, text: ' or ' },
      { code: true, text: 'url' },
      { code: false, text: '.' },
    ]);
    expect(inlineCode('no code')).toEqual([{ code: false, text: 'no code' }]);
  });
});
