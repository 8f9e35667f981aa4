/**
 * The pure side of the API keys screen: the form's validation (the server's own schema), the list's
 * order and wording, and the screen's state as a reducer. The key itself lives only in `revealed`,
 * from the create answer until the user dismisses it; it is never put in the list.
 */
import { type ApiKeyDto, type CreatedApiKeyDto, createApiKeySchema } from '@printloop/contracts';

export type KeyMode = ApiKeyDto['mode'];

export interface KeyForm {
  name: string;
  mode: KeyMode;
}

export const EMPTY_KEY_FORM: KeyForm = { name: '', mode: 'test' };

export type KeyFormErrors = Partial<Record<keyof KeyForm, string>>;

/** The request to send, or the form's errors (the messages the server would give). */
export function validateKeyForm(
  form: KeyForm,
): { ok: true; request: KeyForm } | { ok: false; errors: KeyFormErrors } {
  const parsed = createApiKeySchema.safeParse(form);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: KeyFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'mode') && !errors[field]) {
      errors[field] =
        field === 'name' && issue.code === 'too_big' ? 'Keep the name to 100 characters' : issue.message;
    }
  }
  return { ok: false, errors };
}

/** Active keys first, then revoked ones; newest first within each. */
export function orderKeys(keys: readonly ApiKeyDto[]): ApiKeyDto[] {
  return [...keys].sort((a, b) => {
    const revoked = Number(a.revoked_at !== null) - Number(b.revoked_at !== null);
    if (revoked !== 0) return revoked;
    return b.created_at.localeCompare(a.created_at);
  });
}

/** The key as the list shows it: never the secret, only its fields. */
export function withoutSecret(created: CreatedApiKeyDto): ApiKeyDto {
  const { key: _secret, ...rest } = created;
  return rest;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** "23 Nov 2026" (UK time). */
export function formatKeyDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "23 Nov 2026, 14:05" or "Never". */
export function lastUsedText(key: Pick<ApiKeyDto, 'last_used_at'>): string {
  return key.last_used_at ? dateTimeFormat.format(new Date(key.last_used_at)) : 'Never';
}

export const MODE_LABELS: Record<KeyMode, string> = { test: 'Test', live: 'Live' };

/** What each mode does, in the words the form and the docs use. */
export const MODE_HINTS: Record<KeyMode, string> = {
  test: 'Sees only test objects. Test orders are priced but never printed, shipped or charged.',
  live: 'Places real orders: they are printed, shipped and charged to your account.',
};

// ---------------------------------------------------------------------------------------------
// The screen's state.

export interface KeysState {
  status: 'loading' | 'ready' | 'error';
  keys: ApiKeyDto[];
  /** Why the list could not be loaded. */
  loadError: string | null;
  /** The key just created, with its secret: shown once, until dismissed. */
  revealed: CreatedApiKeyDto | null;
  /** The key whose revoke button was pressed and waits for confirmation. */
  confirming: string | null;
  /** The key being revoked right now. */
  revoking: string | null;
  /** Why the last revoke failed. */
  revokeError: string | null;
}

export const INITIAL_KEYS_STATE: KeysState = {
  status: 'loading',
  keys: [],
  loadError: null,
  revealed: null,
  confirming: null,
  revoking: null,
  revokeError: null,
};

export type KeysAction =
  | { type: 'loaded'; keys: ApiKeyDto[] }
  | { type: 'load-failed'; error: string }
  | { type: 'created'; key: CreatedApiKeyDto }
  | { type: 'dismiss-reveal' }
  | { type: 'ask-revoke'; id: string }
  | { type: 'cancel-revoke' }
  | { type: 'revoke-started'; id: string }
  | { type: 'revoked'; key: ApiKeyDto }
  | { type: 'revoke-failed'; error: string };

export function keysReducer(state: KeysState, action: KeysAction): KeysState {
  switch (action.type) {
    case 'loaded':
      return { ...state, status: 'ready', keys: orderKeys(action.keys), loadError: null };
    case 'load-failed':
      return { ...state, status: 'error', loadError: action.error };
    case 'created': {
      const listed = withoutSecret(action.key);
      return {
        ...state,
        keys: orderKeys([listed, ...state.keys.filter((k) => k.id !== listed.id)]),
        revealed: action.key,
      };
    }
    case 'dismiss-reveal':
      return { ...state, revealed: null };
    case 'ask-revoke':
      return { ...state, confirming: action.id, revokeError: null };
    case 'cancel-revoke':
      return { ...state, confirming: null, revokeError: null };
    case 'revoke-started':
      return { ...state, revoking: action.id, revokeError: null };
    case 'revoked':
      return {
        ...state,
        keys: orderKeys(state.keys.map((k) => (k.id === action.key.id ? action.key : k))),
        confirming: null,
        revoking: null,
        // A key revoked while its secret is still on screen: the secret is useless, so stop showing it.
        revealed: state.revealed?.id === action.key.id ? null : state.revealed,
      };
    case 'revoke-failed':
      return { ...state, revoking: null, revokeError: action.error };
  }
}
