import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { AppError } from '../lib/errors.js';

/**
 * Requests the server makes to URLs other people give it (a model to fetch, a webhook target, a store):
 * API.md §3's rules. Only https; private, loopback, link-local and reserved addresses are refused after
 * DNS resolution (request-filtering-agent checks the address actually connected to, so DNS rebinding
 * cannot slip through); at most 3 redirects, each checked again; a size and a time limit.
 * `allowPrivateNetwork` (ALLOW_PRIVATE_NETWORK=true, for local development and tests) lifts both rules.
 */
export interface OutboundPolicy {
  allowPrivateNetwork: boolean;
}

export const MAX_REDIRECTS = 3;

/**
 * The URL is the request's fault (it cannot be fetched, or may not be): a 400 naming the field, in the
 * public API's code list.
 */
function refused(message: string, param: string) {
  return new AppError(400, 'VALIDATION_ERROR', message, { [param]: message });
}

function timedOut(opts: FetchOptions) {
  return refused(
    `The URL took longer than ${Math.round(opts.timeoutMs / 1000)} s to answer.`,
    opts.param ?? 'url',
  );
}

/** Checks a URL's form against the policy (the address itself is checked when connecting). */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy, param = 'url'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('This is not a valid URL.', param);
  }
  if (url.username || url.password)
    throw refused('URLs with a user name or password are not accepted.', param);
  const allowed = policy.allowPrivateNetwork ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw refused('Only https URLs are accepted.', param);
  return url;
}

const agents = {
  strict: {
    http: new RequestFilteringHttpAgent({ keepAlive: false }),
    https: new RequestFilteringHttpsAgent({ keepAlive: false }),
  },
  open: {
    http: new http.Agent({ keepAlive: false }),
    https: new https.Agent({ keepAlive: false }),
  },
};

export interface FetchedBody {
  bytes: Buffer;
  /** The URL finally read (after redirects). */
  url: URL;
  contentType: string | null;
  status: number;
}

export interface FetchOptions {
  maxBytes: number;
  timeoutMs: number;
  param?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Resolve for any HTTP status (webhooks read the status); by default only 2xx is accepted. */
  anyStatus?: boolean;
}

function once(
  url: URL,
  policy: OutboundPolicy,
  opts: FetchOptions,
  deadline: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const set = policy.allowPrivateNetwork ? agents.open : agents.strict;
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? set.https : set.http;
  return new Promise((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0) {
      reject(timedOut(opts));
      return;
    }
    const req = client.request(
      url,
      {
        method: opts.method ?? 'GET',
        agent,
        headers: { 'user-agent': 'PrintLoop/1.0 (+https://github.com/printloop)', ...opts.headers },
        timeout: left,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(
            new AppError(
              413,
              'FILE_TOO_LARGE',
              `The file at the URL is larger than ${Math.round(opts.maxBytes / 1048576)} MB.`,
            ),
          );
          return;
        }
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(
              new AppError(
                413,
                'FILE_TOO_LARGE',
                `The file at the URL is larger than ${Math.round(opts.maxBytes / 1048576)} MB.`,
              ),
            );
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(timedOut(opts)), left);
    timer.unref();
    req.on('timeout', () => req.destroy(timedOut(opts)));
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => {
      if (err instanceof AppError) return reject(err);
      const msg = err.message ?? '';
      if (/not allowed|private IP|meta address|reserved/i.test(msg)) {
        reject(
          refused(
            'The URL points to a private or reserved network address, which the server does not fetch.',
            opts.param ?? 'url',
          ),
        );
        return;
      }
      reject(
        refused(
          `The URL could not be fetched (${(err as NodeJS.ErrnoException).code ?? 'network error'}).`,
          opts.param ?? 'url',
        ),
      );
    });
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Fetch a URL under the outbound rules, following at most 3 redirects (each checked again). */
export async function fetchUrl(
  raw: string,
  policy: OutboundPolicy,
  opts: FetchOptions,
): Promise<FetchedBody> {
  const param = opts.param ?? 'url';
  let url = checkOutboundUrl(raw, policy, param);
  const deadline = Date.now() + opts.timeoutMs;
  for (let hop = 0; ; hop++) {
    const res = await once(url, policy, opts, deadline);
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      if (hop >= MAX_REDIRECTS) throw refused(`The URL redirects more than ${MAX_REDIRECTS} times.`, param);
      url = checkOutboundUrl(new URL(res.headers.location, url).toString(), policy, param);
      continue;
    }
    if (!opts.anyStatus && (res.status < 200 || res.status >= 300)) {
      throw refused(`The URL answered with HTTP ${res.status}.`, param);
    }
    const contentType = res.headers['content-type'];
    return {
      bytes: res.bytes,
      url,
      contentType: typeof contentType === 'string' ? contentType : null,
      status: res.status,
    };
  }
}

export interface PostOutcome {
  /** The HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  /** The first `keepBytes` of the answer. */
  body: string;
  durationMs: number;
  /** Why there was no answer. */
  error: string | null;
}

/**
 * POST to a URL someone else gave (a webhook endpoint) under the same rules as `fetchUrl`: https only,
 * no private addresses (checked on connect), a time limit. Redirects are not followed (a 3xx is an
 * answer like any other). Only the first `keepBytes` of the answer are kept; the rest is discarded.
 * Never throws: the outcome says what happened.
 */
export async function postOutbound(
  raw: string,
  policy: OutboundPolicy,
  opts: { headers: Record<string, string>; body: string; timeoutMs: number; keepBytes: number },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = checkOutboundUrl(raw, policy);
  } catch (err) {
    return { status: null, body: '', durationMs: elapsed(), error: (err as Error).message };
  }
  const set = policy.allowPrivateNetwork ? agents.open : agents.strict;
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? set.https : set.http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...o, durationMs: elapsed() });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'user-agent': 'PrintLoop-Webhooks/1.0',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(opts.body)),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < opts.keepBytes) {
            chunks.push(c.subarray(0, opts.keepBytes - kept));
            kept += Math.min(c.length, opts.keepBytes - kept);
          }
          if (kept >= opts.keepBytes) res.destroy();
        });
        const finish = () =>
          done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), error: null });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, body: '', error: `No answer within ${opts.timeoutMs / 1000} s` });
    }, opts.timeoutMs);
    timer.unref();
    req.on('error', (err) => {
      const msg = err.message ?? '';
      done({
        status: null,
        body: '',
        error: /not allowed|private IP|meta address|reserved/i.test(msg)
          ? 'The URL points to a private or reserved network address, which the server does not call.'
          : `Could not connect (${(err as NodeJS.ErrnoException).code ?? 'network error'})`,
      });
    });
    req.end(opts.body);
  });
}
