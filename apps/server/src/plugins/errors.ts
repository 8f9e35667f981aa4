import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, uniqueViolation } from '../db/client.js';
import { AppError, unavailable } from '../lib/errors.js';

/**
 * The public API's error codes (API.md §3), by HTTP status, for errors that carry no code of their
 * own. Codes the session API uses beyond these (e.g. UNREADABLE_MODEL) pass through unchanged.
 */
const V1_CODE_FOR_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'FILE_TOO_LARGE',
  415: 'VALIDATION_ERROR',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

const V1_CODES = new Set([
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'UNREADABLE_MODEL',
  'DOES_NOT_FIT',
  'FILE_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
]);

/** Values a client chooses that must be unique (checked before writing; the index settles races). */
const RACED_FIELDS: Record<string, string> = {
  products_sku_idx: 'sku',
  orders_external_id_idx: 'external_id',
};

/** A field path as the session API names it ("shipping_address.postal_code"). */
function dotted(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_';
}

/** A field path as the public API names it ("items[0].quantity"). */
export function apiParam(path: string): string {
  return path
    .split('.')
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');
}

export function isV1(request: FastifyRequest): boolean {
  const url = request.url;
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/**
 * One error handler for the whole app. AppError -> its status and code; request validation -> 400
 * VALIDATION_ERROR naming each field; a database that is briefly unreachable -> 503 with Retry-After;
 * anything else -> 500 with no internal text. The public API (/v1) answers in its envelope
 * `{ error: { code, message, param?, request_id } }` with API.md's codes; the session API (/api) in
 * `{ error: { code, message, fields?, requestId } }`; Better Auth's routes in its `{ code, message }`.
 */
export function useErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const err: FastifyError | AppError = isDatabaseUnavailable(thrown) ? unavailable() : thrown;
    let status: number;
    let code: string;
    let message: string;
    let fields: Record<string, string> | undefined;
    if (err instanceof AppError) {
      ({ statusCode: status, code, message, fields } = err);
      if (err.retryAfterS !== undefined) reply.header('retry-after', String(err.retryAfterS));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      code = 'VALIDATION_ERROR';
      fields = {};
      for (const issue of err.validation) {
        const unknown =
          issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : null;
        if (Array.isArray(unknown) && unknown.length > 0) {
          // Name the unknown field itself, so `param` points at it.
          for (const k of unknown) {
            const at = dotted(`${issue.instancePath.replace(/\/$/, '')}/${String(k)}`);
            fields[at] ??= 'Unknown field: not part of this request';
          }
          continue;
        }
        fields[dotted(issue.instancePath)] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      message = first
        ? first[0] === '_'
          ? first[1]
          : `${first[0]}: ${first[1]}`
        : 'The request is not valid.';
      if (!isV1(request)) message = 'Please correct the highlighted fields.';
    } else if (RACED_FIELDS[uniqueViolation(err) ?? ''] !== undefined) {
      // The check before the write passed, but a concurrent request took the value first.
      const field = RACED_FIELDS[uniqueViolation(err)!]!;
      status = 409;
      code = 'CONFLICT';
      message = `Another request used this ${field} at the same moment.`;
      fields = { [field]: 'Already used' };
    } else if (err.validation || err.code === 'FST_ERR_VALIDATION') {
      status = 400;
      code = 'VALIDATION_ERROR';
      message = 'Please correct the highlighted fields.';
    } else if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (err instanceof SyntaxError && err.statusCode === 400)
    ) {
      status = 400;
      code = 'VALIDATION_ERROR';
      message = 'The request body is not valid JSON.';
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      code = 'FILE_TOO_LARGE';
      message = 'The request body is too large.';
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      code = 'VALIDATION_ERROR';
      message = 'The request body must be JSON (Content-Type: application/json) or a multipart form.';
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      code = err.code ?? 'BAD_REQUEST';
      message = status === 429 ? 'Too many requests. Please try again later.' : err.message;
    } else {
      status = 500;
      code = 'INTERNAL_ERROR';
      message = 'Something went wrong on our side. Please try again.';
    }
    if (status === 503) request.log.warn({ err: thrown }, 'request failed: service unavailable');
    else if (status >= 500) request.log.error({ err: thrown }, 'request failed');
    else request.log.info({ code, status }, 'request rejected');

    if (isV1(request)) {
      const v1Code = V1_CODES.has(code) ? code : (V1_CODE_FOR_STATUS[status] ?? 'INTERNAL_ERROR');
      const param = fields ? Object.keys(fields).find((k) => k !== '_') : undefined;
      return reply.status(status).send({
        error: {
          code: v1Code,
          message,
          ...(param ? { param: apiParam(param) } : {}),
          request_id: request.id,
        },
      });
    }
    // Under /api/auth the body has Better Auth's shape ({ code, message }), so clients read one shape there.
    if (request.url.startsWith('/api/auth/')) return reply.status(status).send({ code, message });
    return reply
      .status(status)
      .send({ error: { code, message, ...(fields ? { fields } : {}), requestId: request.id } });
  });
}
