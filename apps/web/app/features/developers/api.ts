/**
 * The developers page's session routes (API.md §5): the signed-in user's API keys. Same-origin calls
 * through `apiFetch`; errors arrive as `ApiError`.
 */
import type { ApiKeyDto, CreateApiKeyRequest, CreatedApiKeyDto } from '@printloop/contracts';
import { apiFetch } from '../../lib/api-client';

export interface ApiKeyList {
  object: 'list';
  data: ApiKeyDto[];
}

export const apiKeysApi = {
  list: (signal?: AbortSignal) => apiFetch<ApiKeyList>('/api/api-keys', { signal }),
  /** Answers 201 with the key itself in `key`: the only time it is ever sent. */
  create: (req: CreateApiKeyRequest) => apiFetch<CreatedApiKeyDto>('/api/api-keys', { body: req }),
  revoke: (id: string) =>
    apiFetch<ApiKeyDto>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
