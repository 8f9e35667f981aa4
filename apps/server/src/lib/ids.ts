import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes taken from a pool filled 4 KB at a time (one call into the system's generator per
 * ~90 ids instead of one per id); each byte is used once.
 */
let pool = Buffer.alloc(0);
let used = 0;
function randomByte(): number {
  if (used >= pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  return pool[used++]!;
}

/** A new prefixed object id (API.md §1), e.g. `ord_5Xq…`: 22 random base-62 characters (131 bits). */
export function newId(prefix: string, length = 22): string {
  let out = `${prefix}_`;
  for (let n = 0; n < length; ) {
    // 62 × 4 = 248: rejecting 248-255 keeps every character equally likely.
    const b = randomByte();
    if (b < 248) {
      out += ALPHABET[b % 62];
      n++;
    }
  }
  return out;
}

/** The public id of a row keyed by a UUID: `file_` + the UUID's 32 hex digits. */
export function publicUuidId(prefix: string, uuid: string): string {
  return `${prefix}_${uuid.replaceAll('-', '')}`;
}

/** The UUID behind a public id made by `publicUuidId`, or null when it is not one of `prefix`. */
export function uuidOfPublicId(prefix: string, id: string): string | null {
  const m = new RegExp(`^${prefix}_([0-9a-f]{32})$`).exec(id);
  if (!m) return null;
  const h = m[1]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
