/**
 * The dashboard's live data: its figures for the current filter, and (operators) the farm's state.
 * Both are fetched again every 10 s while the tab is visible, and at once when it becomes visible;
 * answers that arrive after a newer request started are dropped. Rows added by 'Load more' stay
 * until the filter changes.
 */
import type { DashboardDto, DashboardOrderRow, FarmStateDto } from '@printloop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { dashboardApi, farmApi } from './api';
import type { DashboardFilters } from './format';

export const POLL_MS = 10_000;
export const PAGE_SIZE = 25;

export type DashboardState =
  | { status: 'loading' }
  | { status: 'ready'; data: DashboardDto }
  | { status: 'signed-out' }
  | { status: 'error'; message: string; data: DashboardDto | null };

export type FarmState =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'ready'; farm: FarmStateDto }
  | { status: 'error'; message: string; farm: FarmStateDto | null };

const aborted = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export function useDashboard({
  enabled,
  operator,
  filters,
}: {
  enabled: boolean;
  operator: boolean;
  filters: DashboardFilters;
}) {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  const [farm, setFarm] = useState<FarmState>({ status: 'off' });
  const [more, setMore] = useState<{ rows: DashboardOrderRow[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);

  const { status, priority, q } = filters;
  const seq = useRef({ dashboard: 0, farm: 0 });
  const inflight = useRef<AbortController | null>(null);

  const loadDashboard = useCallback(async () => {
    const n = ++seq.current.dashboard;
    inflight.current?.abort();
    const ac = new AbortController();
    inflight.current = ac;
    try {
      const data = await dashboardApi.get({ status, priority, q, limit: PAGE_SIZE }, ac.signal);
      if (n !== seq.current.dashboard) return;
      setState({ status: 'ready', data });
      setUpdatedAt(data.generated_at);
    } catch (err) {
      if (aborted(err) || n !== seq.current.dashboard) return;
      if (isApiError(err) && err.status === 401) {
        setState({ status: 'signed-out' });
        return;
      }
      setState((s) => ({
        status: 'error',
        message: errorMessage(err, "The dashboard's figures could not be loaded."),
        data: s.status === 'ready' ? s.data : s.status === 'error' ? s.data : null,
      }));
    }
  }, [status, priority, q]);

  const loadFarm = useCallback(async () => {
    const n = ++seq.current.farm;
    try {
      const next = await farmApi.state();
      if (n !== seq.current.farm) return;
      setFarm({ status: 'ready', farm: next });
      setUpdatedAt(new Date().toISOString());
    } catch (err) {
      if (n !== seq.current.farm) return;
      setFarm((s) => ({
        status: 'error',
        message: errorMessage(err, "The farm's printers could not be loaded."),
        farm: s.status === 'ready' ? s.farm : s.status === 'error' ? s.farm : null,
      }));
    }
  }, []);

  const refresh = useCallback(async () => {
    await Promise.all([loadDashboard(), operator ? loadFarm() : Promise.resolve()]);
  }, [loadDashboard, loadFarm, operator]);

  // A new filter starts again from the first page.
  useEffect(() => {
    if (!enabled) return;
    setMore(null);
    void loadDashboard();
  }, [enabled, loadDashboard]);

  useEffect(() => {
    if (!enabled || !operator) {
      setFarm({ status: 'off' });
      return;
    }
    setFarm((s) => (s.status === 'off' ? { status: 'loading' } : s));
    void loadFarm();
  }, [enabled, operator, loadFarm]);

  // Live: every 10 s while the tab is visible; at once when it comes back into view.
  useEffect(() => {
    if (!enabled) return;
    const visible = () => document.visibilityState === 'visible';
    const timer = window.setInterval(() => {
      if (visible()) void refresh();
    }, POLL_MS);
    const onVisibility = () => {
      if (visible()) void refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, refresh]);

  useEffect(() => () => inflight.current?.abort(), []);

  const data = state.status === 'ready' ? state.data : state.status === 'error' ? state.data : null;
  const cursor = more ? more.cursor : data?.orders.has_more ? data.orders.next_cursor : null;

  const loadMore = useCallback(async () => {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await dashboardApi.get({ status, priority, q, limit: PAGE_SIZE, cursor });
      setMore((m) => ({
        rows: [...(m?.rows ?? []), ...page.orders.data],
        cursor: page.orders.has_more ? page.orders.next_cursor : null,
      }));
    } catch (err) {
      setState((s) => ({
        status: 'error',
        message: errorMessage(err, 'More orders could not be loaded.'),
        data: s.status === 'ready' ? s.data : s.status === 'error' ? s.data : null,
      }));
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, loadingMore, status, priority, q]);

  /** An operator's action answered the new farm: show it, and fetch the figures it changed. */
  const farmChanged = useCallback(
    (next: FarmStateDto) => {
      ++seq.current.farm;
      setFarm({ status: 'ready', farm: next });
      void loadDashboard();
    },
    [loadDashboard],
  );

  // The first page as it now is, then the pages loaded after it (a row seen twice is shown once).
  const rows: DashboardOrderRow[] = [];
  if (data) {
    const seen = new Set<string>();
    for (const r of [...data.orders.data, ...(more?.rows ?? [])]) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      rows.push(r);
    }
  }

  return {
    state,
    data,
    rows,
    hasMore: cursor !== null,
    loadMore,
    loadingMore,
    farm,
    farmChanged,
    updatedAt,
    refresh,
  };
}
