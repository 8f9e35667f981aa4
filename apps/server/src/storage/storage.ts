import type { Readable } from 'node:stream';

/** Where model files live: local disk by default, S3-compatible object storage when configured. */
export interface Storage {
  kind: 'disk' | 's3';
  /** Write a stream to `key`. Resolves with the byte count once the object is durable. */
  put(key: string, body: Readable, contentType?: string): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  /** Whole object in memory: for the geometry worker, bounded by the upload limit. */
  getBytes(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
  /** Throws when the storage cannot be written and read back. */
  ping(): Promise<void>;
}

/** Keys are relative paths of safe segments: no leading slash, no `..`, no backslashes. */
export function assertSafeKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((s) => s === '' || s === '.' || s === '..') ||
    !/^[A-Za-z0-9._\-/]+$/.test(key)
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
