import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new prefixed object id (API.md §1), e.g. `ord_5Xq…`: 22 random base-62 characters (131 bits). */
export function newId(prefix: string, length = 22): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    // 62 × 4 = 248: rejecting 248-255 keeps every character equally likely.
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62];
  }
  while (out.length < length) out += ALPHABET[randomBytes(1)[0]! % 62];
  return `${prefix}_${out}`;
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
