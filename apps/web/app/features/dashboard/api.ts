/**
 * The dashboard's calls: its figures (`GET /api/dashboard`, operators and customers) and the farm's
 * operator routes (`/api/ops/farm`, `/api/ops/printers/:id/…`), each answering the floor as it now is.
 */
import type {
  createPrinterSchema,
  DashboardDto,
  DashboardQuery,
  FarmStateDto,
  failPrintSchema,
  startPrintSchema,
  updatePrinterSchema,
} from '@printloop/contracts';
import type { z } from 'zod';
import { apiFetch } from '../../lib/api-client';
import { DASHBOARD_PATH, dashboardQueryString } from './format';

type StartPrint = z.input<typeof startPrintSchema>;
type FailPrint = z.input<typeof failPrintSchema>;
type UpdatePrinter = z.input<typeof updatePrinterSchema>;
type CreatePrinter = z.input<typeof createPrinterSchema>;

const printer = (id: string) => `/api/ops/printers/${encodeURIComponent(id)}`;

export const dashboardApi = {
  get: (query: Partial<DashboardQuery>, signal?: AbortSignal) =>
    apiFetch<DashboardDto>(`${DASHBOARD_PATH}${dashboardQueryString(query)}`, { signal }),
};

export const farmApi = {
  state: (signal?: AbortSignal) => apiFetch<FarmStateDto>('/api/ops/farm', { signal }),
  start: (id: string, body: StartPrint = {}) => apiFetch<FarmStateDto>(`${printer(id)}/start`, { body }),
  finish: (id: string) => apiFetch<FarmStateDto>(`${printer(id)}/finish`, { body: {} }),
  fail: (id: string, body: FailPrint) => apiFetch<FarmStateDto>(`${printer(id)}/fail`, { body }),
  update: (id: string, body: UpdatePrinter) => apiFetch<FarmStateDto>(printer(id), { method: 'PATCH', body }),
  add: (body: CreatePrinter) => apiFetch<FarmStateDto>('/api/ops/printers', { body }),
};
