/**
 * The order calls of the web app (API.md §5): checkout, the customer's orders, and the operators'
 * console. Same-origin session routes through `apiFetch`; errors arrive as `ApiError`.
 */
import type {
  CheckoutPreview,
  CheckoutRequest,
  OrderActionRequest,
  OrderDto,
  OrderStatus,
  PlaceOrderRequest,
} from '@printloop/contracts';
import { apiFetch, type PaymentTerms, queryString } from '../../lib/api-client';

export interface OrderList {
  object: 'list';
  data: OrderDto[];
  has_more: boolean;
}

export interface OrderListQuery {
  status?: OrderStatus;
  limit?: number;
  starting_after?: string;
}

export interface OpsOrderListQuery extends OrderListQuery {
  q?: string;
  livemode?: 'true' | 'false';
}

export interface OpsAccount {
  id: string;
  email: string;
  created_at: string;
  payment_terms: PaymentTerms;
  operator: boolean;
}

export const ordersApi = {
  preview: (req: CheckoutRequest, signal?: AbortSignal) =>
    apiFetch<CheckoutPreview>('/api/checkout/preview', { body: req, signal }),
  /** Places the order; `idempotencyKey` is the same for every retry of one attempt. */
  place: (req: PlaceOrderRequest, idempotencyKey: string) =>
    apiFetch<OrderDto>('/api/orders', { body: req, headers: { 'idempotency-key': idempotencyKey } }),
  list: (query: OrderListQuery, signal?: AbortSignal) =>
    apiFetch<OrderList>(`/api/orders${queryString({ ...query })}`, { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiFetch<OrderDto>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  cancel: (id: string, reason?: string) =>
    apiFetch<OrderDto>(`/api/orders/${encodeURIComponent(id)}/cancel`, {
      body: reason ? { reason } : {},
    }),
};

/** The operators' console (403 for anyone else). */
export const opsApi = {
  orders: (query: OpsOrderListQuery, signal?: AbortSignal) =>
    apiFetch<OrderList>(`/api/ops/orders${queryString({ ...query })}`, { signal }),
  order: (id: string, signal?: AbortSignal) =>
    apiFetch<OrderDto>(`/api/ops/orders/${encodeURIComponent(id)}`, { signal }),
  act: (id: string, req: OrderActionRequest) =>
    apiFetch<OrderDto>(`/api/ops/orders/${encodeURIComponent(id)}/actions`, { body: req }),
  accounts: (email: string, signal?: AbortSignal) =>
    apiFetch<{ data: OpsAccount[] }>(`/api/ops/accounts${queryString({ email: email.trim() })}`, {
      signal,
    }),
  setTerms: (userId: string, terms: PaymentTerms) =>
    apiFetch<OpsAccount>(`/api/ops/accounts/${encodeURIComponent(userId)}/terms`, {
      method: 'PUT',
      body: { terms },
    }),
};
