import swagger from '@fastify/swagger';
import { createOrderExample, WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '@printloop/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_VERSION = '1.0.0';

/**
 * The OpenAPI 3.1 document of /v1, generated from the same zod schemas that validate the requests
 * (@fastify/swagger with fastify-type-provider-zod's transforms). Routes outside /v1 are left out.
 * Register before the routes: the document collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PrintLoop API',
        version: API_VERSION,
        summary: '3D printing on demand: files, quotes, products, orders and shipping.',
        description: [
          'Send your API key as `Authorization: Bearer <key>`. Test keys (`pl_test_…`) see only test objects and never print anything; live keys (`pl_live_…`) see only live ones.',
          'Money is integer pence (`*_amount`, with `currency: "GBP"`); lengths mm, masses g, times s.',
          'Every POST takes an `Idempotency-Key` header (24 hours). Lists are newest first, paged with `limit`, `starting_after` and `ending_before`.',
          'Every error is `{"error": {"code", "message", "param"?, "request_id"}}`; every answer carries `Request-Id` and the `RateLimit-*` headers.',
        ].join('\n\n'),
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'PrintLoop support', url: `${app.config.publicUrl}/support` },
      },
      servers: [{ url: app.config.publicUrl, description: 'This server' }],
      tags: [
        { name: 'Files', description: 'Models and their analysis' },
        { name: 'Quotes', description: 'Prices for printing a file' },
        { name: 'Products', description: 'Reusable models with defaults and a SKU' },
        { name: 'Orders', description: 'Orders and their lifecycle' },
        { name: 'Shipping', description: 'Carriers, services and rates' },
        { name: 'Webhooks', description: 'Endpoints that receive events, signed (Standard Webhooks v1)' },
        { name: 'Events', description: 'Every change your systems may hear about, kept 30 days' },
        { name: 'Test helpers', description: 'Test mode only: move a test order on at once' },
      ],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from /dashboard/developers: pl_test_… or pl_live_…',
          },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: (doc) => {
      if (!doc.url.startsWith('/v1/') || doc.url === '/v1/openapi.json')
        return { schema: { hide: true }, url: doc.url };
      return jsonSchemaTransform(doc);
    },
    transformObject: (doc) =>
      withWebhooks(
        withResponseDescriptions(
          withOrderExample(withMultipartUpload(withoutUnusedSchemas(jsonSchemaTransformObject(doc)))),
        ),
      ),
  });
}

type Doc = ReturnType<typeof jsonSchemaTransformObject>;

/** What each status means, with the error codes (API.md §3) that come with it. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '400': '`VALIDATION_ERROR`: a parameter is missing or invalid; `param` names it',
  '401': '`UNAUTHENTICATED`: the API key is missing, unknown or revoked',
  '403':
    '`FORBIDDEN`: not allowed for this key, e.g. a live order from an account whose email address is not confirmed yet (test orders need no confirmation)',
  '404': '`NOT_FOUND`: no such object for this key’s account and mode',
  '409':
    '`IDEMPOTENCY_KEY_IN_USE`: a request with this key is still running; or `CONFLICT` (e.g. a SKU in use, a status that no longer allows the action)',
  '413': '`FILE_TOO_LARGE`: the model is over 50 MB',
  '422':
    '`IDEMPOTENCY_KEY_REUSED` (the key was used with another body), `UNREADABLE_MODEL` or `DOES_NOT_FIT`',
  '429': '`RATE_LIMITED`: wait for `Retry-After` seconds',
  '500': '`INTERNAL_ERROR`: retry later; quote the `request_id` to support',
};

/** Operations that take a model (a file, or a URL the server fetches), so may meet one too large. */
const TAKES_A_MODEL = new Set(['createFile', 'createQuote', 'createProduct', 'createOrder']);

/** Operations that place a live order, which needs a confirmed email address (403). */
const PLACES_AN_ORDER = new Set(['createOrder']);

/**
 * Fastify's schemas name every response "Default Response" and list one set of error statuses for all
 * operations of a plugin. The document says what each status means, and lists only those an operation
 * can answer: 409 and 422 come with POST (idempotency) and PATCH, 413 with a model, 404 with an id in
 * the path or in the body; 500 with all.
 */
function withResponseDescriptions(generated: Doc): Doc {
  type Response = { description?: string; content?: Record<string, unknown> };
  type Op = { operationId?: string; responses?: Record<string, Response> };
  const doc = generated as { paths?: Record<string, Record<string, Op>> };
  const paths: Record<string, Record<string, Op>> = {};
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    paths[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      const responses = { ...(op.responses ?? {}) };
      const error = Object.entries(responses).find(([s]) => s >= '400')?.[1];
      if (error && !responses['500']) responses['500'] = { ...error };
      const writes = method === 'post' || method === 'patch';
      const drop = new Set<string>();
      if (!writes) drop.add('409').add('422');
      if (!TAKES_A_MODEL.has(op.operationId ?? '')) drop.add('413');
      if (!PLACES_AN_ORDER.has(op.operationId ?? '')) drop.add('403');
      const findsObjects =
        path.includes('{') ||
        (method === 'post' && !['createFile', 'createWebhookEndpoint'].includes(op.operationId ?? ''));
      if (!findsObjects) drop.add('404');
      for (const s of drop) delete responses[s];
      for (const [status, response] of Object.entries(responses))
        responses[status] = { ...response, description: STATUS_DESCRIPTIONS[status] ?? response.description };
      paths[path][method] = { ...op, responses };
    }
  }
  return { ...generated, paths } as Doc;
}

/**
 * Schemas registered with ids are emitted twice (input and output variants) and some belong to the
 * session API only; the document keeps those that /v1 operations reference, directly or through
 * other schemas.
 */
function withoutUnusedSchemas(generated: Doc): Doc {
  const doc = generated as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = { ...(doc.components?.schemas ?? {}) };
  const refsIn = (value: unknown) =>
    new Set([...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
  const used = refsIn(doc.paths ?? {});
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of [...used]) {
      for (const r of refsIn(schemas[name] ?? {})) {
        if (!used.has(r)) {
          used.add(r);
          grew = true;
        }
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return { ...generated, components: { ...doc.components, schemas } } as Doc;
}

/**
 * POST /v1/files takes either a multipart body (read by the handler as it streams, so not validated by
 * a schema) or JSON with a `url`: the document describes each content type as it really is.
 */
function withMultipartUpload(generated: Doc): Doc {
  type Op = { requestBody?: { content?: Record<string, { schema?: { anyOf?: unknown[] } }> } };
  const doc = generated as { paths?: Record<string, Record<string, Op>> };
  const op = doc.paths?.['/v1/files']?.post;
  const content = op?.requestBody?.content;
  if (!op || !content) return generated;
  const json = content['application/json']?.schema;
  const objectOnly = json?.anyOf?.find((s) => (s as { type?: string }).type === 'object') ?? json;
  op.requestBody = {
    ...op.requestBody,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: 'The model: .stl, .obj, .3mf, .step or .stp, 50 MB at most',
            },
            units: { type: 'string', enum: ['mm', 'cm', 'in'], description: "Default: the file's own (mm)" },
          },
        },
      },
      'application/json': { schema: objectOnly as { anyOf?: unknown[] } },
    } as Record<string, { schema?: { anyOf?: unknown[] } }>,
  };
  return generated;
}

/** The order body is a preprocessing schema (the single-model payload), whose example zod does not emit. */
function withOrderExample(generated: Doc): Doc {
  const doc = generated as {
    paths?: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { example?: unknown }> } }>
    >;
  };
  const json = doc.paths?.['/v1/orders']?.post?.requestBody?.content?.['application/json'];
  if (json) json.example = createOrderExample;
  return generated;
}

/**
 * The events PrintLoop POSTs to webhook endpoints (OpenAPI 3.1 `webhooks`): each is an Event, signed with
 * the Standard Webhooks headers; any 2xx within 15 s acknowledges it.
 */
function withWebhooks(generated: Doc): Doc {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `${type.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase())}Event`,
          summary: `${type} event`,
          description: WEBHOOK_EVENT_DESCRIPTIONS[type],
          tags: ['Webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The event id (evt_…): the same on every delivery of one event'),
            header('webhook-timestamp', 'Unix seconds when this attempt was signed'),
            header(
              'webhook-signature',
              'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">, keyed with the base64-decoded part of your whsec_ secret',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
          },
          responses: {
            '200': { description: 'Any 2xx answer within 15 s acknowledges the event' },
            '410': { description: 'Gone: the endpoint is disabled and receives nothing more' },
          },
        },
      },
    ]),
  );
  return { ...generated, webhooks } as Doc;
}

/** GET /v1/openapi.json: public, no key needed. */
export function openApiRoute(app: FastifyInstance) {
  app.get('/v1/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/json').send(app.swagger()),
  );
}
