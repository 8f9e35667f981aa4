/**
 * The one place requests are made: the API key, `/v1`, JSON in and out, an `Idempotency-Key` on every
 * POST (the same one on each retry of that call), retries with backoff that honour `Retry-After`, a
 * timeout per attempt, and typed errors.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  errorFromResponse,
  PrintLoopError,
  retryAfterSeconds,
} from './errors.js';

export const DEFAULT_BASE_URL = 'https://api.printloop.example.com';
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 60_000;
/** A `Retry-After` longer than this is not waited for: the error is thrown at once. */
export const MAX_RETRY_AFTER_S = 60;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** The subset of `fetch` the SDK uses; pass your own (a proxy agent, a test double) as `fetch`. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** `pl_test_…` or `pl_live_…`. */
  apiKey: string;
  /** The server's origin; the SDK adds `/v1`. Default `https://api.printloop.example.com`. */
  baseUrl?: string | undefined;
  /** Retries after the first attempt, on network errors, 409 IDEMPOTENCY_KEY_IN_USE, 429 and 5xx. Default 2. */
  maxRetries?: number | undefined;
  /** Milliseconds each attempt may take. Default 60 000. */
  timeout?: number | undefined;
  /** Default: the global `fetch`. */
  fetch?: FetchLike | undefined;
}

/** Per-call options, the last argument of every method. */
export interface RequestOptions {
  /** For POSTs: your own key (at most 255 printable characters); default a new UUID per call. */
  idempotencyKey?: string | undefined;
  maxRetries?: number | undefined;
  timeout?: number | undefined;
  signal?: AbortSignal | undefined;
}

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below `/v1`, e.g. `/orders`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>> | undefined;
  /** JSON, or a multipart form as is; undefined sends no body. */
  body?: unknown;
}

/** A path segment made safe: ids are opaque to the SDK. */
export function segment(id: string): string {
  if (typeof id !== 'string' || id === '') throw new TypeError('An id is required.');
  return encodeURIComponent(id);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s … up to 8 s, each between half and all of it. */
export function backoffMs(retry: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retry);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  if (!webCrypto?.randomUUID) {
    throw new PrintLoopError({
      code: 'UNSUPPORTED_RUNTIME',
      message: 'crypto.randomUUID is not available; pass idempotencyKey yourself.',
    });
  }
  return webCrypto.randomUUID();
}

interface Attempt {
  /** The parsed JSON of a success (undefined for an empty body). */
  value?: unknown;
  error?: PrintLoopError;
  /** Whether another attempt may succeed. */
  retryable: boolean;
  /** The server's `Retry-After`, in seconds. */
  retryAfter?: number | undefined;
}

export class HttpClient {
  readonly baseUrl: string;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly #apiKey: string;
  readonly #fetch: FetchLike;

  constructor(options: ClientOptions) {
    if (!options || typeof options.apiKey !== 'string' || options.apiKey === '') {
      throw new TypeError('PrintLoop: apiKey is required (pl_test_… or pl_live_…).');
    }
    this.#apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
    if (!fetchImpl) throw new TypeError('PrintLoop: no global fetch; pass one as the fetch option.');
    this.#fetch = fetchImpl;
  }

  url(path: string, query?: Readonly<Record<string, QueryValue>>): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}/v1${path}${qs ? `?${qs}` : ''}`;
  }

  async request<T>(req: ApiRequest, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#apiKey}`,
      Accept: 'application/json',
    };
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) {
      // fetch writes the multipart boundary itself.
      body = req.body;
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    if (req.method === 'POST') headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();

    const url = this.url(req.path, req.query);
    const maxRetries = options.maxRetries ?? this.maxRetries;
    for (let retry = 0; ; retry++) {
      const attempt = await this.#attempt(url, { method: req.method, headers, body }, options);
      const error = attempt.error;
      if (!error) return attempt.value as T;
      const waitFor = attempt.retryAfter;
      const canWait = waitFor === undefined || waitFor <= MAX_RETRY_AFTER_S;
      if (!attempt.retryable || retry >= maxRetries || !canWait) throw error;
      await sleep(waitFor === undefined ? backoffMs(retry) : waitFor * 1000, options.signal);
    }
  }

  async #attempt(url: string, init: RequestInit, options: RequestOptions): Promise<Attempt> {
    const timeoutMs = options.timeout ?? this.timeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const user = options.signal;
    const onUserAbort = () => controller.abort(user?.reason);
    if (user?.aborted) controller.abort(user.reason);
    else user?.addEventListener('abort', onUserAbort, { once: true });
    try {
      let response: Response;
      let text: string;
      try {
        response = await this.#fetch(url, { ...init, signal: controller.signal });
        text = await response.text();
      } catch (cause) {
        if (user?.aborted) throw user.reason;
        const error = timedOut
          ? new APIConnectionTimeoutError({
              code: 'CONNECTION_TIMEOUT',
              message: `No answer from ${url} within ${timeoutMs} ms.`,
              cause,
            })
          : new APIConnectionError({
              code: 'CONNECTION_ERROR',
              message: `Could not reach ${url}: ${cause instanceof Error ? cause.message : String(cause)}`,
              cause,
            });
        return { error, retryable: true };
      }
      if (response.ok) return parseSuccess(response, text);
      const error = errorFromResponse(response.status, response.headers, parseJson(text), text);
      const retryable =
        response.status === 429 ||
        response.status >= 500 ||
        (response.status === 409 && error.code === 'IDEMPOTENCY_KEY_IN_USE');
      return { error, retryable, retryAfter: retryAfterSeconds(response.headers) };
    } finally {
      clearTimeout(timer);
      user?.removeEventListener('abort', onUserAbort);
    }
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseSuccess(response: Response, text: string): Attempt {
  if (text === '') return { value: undefined, retryable: false };
  try {
    return { value: JSON.parse(text), retryable: false };
  } catch (cause) {
    const error = new PrintLoopError({
      code: 'UNEXPECTED_RESPONSE',
      message: `The API answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      status: response.status,
      requestId: response.headers.get('request-id') ?? undefined,
      headers: response.headers,
      cause,
    });
    return { error, retryable: false };
  }
}
