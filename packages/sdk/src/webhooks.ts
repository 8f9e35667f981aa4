/**
 * Webhook signatures, Standard Webhooks v1 (https://www.standardwebhooks.com): the headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (space-separated
 * `v1,<base64>`), an HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the base64-decoded part of the
 * `whsec_` secret. WebCrypto only (`crypto.subtle`), so it runs in Node, Deno, Bun, browsers and edge
 * runtimes without a dependency.
 */
import { WebhookVerificationError } from './errors.js';
import type { Event } from './types.js';

/** How far a delivery's timestamp may be from now, either way. */
export const WEBHOOK_TOLERANCE_S = 5 * 60;
const SECRET_PREFIX = 'whsec_';

/** Headers as a `Headers` instance, or a plain object (Node's `req.headers`) with any case of names. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

export interface VerifyOptions {
  /** Seconds; default 300. */
  tolerance?: number;
  /** For tests: the time to check against, in Unix seconds. */
  now?: number;
}

export interface SignParams {
  /** The exact body to send. */
  payload: string;
  secret: string;
  /** Default: a new `msg_…` id. */
  id?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares in time that depends only on the lengths, never on where the bytes differ. */
function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new WebhookVerificationError('crypto.subtle (WebCrypto) is not available in this runtime.');
  return s;
}

async function hmac(secret: string, content: Uint8Array): Promise<Uint8Array> {
  let keyBytes: Uint8Array;
  try {
    keyBytes = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  } catch {
    throw new WebhookVerificationError('The webhook secret is not a whsec_… secret (base64 after whsec_).');
  }
  if (keyBytes.length === 0) throw new WebhookVerificationError('The webhook secret is empty.');
  const key = await subtle().importKey(
    'raw',
    new Uint8Array(keyBytes),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle().sign('HMAC', key, new Uint8Array(content)));
}

function signedContent(id: string, timestamp: string, payload: string | Uint8Array): Uint8Array {
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const body = typeof payload === 'string' ? encoder.encode(payload) : payload;
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix, 0);
  out.set(body, prefix.length);
  return out;
}

export class Webhooks {
  /**
   * Checks a delivery and returns its event. `payload` is the raw body exactly as received (a string,
   * or the bytes), not a re-serialised object. Throws `WebhookVerificationError` when a header is
   * missing, no `v1` signature matches (a changed body, a wrong secret) or the timestamp is more than
   * five minutes from now.
   */
  async verify(
    payload: string | Uint8Array,
    headers: WebhookHeaders,
    secret: string,
    options: VerifyOptions = {},
  ): Promise<Event> {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    if (!id || !timestamp || !signatures) {
      throw new WebhookVerificationError(
        'Missing webhook-id, webhook-timestamp or webhook-signature header.',
      );
    }
    if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp header.');
    const now = options.now ?? Math.floor(Date.now() / 1000);
    const tolerance = options.tolerance ?? WEBHOOK_TOLERANCE_S;
    const sent = Number(timestamp);
    if (sent < now - tolerance) throw new WebhookVerificationError('The webhook timestamp is too old.');
    if (sent > now + tolerance) throw new WebhookVerificationError('The webhook timestamp is in the future.');

    const expected = await hmac(secret, signedContent(id, timestamp, payload));
    let matched = false;
    for (const entry of signatures.split(' ')) {
      const comma = entry.indexOf(',');
      if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
      let given: Uint8Array;
      try {
        given = fromBase64(entry.slice(comma + 1));
      } catch {
        continue;
      }
      // Every candidate is compared, so the time does not tell which one matched.
      if (timingSafeEqual(given, expected)) matched = true;
    }
    if (!matched) throw new WebhookVerificationError('No matching webhook signature.');

    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    try {
      return JSON.parse(text) as Event;
    } catch {
      throw new WebhookVerificationError('The webhook payload is not JSON.');
    }
  }

  /**
   * The headers PrintLoop would send with `payload`: for testing your own endpoint without the API.
   */
  async sign(
    params: SignParams,
  ): Promise<Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>> {
    const id = params.id ?? `msg_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
    const timestamp = String(params.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = await hmac(params.secret, signedContent(id, timestamp, params.payload));
    return {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1,${toBase64(signature)}`,
    };
  }
}
