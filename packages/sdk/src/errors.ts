/**
 * Typed errors. Every error the SDK throws is a `PrintLoopError` carrying the API's stable `code`, the
 * `param` at fault, the HTTP `status` and the `requestId` to quote to support; its subclass says which
 * kind it is, so `err instanceof NotFoundError` works as well as `err.code === 'NOT_FOUND'`.
 */

export interface PrintLoopErrorInit {
  code: string;
  message: string;
  param?: string | undefined;
  status?: number | undefined;
  requestId?: string | undefined;
  headers?: Headers | undefined;
  cause?: unknown;
}

export class PrintLoopError extends Error {
  override readonly name: string = 'PrintLoopError';
  /** The API's error code, e.g. `VALIDATION_ERROR`, or the SDK's own (`CONNECTION_ERROR`, …). */
  readonly code: string;
  /** The request field at fault, e.g. `items[0].quantity`, when the API names one. */
  readonly param: string | undefined;
  /** The HTTP status; undefined when no answer came back. */
  readonly status: number | undefined;
  /** The `Request-Id` of the answer: quote it when you contact support. */
  readonly requestId: string | undefined;
  /** The answer's headers, when there was an answer. */
  readonly headers: Headers | undefined;

  constructor(init: PrintLoopErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.param = init.param;
    this.status = init.status;
    this.requestId = init.requestId;
    this.headers = init.headers;
  }
}

/** 400, 413 and 422 (except the idempotency codes): the request was refused as it stands. */
export class ValidationError extends PrintLoopError {
  override readonly name: string = 'ValidationError';
}

/** 401: the API key is missing, unknown or revoked. */
export class AuthenticationError extends PrintLoopError {
  override readonly name: string = 'AuthenticationError';
}

/** 403: the key may not do this (e.g. a test helper with a live key). */
export class PermissionError extends PrintLoopError {
  override readonly name: string = 'PermissionError';
}

/** 404: no such object for this account and mode. */
export class NotFoundError extends PrintLoopError {
  override readonly name: string = 'NotFoundError';
}

/** 409: the object's state refuses the change (e.g. cancelling a shipped order). */
export class ConflictError extends PrintLoopError {
  override readonly name: string = 'ConflictError';
}

/** `IDEMPOTENCY_KEY_IN_USE` (409, after the retries) or `IDEMPOTENCY_KEY_REUSED` (422). */
export class IdempotencyError extends PrintLoopError {
  override readonly name: string = 'IdempotencyError';
}

/** 429, after the retries. `retryAfter` is the server's `Retry-After`, in seconds. */
export class RateLimitError extends PrintLoopError {
  override readonly name: string = 'RateLimitError';
  readonly retryAfter: number | undefined;

  constructor(init: PrintLoopErrorInit & { retryAfter?: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** 5xx, after the retries. */
export class APIError extends PrintLoopError {
  override readonly name: string = 'APIError';
}

/** No answer: the network failed (after the retries). */
export class APIConnectionError extends PrintLoopError {
  override readonly name: string = 'APIConnectionError';
}

/** No answer within the timeout (after the retries). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override readonly name: string = 'APIConnectionTimeoutError';
}

/** `webhooks.verify` refused a delivery: bad or missing signature, wrong secret, stale timestamp. */
export class WebhookVerificationError extends PrintLoopError {
  override readonly name: string = 'WebhookVerificationError';

  constructor(message: string) {
    super({ code: 'WEBHOOK_VERIFICATION_FAILED', message });
  }
}

/** The error envelope of the API: `{"error": {"code", "message", "param"?, "request_id"}}`. */
interface Envelope {
  error: { code: string; message: string; param?: string; request_id?: string };
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error: unknown = body.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** The typed error for an answer that is not a success, from its status, headers and (parsed) body. */
export function errorFromResponse(
  status: number,
  headers: Headers,
  body: unknown,
  text: string,
): PrintLoopError {
  const headerId = headers.get('request-id') ?? undefined;
  const init: PrintLoopErrorInit = isEnvelope(body)
    ? {
        code: body.error.code,
        message: body.error.message,
        param: body.error.param,
        status,
        requestId: body.error.request_id ?? headerId,
        headers,
      }
    : {
        code: 'UNEXPECTED_RESPONSE',
        message: `The API answered ${status} without an error object${text ? `: ${text.slice(0, 200)}` : ''}`,
        status,
        requestId: headerId,
        headers,
      };
  if (init.code === 'IDEMPOTENCY_KEY_IN_USE' || init.code === 'IDEMPOTENCY_KEY_REUSED') {
    return new IdempotencyError(init);
  }
  if (status === 400 || status === 413 || status === 422) return new ValidationError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) return new RateLimitError({ ...init, retryAfter: retryAfterSeconds(headers) });
  if (status >= 500) return new APIError(init);
  return new PrintLoopError(init);
}
