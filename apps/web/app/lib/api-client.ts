/**
 * The web app's client for the server API (same origin, httpOnly session cookie, so plain `fetch`).
 * Two error shapes arrive: Better Auth's `{ code, message }` under /api/auth/*, and the app API's
 * `{ error: { code, message, fields? } }`. Both become an `ApiError`.
 */

import type { CheckoutPreview, OrderDto } from '@printloop/contracts';
import { type Analysis, decodeMesh, MESH_CODEC_MEDIA_TYPE, type Units } from '@printloop/geometry';
import type { PostProcessing, Quote, QuoteParameters } from '@printloop/quote';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** True when the message came from the server (rather than a network or parsing failure). */
  readonly fromServer: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; fromServer?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.fromServer = options.fromServer ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server's message when there is one, else the screen's own fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (isApiError(err) && err.fromServer && err.message) return err.message;
  return fallback;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Turns an error response body (either shape) into an ApiError. Exported for tests. */
export function toApiError(status: number, body: unknown): ApiError {
  const inner = isRecord(body) && isRecord(body.error) ? body.error : body;
  if (isRecord(inner) && typeof inner.message === 'string' && inner.message) {
    const code = typeof inner.code === 'string' ? inner.code : `HTTP_${status}`;
    const fields = isRecord(inner.fields)
      ? Object.fromEntries(
          Object.entries(inner.fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : undefined;
    return new ApiError(status, code, inner.message, { fields, fromServer: true });
  }
  return new ApiError(status, `HTTP_${status}`, `The server answered ${status}.`);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** JSON request to the same-origin API. Resolves to the parsed body; rejects with ApiError. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers,
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached.');
  }
  const body = await readBody(res);
  if (!res.ok) throw toApiError(res.status, body);
  return body as T;
}

// ---------------------------------------------------------------------------------------------
// Auth (Better Auth)

export interface SessionUser {
  id: string;
  email: string;
  /** Whether the address has been confirmed (live orders need it). */
  emailVerified?: boolean;
}

export interface SessionInfo {
  user: SessionUser;
}

export const authApi = {
  /** Signs up and, at once, in; `callbackURL` is where the verification email's link leads. */
  signUp: (email: string, password: string, callbackURL?: string) =>
    apiFetch<{ user: SessionUser }>('/api/auth/sign-up/email', {
      // Like signing in without "Remember me": the new session ends with the browser.
      body: {
        email,
        password,
        name: email.split('@')[0] || email,
        rememberMe: false,
        ...(callbackURL ? { callbackURL } : {}),
      },
    }),
  /** Sends the verification email again (to the signed-in user's own address). */
  sendVerificationEmail: (email: string, callbackURL: string) =>
    apiFetch<{ status: boolean }>('/api/auth/send-verification-email', { body: { email, callbackURL } }),
  signIn: (email: string, password: string, rememberMe: boolean) =>
    apiFetch<{ user?: SessionUser }>('/api/auth/sign-in/email', { body: { email, password, rememberMe } }),
  signOut: () => apiFetch<unknown>('/api/auth/sign-out', { body: {} }),
  getSession: async (signal?: AbortSignal): Promise<SessionInfo | null> => {
    const r = await apiFetch<{ user?: SessionUser } | null>('/api/auth/get-session', { signal });
    return r && isRecord(r.user) && typeof r.user.email === 'string' ? { user: r.user } : null;
  },
  requestPasswordReset: (email: string) =>
    apiFetch<unknown>('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } }),
  resetPassword: (newPassword: string, token: string) =>
    apiFetch<{ status: boolean }>('/api/auth/reset-password', { body: { newPassword, token } }),
};

// ---------------------------------------------------------------------------------------------
// Jobs and quotes

export interface Job {
  id: string;
  file_name: string;
  file_size: number;
  status: string;
  units: Units;
  created_at: string;
}

export interface JobWithAnalysis {
  job: Job;
  analysis: Analysis;
}

export interface UploadResult extends JobWithAnalysis {
  /** The server's price for the parameters sent with the upload (null when none were sent or it does not fit). */
  preview: QuotePreview | null;
}

export interface Estimate {
  print_time_s: number;
  filament_g: number;
  filament_cm3: number;
  filament_mm: number;
  layers: number;
  breakdown?: unknown;
}

export interface QuotePreview {
  estimate: Estimate;
  quote: Quote;
  /** Working days until ready to ship, by service; live from the production queue when `live`. */
  lead_times?: LeadTimes;
}

export interface LeadTimes {
  standard_days: number;
  express_days: number;
  live: boolean;
}

/** The calculator's parameters with the colour (an id of the material's catalogue; null on old quotes). */
export type ColoredParameters = QuoteParameters & { color?: string | null };

export interface QuoteRequest {
  jobId: string;
  parameters: ColoredParameters;
  quantity: number;
  /** The face put down on the bed (its outward unit normal); absent: as the file lies. */
  orientation?: readonly [number, number, number];
}

export interface SavedQuoteSummary {
  id: string;
  /** Q-<year>-<6 digits>. */
  reference: string;
  name: string;
  created_at: string;
  updated_at: string;
  job_id: string;
  file_name: string;
  total_pence: number;
  valid_until: string;
  status: string;
  parameters: ColoredParameters;
  quantity: number;
  /** The face put down on the bed; null or absent: as the file lies. */
  orientation?: [number, number, number] | null;
  color: string | null;
  /** The parameters in one line. */
  summary: string;
  /** Served to the owner only; null when none was uploaded. */
  thumbnail_url: string | null;
}

export interface SavedQuoteResult {
  id: string;
  reference: string;
  name: string;
  created_at: string;
  updated_at: string;
  quote: Quote;
  estimate: Estimate;
}

/** Where a saved quote's PDF is downloaded (owner only). */
export const savedQuotePdfUrl = (id: string) => `/api/quotes/${encodeURIComponent(id)}/quote.pdf`;

export interface SavedQuoteDetail {
  quote: SavedQuoteSummary & { quote: Quote; estimate: Estimate };
  job: Job;
  analysis: Analysis;
}

export type UploadProgress = { phase: 'uploading'; loaded: number; total: number } | { phase: 'analysing' };

/**
 * Uploads a model with XMLHttpRequest (fetch has no upload progress): reports bytes sent, then the
 * server-analysis phase, and resolves to the created job and the server's analysis.
 */
export function uploadModel(
  file: File,
  units: Units | null,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
  /** Priced by the server together with the analysis, so the confirmed price comes with the upload. */
  price?: { parameters: QuoteParameters; quantity: number },
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = units ? `/api/jobs?units=${encodeURIComponent(units)}` : '/api/jobs';
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      onProgress({ phase: 'uploading', loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    };
    xhr.upload.onload = () => onProgress({ phase: 'analysing' });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isRecord(body) && isRecord(body.job)) {
        resolve(body as unknown as UploadResult);
      } else {
        reject(toApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'The server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    // Fields first: the server reads them before the file's bytes.
    if (price) {
      form.append('parameters', JSON.stringify(price.parameters));
      form.append('quantity', String(price.quantity));
    }
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const jobsApi = {
  get: (id: string, signal?: AbortSignal) =>
    apiFetch<JobWithAnalysis>(`/api/jobs/${encodeURIComponent(id)}`, { signal }),
  setUnits: (id: string, units: Units) =>
    apiFetch<JobWithAnalysis>(`/api/jobs/${encodeURIComponent(id)}/units`, { body: { units } }),
  /** The original bytes of the uploaded file (owner only). */
  file: async (id: string, signal?: AbortSignal): Promise<ArrayBuffer> => {
    let res: Response;
    try {
      res = await fetch(`/api/jobs/${encodeURIComponent(id)}/file`, { credentials: 'same-origin', signal });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, 'NETWORK', 'The server could not be reached.');
    }
    if (!res.ok) throw toApiError(res.status, await readBody(res));
    return res.arrayBuffer();
  },
};

/**
 * The server's mesh of a job (its compact indexed form, decoded here into the triangle soup the viewer
 * uses), for formats the browser cannot parse (STEP). Null when the server does not offer it.
 */
export async function fetchJobMesh(id: string, signal?: AbortSignal): Promise<Float32Array | null> {
  let res: Response;
  try {
    res = await fetch(`/api/jobs/${encodeURIComponent(id)}/mesh`, { credentials: 'same-origin', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return null;
  }
  if (!res.ok) return null;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes(MESH_CODEC_MEDIA_TYPE)) return null;
  try {
    const mesh = decodeMesh(new Uint8Array(await res.arrayBuffer()));
    return mesh.triangleCount > 0 ? mesh.positions : null;
  } catch {
    return null;
  }
}

export const quotesApi = {
  preview: (req: QuoteRequest, signal?: AbortSignal) =>
    apiFetch<QuotePreview>('/api/quotes/preview', { body: req, signal }),
  /** Save as new (a new quote and reference). */
  save: (req: QuoteRequest & { name?: string; thumbnail?: string }) =>
    apiFetch<SavedQuoteResult>('/api/quotes', { body: req }),
  /** Update an opened quote in place: re-priced by the server, same id and reference. */
  update: (id: string, req: QuoteRequest & { thumbnail?: string }) =>
    apiFetch<SavedQuoteResult>(`/api/quotes/${encodeURIComponent(id)}`, { method: 'PUT', body: req }),
  rename: (id: string, name: string) =>
    apiFetch<SavedQuoteSummary>(`/api/quotes/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
  list: (signal?: AbortSignal) => apiFetch<{ quotes: SavedQuoteSummary[] }>('/api/quotes', { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiFetch<SavedQuoteDetail>(`/api/quotes/${encodeURIComponent(id)}`, { signal }),
  remove: (id: string) => apiFetch<null>(`/api/quotes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

// ---------------------------------------------------------------------------------------------
// Account, checkout and orders (API.md §5)

export type PaymentTerms = 'prepay' | 'net30';

export interface AccountInfo {
  user: SessionUser;
  operator: boolean;
  payment_terms: PaymentTerms;
}

/** `?a=1&b=2` from the defined, non-empty values (or '' when there are none). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const accountApi = {
  get: (signal?: AbortSignal) => apiFetch<AccountInfo>('/api/account', { signal }),
};

export type { Analysis, CheckoutPreview, OrderDto, PostProcessing, Quote, QuoteParameters, Units };
