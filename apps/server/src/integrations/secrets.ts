import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { secretsKeyBytes } from '../config.js';

/**
 * Store credentials at rest (issue 16): AES-256-GCM under SECRETS_KEY, a fresh 12-byte nonce per value,
 * stored as `s1:` + base64(nonce | tag | ciphertext). Without SECRETS_KEY a random key is made once and
 * kept in DATA_DIR/secrets.key (mode 0600), as AUTH_SECRET is; several processes must share one key.
 */
export async function resolveSecretsKey(config: Config): Promise<Buffer> {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, 'secrets.key');
  try {
    const key = secretsKeyBytes((await readFile(file, 'utf8')).trim());
    if (key) return key;
  } catch {
    // first start
  }
  const key = randomBytes(32);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

export class Vault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `s1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('s1:')) throw new Error('unknown sealed format');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  sealJson(value: Record<string, string>): string {
    return this.seal(JSON.stringify(value));
  }

  openJson(sealed: string): Record<string, string> {
    return JSON.parse(this.open(sealed)) as Record<string, string>;
  }
}

/** The base64 HMAC-SHA256 of a raw body: Shopify's and WooCommerce's webhook signature. */
export function bodySignature(secret: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

/** Whether `given` (a base64 header) is the body's signature, compared in constant time. */
export function signatureMatches(secret: string, raw: Buffer, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 200) return false;
  const expected = Buffer.from(bodySignature(secret, raw), 'base64');
  const actual = Buffer.from(given.trim(), 'base64');
  if (actual.length !== expected.length) return false;
  return timingSafeEqual(actual, expected);
}
