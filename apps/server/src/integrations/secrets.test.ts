import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { bodySignature, resolveSecretsKey, signatureMatches, Vault } from './secrets.js';
import { StoreError, shopifyBaseUrl, storeRequest, wooBaseUrl } from './stores.js';

describe('secrets at rest', () => {
  it('seals with AES-256-GCM: a fresh nonce each time, and a changed byte or another key fails', () => {
    const v = new Vault(Buffer.alloc(32, 7));
    const a = v.seal('shpat_secret');
    const b = v.seal('shpat_secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('shpat');
    expect(v.open(a)).toBe('shpat_secret');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => v.open(`s1:${raw.toString('base64')}`)).toThrow();
    expect(() => new Vault(Buffer.alloc(32, 8)).open(a)).toThrow();
    expect(v.openJson(v.sealJson({ consumer_key: 'ck', consumer_secret: 'cs' }))).toEqual({
      consumer_key: 'ck',
      consumer_secret: 'cs',
    });
  });

  it('takes SECRETS_KEY from the configuration (hex or base64, 32 bytes) and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ SECRETS_KEY: b64 }).secretsKey).toEqual(Buffer.alloc(32, 3));
    expect(loadConfig({}).secretsKey).toBeNull();
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY: must be 32 random bytes/);
    }
  });

  it('without SECRETS_KEY, makes a random key once in DATA_DIR/secrets.key (0600) and keeps it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-secrets-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = await resolveSecretsKey(config);
      expect(first).toHaveLength(32);
      const file = path.join(dir, 'secrets.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(first);
      expect(await resolveSecretsKey(config)).toEqual(first);
      const other = await mkdtemp(path.join(os.tmpdir(), 'printloop-secrets-'));
      expect(await resolveSecretsKey(loadConfig({ DATA_DIR: other }))).not.toEqual(first);
      await rm(other, { recursive: true, force: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('checks a body signature in constant time, and only the exact bytes', () => {
    const body = Buffer.from('{"id":1}');
    const sig = bodySignature('s3cret', body);
    expect(signatureMatches('s3cret', body, sig)).toBe(true);
    expect(signatureMatches('s3cret', Buffer.from('{"id":2}'), sig)).toBe(false);
    expect(signatureMatches('other', body, sig)).toBe(false);
    expect(signatureMatches('s3cret', body, undefined)).toBe(false);
    expect(signatureMatches('s3cret', body, '')).toBe(false);
    expect(signatureMatches('s3cret', body, 'AAAA')).toBe(false);
    expect(signatureMatches('s3cret', body, [sig])).toBe(false);
  });
});

describe('store addresses (server-fetch rules)', () => {
  const strict = { allowPrivateNetwork: false };
  it('makes the shop URL from what the seller typed, https only', () => {
    expect(shopifyBaseUrl('my-shop', strict)).toBe('https://my-shop.myshopify.com');
    expect(shopifyBaseUrl('My-Shop.myshopify.com/', strict)).toBe('https://my-shop.myshopify.com');
    expect(wooBaseUrl('shop.example.com', strict)).toBe('https://shop.example.com');
    expect(wooBaseUrl('https://example.com/shop/', strict)).toBe('https://example.com/shop');
    expect(() => wooBaseUrl('http://shop.example.com', strict)).toThrow(/https/);
    expect(() => shopifyBaseUrl('not a domain!', strict)).toThrow();
    expect(wooBaseUrl('http://127.0.0.1:8080', { allowPrivateNetwork: true })).toBe('http://127.0.0.1:8080');
  });

  it('refuses private and loopback addresses after DNS unless ALLOW_PRIVATE_NETWORK', async () => {
    for (const url of [
      'https://127.0.0.1:9/wp-json/wc/v3/system_status',
      'https://localhost:9/admin/api/2025-10/graphql.json',
    ]) {
      const err = await storeRequest({ ...strict, timeoutMs: 2000 }, url, {
        method: 'GET',
        headers: {},
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as StoreError).message).toMatch(/private or reserved/);
      expect((err as StoreError).status).toBeNull();
    }
  });
});
