/**
 * The developers page's session routes (API.md §5): the signed-in user's API keys and webhook
 * endpoints. Same-origin calls through `apiFetch`, typed by the contracts' response schemas; errors
 * arrive as `ApiError`.
 */
import type {
  ApiKeyDto,
  CreateApiKeyRequest,
  CreatedApiKeyDto,
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointRequest,
  DeletedObject,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEventDto,
} from '@printloop/contracts';
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

export interface WebhookEndpointList {
  object: 'list';
  data: WebhookEndpointDto[];
}

export interface WebhookDeliveryList {
  object: 'list';
  data: WebhookDeliveryDto[];
}

/** The signed-in user's webhook endpoints (both modes), their deliveries, test events and redeliveries. */
export const webhookEndpointsApi = {
  list: (signal?: AbortSignal) => apiFetch<WebhookEndpointList>('/api/webhook-endpoints', { signal }),
  /** Answers 201 with the signing secret (`whsec_…`) in `secret`: the only time it is ever sent. */
  create: (req: CreateWebhookEndpointRequest) =>
    apiFetch<CreatedWebhookEndpointDto>('/api/webhook-endpoints', { body: req }),
  remove: (id: string) =>
    apiFetch<DeletedObject>(`/api/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  deliveries: (id: string, signal?: AbortSignal) =>
    apiFetch<WebhookDeliveryList>(`/api/webhook-endpoints/${encodeURIComponent(id)}/deliveries`, {
      signal,
    }),
  /** Queues a `ping` event to the endpoint; answers with the event. */
  sendTest: (id: string) =>
    apiFetch<WebhookEventDto>(`/api/webhook-endpoints/${encodeURIComponent(id)}/test`, {
      method: 'POST',
    }),
  /** Queues the delivery's event again to the same endpoint (a new delivery); answers with the event. */
  redeliver: (deliveryId: string) =>
    apiFetch<WebhookEventDto>(`/api/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
      method: 'POST',
    }),
};
