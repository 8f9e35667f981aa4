/**
 * The API reference page's model, built from the server's OpenAPI document at build time (the route's
 * loader): every operation grouped by tag, with its parameters, request body fields, responses and
 * their error codes; the objects the operations answer with; the authentication scheme. Pure: a
 * document in, plain data out, so the page renders the same in the prerender and in the browser.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  examples?: unknown[];
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; summary?: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<
      string,
      { type: string; scheme?: string; bearerFormat?: string; description?: string }
    >;
  };
  security?: Record<string, string[]>[];
}

// ---------------------------------------------------------------------------------------------
// The model.

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Limits, allowed values and defaults, in words. */
  details: string[];
}

export interface ParameterGroup {
  location: 'path' | 'query' | 'header';
  title: string;
  rows: FieldRow[];
}

export interface BodyModel {
  contentTypes: string[];
  required: boolean;
  rows: FieldRow[];
}

export interface ObjectLink {
  name: string;
  title: string;
  anchor: string;
}

export interface ResponseModel {
  status: string;
  /** The object answered (success), or null for an error or an empty answer. */
  object: ObjectLink | null;
  /** True when the answer is a list page of `object`s. */
  list: boolean;
  /** For errors: the error codes this status carries. */
  errorCodes: string[];
}

export interface OperationModel {
  operationId: string;
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ParameterGroup[];
  bodies: BodyModel[];
  responses: ResponseModel[];
  /** The security schemes it takes (empty: none). */
  security: string[];
}

export interface TagModel {
  name: string;
  anchor: string;
  description: string;
  operations: OperationModel[];
}

export interface ObjectModel extends ObjectLink {
  description: string;
  rows: FieldRow[];
}

export interface SecuritySchemeModel {
  name: string;
  /** e.g. "HTTP bearer". */
  kind: string;
  header: string;
  description: string;
}

export interface ApiErrorRow {
  code: string;
  status: number;
  meaning: string;
}

export interface ApiReferenceModel {
  title: string;
  version: string;
  summary: string;
  /** The document's description, one entry a paragraph. */
  description: string[];
  /** servers[0].url: the origin the paths are below. */
  serverUrl: string;
  security: SecuritySchemeModel[];
  tags: TagModel[];
  objects: ObjectModel[];
  /** The error object's fields and the codes it may carry, with their statuses. */
  error: { rows: FieldRow[]; codes: ApiErrorRow[]; example: string | null };
}

// ---------------------------------------------------------------------------------------------
// Errors: the statuses and meanings of the codes the document lists (API.md §3).

export const ERROR_CODE_INFO: Record<string, { status: number; meaning: string }> = {
  VALIDATION_ERROR: {
    status: 400,
    meaning: 'A field is missing or breaks a rule; param names it and message says why.',
  },
  UNAUTHENTICATED: { status: 401, meaning: 'No API key, or the key is unknown or revoked.' },
  FORBIDDEN: {
    status: 403,
    meaning:
      'The key may not do this: for example a live order from an account whose email address is not confirmed yet.',
  },
  NOT_FOUND: {
    status: 404,
    meaning: 'No such object for this key’s account and mode (another account’s object is a 404 too).',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: 'The path exists but not with this method; Allow lists those it takes.',
  },
  CONFLICT: {
    status: 409,
    meaning: 'The object’s state does not allow it, e.g. cancelling an order being printed.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    meaning: 'A request with the same Idempotency-Key is still running. Retry after a moment.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    meaning: 'This Idempotency-Key was used with another request body. Use a new key for a new request.',
  },
  UNREADABLE_MODEL: { status: 422, meaning: 'The model file could not be read as STL, OBJ, 3MF or STEP.' },
  DOES_NOT_FIT: {
    status: 422,
    meaning: 'The model does not fit the printers’ build volume, or has no printable volume.',
  },
  FILE_TOO_LARGE: { status: 413, meaning: 'The model is over 50 MB (or too many triangles).' },
  RATE_LIMITED: {
    status: 429,
    meaning: 'Too many requests for this key. Wait for the seconds in Retry-After, then retry.',
  },
  INTERNAL_ERROR: {
    status: 500,
    meaning: 'Something failed on our side. Retry with backoff; quote request_id to support.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning: 'Briefly unavailable (e.g. the database restarting). Retry after Retry-After.',
  },
};

const IDEMPOTENCY_CODES = new Set(['IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED']);

/** Conventions of every object (API.md §1), for fields the document leaves undescribed. */
const CONVENTIONS: Record<string, string> = {
  object: 'The type of the object.',
  created_at: 'When it was created (ISO 8601, UTC).',
  updated_at: 'When it last changed (ISO 8601, UTC).',
  livemode: 'true for live objects, false for test ones.',
  currency: 'Always GBP: every *_amount is in pence.',
  has_more: 'Whether another page follows.',
};

// ---------------------------------------------------------------------------------------------
// Helpers.

const SAFE_INT = 9007199254740991;

export function slug(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "idempotency-key" → "Idempotency-Key". */
export function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);
}

/** "ShippingRate" or "order_item" → "Shipping rate", "Order item". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function deref(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && s.$ref; i++) s = doc.components?.schemas?.[refName(s.$ref)] ?? {};
  return s;
}

function fmt(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The literal an `object` field always has ("file", "list"), if it has one. */
function literalOf(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length === 1) return s.enum[0];
  return undefined;
}

function isNull(s: JsonSchema): boolean {
  return s.type === 'null';
}

/** A short type: string, integer, string | null, number[], [number, number, number], map of string. */
export function typeLabel(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  const s = deref(doc, schema);
  const union = s.anyOf ?? s.oneOf;
  if (union) return [...new Set(union.map((u) => typeLabel(doc, u)))].join(' | ');
  if (s.allOf?.length === 1) return typeLabel(doc, s.allOf[0]);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const one = (t: string): string => {
    if (t === 'array') {
      if (s.prefixItems) return `[${s.prefixItems.map((p) => typeLabel(doc, p)).join(', ')}]`;
      return `${typeLabel(doc, s.items || undefined)}[]`;
    }
    if (
      t === 'object' &&
      !s.properties &&
      s.additionalProperties &&
      typeof s.additionalProperties === 'object'
    ) {
      return `map of ${typeLabel(doc, s.additionalProperties)}`;
    }
    return t;
  };
  if (types.length === 0) return s.properties ? 'object' : 'any';
  return types.map(one).join(' | ');
}

function lengthWords(
  min: number | undefined,
  max: number | undefined,
  unit: string,
  units: string,
): string | null {
  const u = (n: number) => (n === 1 ? unit : units);
  if (min !== undefined && max !== undefined)
    return min === max ? `${min} ${u(min)}` : `${min} to ${max} ${units}`;
  if (min !== undefined && min > 0) return `at least ${min} ${u(min)}`;
  if (max !== undefined) return `at most ${max} ${u(max)}`;
  return null;
}

/** What a schema allows, in words: lengths, ranges, allowed values, pattern, default. */
export function constraintsOf(doc: OpenApiDocument, schema: JsonSchema | undefined): string[] {
  const s = deref(doc, schema);
  const out: string[] = [];
  const literal = literalOf(s);
  if (literal !== undefined) out.push(`Always ${fmt(literal)}`);
  else if (s.enum && s.enum.length > 1) out.push(`One of: ${s.enum.map(fmt).join(', ')}`);
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const values = union.flatMap((u) => deref(doc, u).enum ?? []);
    if (values.length > 1) out.push(`One of: ${values.map(fmt).join(', ')}`);
  }
  const chars = lengthWords(s.minLength, s.maxLength, 'character', 'characters');
  if (chars) out.push(chars);
  const items = s.prefixItems ? null : lengthWords(s.minItems, s.maxItems, 'item', 'items');
  if (items) out.push(items);
  const min = s.minimum !== undefined && s.minimum > -SAFE_INT ? s.minimum : undefined;
  const max = s.maximum !== undefined && s.maximum < SAFE_INT ? s.maximum : undefined;
  if (min !== undefined && max !== undefined) out.push(`${min} to ${max}`);
  else if (min !== undefined) out.push(`at least ${min}`);
  else if (max !== undefined) out.push(`at most ${max}`);
  if (s.exclusiveMinimum !== undefined) out.push(`more than ${s.exclusiveMinimum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`less than ${s.exclusiveMaximum}`);
  if (s.pattern) out.push(`Pattern ${s.pattern}`);
  if (s.format) out.push(`Format ${s.format}`);
  if (s.items && typeof s.items === 'object') {
    const item = deref(doc, s.items);
    if (item.enum && item.enum.length > 1) out.push(`Each one of: ${item.enum.map(fmt).join(', ')}`);
  }
  if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const keys = s.propertyNames
      ? lengthWords(s.propertyNames.minLength, s.propertyNames.maxLength, 'character', 'characters')
      : null;
    const values = constraintsOf(doc, s.additionalProperties);
    if (keys) out.push(`Keys ${keys}`);
    if (values.length) out.push(`Values ${values.join(', ')}`);
  }
  if (s.default !== undefined) out.push(`Default ${fmt(s.default)}`);
  return out;
}

function objectProperties(
  doc: OpenApiDocument,
  schema: JsonSchema,
): { props: Record<string, JsonSchema>; required: string[] } | null {
  const s = deref(doc, schema);
  if (s.properties) return { props: s.properties, required: s.required ?? [] };
  const union = s.anyOf ?? s.oneOf;
  // "object | null": its fields.
  if (union) {
    const objects = union.map((u) => deref(doc, u)).filter((u) => !isNull(u));
    if (objects.length === 1 && objects[0]!.properties) return objectProperties(doc, objects[0]!);
  }
  return null;
}

/**
 * Every field of an object, nested ones with dotted names (`shipping_address.city`) and array items
 * with `[]` (`items[].quantity`). A nested field is required when it and its parents are.
 */
export function fieldRows(
  doc: OpenApiDocument,
  schema: JsonSchema,
  prefix = '',
  parentRequired = true,
  depth = 0,
): FieldRow[] {
  const obj = objectProperties(doc, schema);
  if (!obj || depth > 6) return [];
  const rows: FieldRow[] = [];
  for (const [key, raw] of Object.entries(obj.props)) {
    const name = `${prefix}${key}`;
    const s = deref(doc, raw);
    const required = parentRequired && obj.required.includes(key);
    const description = raw.description ?? s.description ?? (prefix === '' ? (CONVENTIONS[key] ?? '') : '');
    rows.push({ name, type: typeLabel(doc, raw), required, description, details: constraintsOf(doc, raw) });
    if (objectProperties(doc, s)) rows.push(...fieldRows(doc, s, `${name}.`, required, depth + 1));
    else if (s.items && typeof s.items === 'object' && objectProperties(doc, s.items)) {
      rows.push(...fieldRows(doc, s.items, `${name}[].`, required, depth + 1));
    }
  }
  return rows;
}

/** The object a success answer carries, named by its `object` field or its schema's name. */
function objectOf(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
): { link: ObjectLink; schema: JsonSchema; list: boolean } | null {
  if (!schema) return null;
  const s = deref(doc, schema);
  const literal = s.properties?.object ? literalOf(deref(doc, s.properties.object)) : undefined;
  if (literal === 'list' && s.properties?.data) {
    const items = deref(doc, s.properties.data).items;
    const inner = items && typeof items === 'object' ? objectOf(doc, items) : null;
    return inner ? { ...inner, list: true } : null;
  }
  const name =
    typeof literal === 'string'
      ? literal
      : schema.$ref
        ? slug(refName(schema.$ref)).replaceAll('-', '_')
        : null;
  if (!name) return null;
  const title = humanize(name);
  return { link: { name, title, anchor: `object-${slug(name)}` }, schema: s, list: false };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const LOCATION_TITLES = { path: 'Path parameters', query: 'Query parameters', header: 'Headers' } as const;

function paragraphs(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The whole page's model. */
export function buildApiReference(doc: OpenApiDocument): ApiReferenceModel {
  const objects = new Map<string, ObjectModel>();
  const tagOrder = (doc.tags ?? []).map((t) => t.name);
  const tagInfo = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const byTag = new Map<string, OperationModel[]>();

  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operationId = op.operationId ?? `${method}-${path}`;
      const parameters: ParameterGroup[] = [];
      for (const location of ['path', 'query', 'header'] as const) {
        const params = (op.parameters ?? []).filter((p) => p.in === location);
        if (params.length === 0) continue;
        parameters.push({
          location,
          title: LOCATION_TITLES[location],
          rows: params.map((p) => ({
            name: location === 'header' ? headerName(p.name) : p.name,
            type: typeLabel(doc, p.schema),
            required: p.required === true,
            description: p.description ?? deref(doc, p.schema).description ?? '',
            details: constraintsOf(doc, p.schema),
          })),
        });
      }

      // One entry per distinct body schema, with the content types that share it.
      const bodies: BodyModel[] = [];
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
        const rows = content.schema ? fieldRows(doc, content.schema) : [];
        const same = bodies.find((b) => JSON.stringify(b.rows) === JSON.stringify(rows));
        if (same) same.contentTypes.push(type);
        else bodies.push({ contentTypes: [type], required: op.requestBody?.required === true, rows });
      }

      const takesIdempotencyKey = (op.parameters ?? []).some(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
      const errorSchemaCodes = errorCodesOf(doc);
      const responses: ResponseModel[] = Object.entries(op.responses ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, res]) => {
          const schema = res.content?.['application/json']?.schema;
          if (Number(status) >= 400) {
            const codes = errorSchemaCodes.filter(
              (c) =>
                String(ERROR_CODE_INFO[c]?.status) === status &&
                (takesIdempotencyKey || !IDEMPOTENCY_CODES.has(c)),
            );
            return { status, object: null, list: false, errorCodes: codes };
          }
          const found = objectOf(doc, schema);
          if (found) {
            const rows = fieldRows(doc, found.schema);
            const existing = objects.get(found.link.name);
            // The fullest version of an object (the detail view has the most fields).
            if (!existing || rows.length > existing.rows.length) {
              objects.set(found.link.name, {
                ...found.link,
                description: found.schema.description ?? '',
                rows,
              });
            }
          }
          return { status, object: found?.link ?? null, list: found?.list ?? false, errorCodes: [] };
        });

      const model: OperationModel = {
        operationId,
        anchor: slug(operationId),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? operationId,
        description: op.description ?? '',
        parameters,
        bodies,
        responses,
        security: Object.keys((op.security ?? doc.security ?? [])[0] ?? {}),
      };
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(model);
      if (!tagOrder.includes(tag)) tagOrder.push(tag);
    }
  }

  const tags = tagOrder
    .filter((t) => byTag.has(t))
    .map((name) => ({
      name,
      anchor: slug(name),
      description: tagInfo.get(name) ?? '',
      operations: byTag.get(name)!,
    }));
  // Objects in the order the page first mentions them.
  const objectOrder = [
    ...new Set(
      tags.flatMap((t) =>
        t.operations.flatMap((o) => o.responses.flatMap((r) => (r.object ? [r.object.name] : []))),
      ),
    ),
  ];

  const errorSchema = doc.components?.schemas?.Error;
  const codes = errorCodesOf(doc).map((code) => ({
    code,
    status: ERROR_CODE_INFO[code]?.status ?? 0,
    meaning: ERROR_CODE_INFO[code]?.meaning ?? '',
  }));

  return {
    title: doc.info.title,
    version: doc.info.version,
    summary: doc.info.summary ?? '',
    description: paragraphs(doc.info.description),
    serverUrl: doc.servers?.[0]?.url ?? '',
    security: Object.entries(doc.components?.securitySchemes ?? {}).map(([name, s]) => ({
      name,
      kind: s.type === 'http' ? `HTTP ${s.scheme ?? ''}`.trim() : s.type,
      header: s.type === 'http' && s.scheme === 'bearer' ? 'Authorization: Bearer <key>' : '',
      description: s.description ?? '',
    })),
    tags,
    objects: objectOrder.map((name) => objects.get(name)!),
    error: {
      rows: errorSchema ? fieldRows(doc, errorSchema) : [],
      codes,
      example: errorSchema?.examples?.[0] ? JSON.stringify(errorSchema.examples[0], null, 2) : null,
    },
  };
}

function errorCodesOf(doc: OpenApiDocument): string[] {
  const error = doc.components?.schemas?.Error;
  const inner = error?.properties?.error ? deref(doc, error.properties.error) : undefined;
  const code = inner?.properties?.code ? deref(doc, inner.properties.code) : undefined;
  return (code?.enum ?? []).filter((c): c is string => typeof c === 'string');
}

/** Inline `code` in a description, as segments. */
export function inlineCode(text: string): { code: boolean; text: string }[] {
  return text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? { code: true, text: part.slice(1, -1) }
        : { code: false, text: part },
    );
}
