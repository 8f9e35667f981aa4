import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys, user } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { TtlCache } from '../lib/ttl-cache.js';

/**
 * API keys (API.md §1, §5): `pl_test_…` or `pl_live_…` and 40 random base-62 characters, shown once
 * on creation and stored only as a SHA-256 hash (enough for a random key of 238 bits: there is nothing
 * to guess). A request's key is found by its hash, so no secret is ever compared.
 */
export type ApiMode = 'test' | 'live';
export type ApiKeyRow = typeof apiKeys.$inferSelect;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateKey(mode: ApiMode): { key: string; hash: string; prefix: string } {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const b of randomBytes(64)) {
      if (b < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[b % 62];
    }
  }
  const key = `pl_${mode}_${secret}`;
  return { key, hash: hashKey(key), prefix: `pl_${mode}_${secret.slice(0, 4)}…${secret.slice(-4)}` };
}

export async function createApiKey(db: Db, userId: string, name: string, mode: ApiMode) {
  const { key, hash, prefix } = generateKey(mode);
  const [row] = await db
    .insert(apiKeys)
    .values({ id: newId('key'), userId, name, mode, prefix, hash })
    .returning();
  return { row: row!, key };
}

export async function listApiKeys(db: Db, userId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

/** Revoke one of the user's keys; it fails at once (the in-process cache forgets it). */
export async function revokeApiKey(db: Db, userId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) recent.delete(row.hash);
  else {
    const [existing] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
    return existing ?? null;
  }
  return row;
}

export interface Caller {
  keyId: string;
  userId: string;
  email: string;
  livemode: boolean;
}

/** Keys confirmed in the last two seconds (revoking in this process forgets at once). */
const recent = new TtlCache<Caller | null>(2_000);
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

const KEY_FORMAT = /^pl_(test|live)_[0-9A-Za-z]{40}$/;

/** The caller named by an `Authorization: Bearer <key>` header, or null (missing, malformed, unknown, revoked). */
export async function authenticate(db: Db, authorization: string | undefined): Promise<Caller | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m || !KEY_FORMAT.test(m[1]!)) return null;
  const hash = hashKey(m[1]!);
  const cached = recent.get(hash);
  if (cached !== undefined) return cached;
  const [row] = await db
    .select({ key: apiKeys, email: user.email })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(eq(apiKeys.hash, hash))
    .limit(1);
  const caller =
    row && !row.key.revokedAt
      ? { keyId: row.key.id, userId: row.key.userId, email: row.email, livemode: row.key.mode === 'live' }
      : null;
  recent.set(hash, caller);
  if (caller) {
    // Last use, at most once a minute per key per process (not a write per request).
    const now = Date.now();
    if (now - (lastUsedWritten.get(caller.keyId) ?? 0) > LAST_USED_EVERY_MS) {
      lastUsedWritten.set(caller.keyId, now);
      void db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(apiKeys.id, caller.keyId))
        .catch(() => {});
    }
  }
  return caller;
}

export function apiKeyDto(k: ApiKeyRow) {
  return {
    id: k.id,
    object: 'api_key' as const,
    created_at: k.createdAt.toISOString(),
    livemode: k.mode === 'live',
    name: k.name,
    mode: k.mode === 'live' ? ('live' as const) : ('test' as const),
    prefix: k.prefix,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}
