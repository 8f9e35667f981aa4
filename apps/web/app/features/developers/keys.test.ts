import type { ApiKeyDto, CreatedApiKeyDto } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_KEYS_STATE,
  type KeysState,
  keysReducer,
  lastUsedText,
  orderKeys,
  validateKeyForm,
  withoutSecret,
} from './keys';

function apiKey(overrides: Partial<ApiKeyDto> = {}): ApiKeyDto {
  return {
    id: 'key_a1',
    object: 'api_key',
    created_at: '2026-11-20T10:00:00.000Z',
    livemode: false,
    name: 'Shop server',
    mode: 'test',
    prefix: 'pl_test_AbCd…WxYz',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

function created(overrides: Partial<CreatedApiKeyDto> = {}): CreatedApiKeyDto {
  return {
    ...apiKey({ id: 'key_new', created_at: '2026-11-23T09:00:00.000Z' }),
    key: `pl_test_${'x'.repeat(40)}`,
    ...overrides,
  };
}

describe('validateKeyForm', () => {
  it('accepts a name and a mode, trimmed as the server trims it', () => {
    expect(validateKeyForm({ name: '  Shop server ', mode: 'live' })).toEqual({
      ok: true,
      request: { name: 'Shop server', mode: 'live' },
    });
  });

  it("gives the server's messages for a missing name and an unknown mode", () => {
    expect(validateKeyForm({ name: '   ', mode: 'test' })).toEqual({
      ok: false,
      errors: { name: 'Please name the key' },
    });
    const bad = validateKeyForm({ name: 'x', mode: 'prod' as 'test' });
    expect(bad).toEqual({ ok: false, errors: { mode: 'mode is test or live' } });
  });

  it('refuses a name over 100 characters in words a person understands', () => {
    expect(validateKeyForm({ name: 'n'.repeat(101), mode: 'test' })).toEqual({
      ok: false,
      errors: { name: 'Keep the name to 100 characters' },
    });
  });
});

describe('orderKeys', () => {
  it('lists active keys before revoked ones, newest first within each', () => {
    const keys = [
      apiKey({ id: 'key_old', created_at: '2026-01-01T00:00:00.000Z' }),
      apiKey({
        id: 'key_revoked_new',
        created_at: '2026-11-01T00:00:00.000Z',
        revoked_at: '2026-11-02T00:00:00.000Z',
      }),
      apiKey({ id: 'key_new', created_at: '2026-10-01T00:00:00.000Z' }),
      apiKey({
        id: 'key_revoked_old',
        created_at: '2025-01-01T00:00:00.000Z',
        revoked_at: '2026-11-03T00:00:00.000Z',
      }),
    ];
    expect(orderKeys(keys).map((k) => k.id)).toEqual([
      'key_new',
      'key_old',
      'key_revoked_new',
      'key_revoked_old',
    ]);
  });
});

describe('wording', () => {
  it('says when a key was last used, in UK time, or that it never was', () => {
    expect(lastUsedText({ last_used_at: null })).toBe('Never');
    expect(lastUsedText({ last_used_at: '2026-07-14T08:30:00.000Z' })).toBe('14 Jul 2026, 09:30');
  });

  it('never keeps the secret in the listed key', () => {
    const listed = withoutSecret(created());
    expect(listed).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain('xxxxxxxx');
  });
});

describe('keysReducer', () => {
  const ready = (keys: ApiKeyDto[]): KeysState => keysReducer(INITIAL_KEYS_STATE, { type: 'loaded', keys });

  it('shows a created key once: in the reveal, and in the list without its secret', () => {
    const s = keysReducer(ready([apiKey()]), { type: 'created', key: created() });
    expect(s.revealed?.key).toBe(`pl_test_${'x'.repeat(40)}`);
    expect(s.keys.map((k) => k.id)).toEqual(['key_new', 'key_a1']);
    expect(s.keys[0]).not.toHaveProperty('key');
    const dismissed = keysReducer(s, { type: 'dismiss-reveal' });
    expect(dismissed.revealed).toBeNull();
    expect(JSON.stringify(dismissed)).not.toContain('xxxxxxxx');
  });

  it('revokes through a confirm step, and a revoked key stays listed as revoked', () => {
    let s = ready([apiKey(), apiKey({ id: 'key_b2', created_at: '2026-11-21T10:00:00.000Z' })]);
    s = keysReducer(s, { type: 'ask-revoke', id: 'key_b2' });
    expect(s.confirming).toBe('key_b2');
    s = keysReducer(s, { type: 'cancel-revoke' });
    expect(s.confirming).toBeNull();
    s = keysReducer(s, { type: 'ask-revoke', id: 'key_b2' });
    s = keysReducer(s, { type: 'revoke-started', id: 'key_b2' });
    expect(s.revoking).toBe('key_b2');
    s = keysReducer(s, {
      type: 'revoked',
      key: apiKey({
        id: 'key_b2',
        created_at: '2026-11-21T10:00:00.000Z',
        revoked_at: '2026-11-23T10:00:00.000Z',
      }),
    });
    expect(s.confirming).toBeNull();
    expect(s.revoking).toBeNull();
    expect(s.keys.map((k) => [k.id, k.revoked_at !== null])).toEqual([
      ['key_a1', false],
      ['key_b2', true],
    ]);
  });

  it('keeps the confirm step open with the reason when revoking fails', () => {
    let s = keysReducer(ready([apiKey()]), { type: 'ask-revoke', id: 'key_a1' });
    s = keysReducer(s, { type: 'revoke-started', id: 'key_a1' });
    s = keysReducer(s, { type: 'revoke-failed', error: 'The server could not be reached.' });
    expect(s).toMatchObject({
      confirming: 'key_a1',
      revoking: null,
      revokeError: 'The server could not be reached.',
    });
  });

  it('stops showing a secret whose key was just revoked', () => {
    let s = keysReducer(ready([]), { type: 'created', key: created() });
    s = keysReducer(s, {
      type: 'revoked',
      key: apiKey({ id: 'key_new', revoked_at: '2026-11-23T10:00:00.000Z' }),
    });
    expect(s.revealed).toBeNull();
  });

  it('reports a list that could not be loaded', () => {
    const s = keysReducer(INITIAL_KEYS_STATE, { type: 'load-failed', error: 'The server answered 500.' });
    expect(s).toMatchObject({ status: 'error', loadError: 'The server answered 500.' });
  });
});
