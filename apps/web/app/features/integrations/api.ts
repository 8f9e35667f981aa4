/**
 * The store connectors' session routes (issue 16): connections, their SKU mapping, orders and tracking
 * pushes, the seller's alerts, and the CSV import. Same-origin calls through `apiFetch`; no answer ever
 * carries a store credential.
 */
import type {
  ConnectStoreRequest,
  CsvImportRequest,
  CsvImportResultDto,
  StoreAlertDto,
  StoreConnectionDetailDto,
  StoreConnectionDto,
  StoreSkuDto,
} from '@printloop/contracts';
import { apiFetch } from '../../lib/api-client';

const base = '/api/integrations';
const conn = (id: string) => `${base}/connections/${encodeURIComponent(id)}`;

export const integrationsApi = {
  list: (signal?: AbortSignal) =>
    apiFetch<{ object: 'list'; data: StoreConnectionDto[] }>(`${base}/connections`, { signal }),
  connect: (req: ConnectStoreRequest) => apiFetch<StoreConnectionDto>(`${base}/connections`, { body: req }),
  detail: (id: string, signal?: AbortSignal) => apiFetch<StoreConnectionDetailDto>(conn(id), { signal }),
  setStatus: (id: string, status: 'active' | 'paused') =>
    apiFetch<StoreConnectionDto>(conn(id), { method: 'PATCH', body: { status } }),
  remove: (id: string) =>
    apiFetch<{ id: string; deleted: true; warning: string | null }>(conn(id), { method: 'DELETE' }),
  test: (id: string) => apiFetch<{ ok: boolean; message: string }>(`${conn(id)}/test`, { method: 'POST' }),
  sync: (id: string) => apiFetch<{ skus: number }>(`${conn(id)}/sync`, { method: 'POST' }),
  mapSku: (id: string, sku: string, productId: string | null) =>
    apiFetch<{ skus: StoreSkuDto[] }>(`${conn(id)}/mappings`, {
      method: 'PUT',
      body: { sku, product_id: productId },
    }),
  alerts: (signal?: AbortSignal) =>
    apiFetch<{ object: 'list'; data: StoreAlertDto[] }>(`${base}/alerts`, { signal }),
  dismissAlert: (id: string) =>
    apiFetch<{ id: string }>(`${base}/alerts/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
  previewCsv: (req: CsvImportRequest) =>
    apiFetch<CsvImportResultDto>(`${base}/import/preview`, { body: req }),
  placeCsv: (req: CsvImportRequest) => apiFetch<CsvImportResultDto>(`${base}/import/place`, { body: req }),
};
