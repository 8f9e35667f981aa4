import type { Readable } from 'node:stream';

/** One stored object, as `list` reports it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** Where model files live: local disk by default, S3-compatible object storage when configured. */
export interface Storage {
  kind: 'disk' | 's3';
  /**
   * Stream `body` to `key` without holding it whole in memory. Resolves with the byte count once the
   * object is durable. Rejects, leaving no object and no partial upload behind, when the body errors,
   * when it ends marked `truncated` (a size limit cut it short, as @fastify/multipart and busboy mark
   * it), or when the store fails; the body is destroyed then.
   */
  put(key: string, body: Readable, contentType?: string): Promise<{ size: number }>;
  /** A stream of the object; rejects when there is none. */
  get(key: string): Promise<Readable>;
  /** Whole object in memory: for the geometry worker, bounded by the upload limit. */
  getBytes(key: string): Promise<Uint8Array>;
  /** Remove the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (e.g. `models/`), in no particular order, read page by
   * page so memory stays bounded however many there are. On disk this includes the `*.part` temporary
   * files of puts in progress or interrupted by a crash, so a sweeper can find and `delete` them. Only
   * keys `assertSafeKey` accepts are listed (anything else could not be deleted through this interface).
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Throws when the storage cannot be written and read back. */
  ping(): Promise<void>;
}

export const MAX_KEY_LENGTH = 512;

/** Keys are relative paths of safe segments: no leading slash, no `..`, no backslashes. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    /^[A-Za-z0-9._\-/]+$/.test(key) &&
    !key.split('/').some((s) => s === '' || s === '.' || s === '..')
  );
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** A list prefix: empty (everything), or a safe key optionally followed by one `/`. */
export function assertSafePrefix(prefix: string): void {
  if (prefix === '') return;
  assertSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** Thrown by `put` when the body ended marked `truncated`: it was cut short by a size limit. */
export class TruncatedBodyError extends Error {
  override name = 'TruncatedBodyError';
  readonly code = 'STORAGE_BODY_TRUNCATED';
  constructor() {
    super('The upload was cut short by a size limit; nothing was stored');
  }
}

/** True when the stream says a size limit cut it short (busboy and @fastify/multipart set `truncated`). */
export function wasTruncated(body: Readable): boolean {
  return (body as Readable & { truncated?: unknown }).truncated === true;
}
