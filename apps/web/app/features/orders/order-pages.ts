/**
 * A list of orders loaded a page at a time with the API's cursor (`starting_after` = the last id shown):
 * a pure reducer and a hook that reloads from the first page whenever the filters change.
 */
import type { OrderDto } from '@printloop/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import type { OrderList } from './api';

export const PAGE_SIZE = 20;

export interface PagesState {
  status: 'loading' | 'ready' | 'error' | 'forbidden';
  orders: OrderDto[];
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
}

export type PagesAction =
  | { type: 'reload' }
  | { type: 'more' }
  | { type: 'loaded'; page: OrderList; append: boolean }
  | { type: 'failed'; message: string; forbidden: boolean };

export const initialPages: PagesState = {
  status: 'loading',
  orders: [],
  hasMore: false,
  loadingMore: false,
  error: null,
};

export function pagesReducer(state: PagesState, action: PagesAction): PagesState {
  switch (action.type) {
    case 'reload':
      return { ...initialPages };
    case 'more':
      return { ...state, loadingMore: true, error: null };
    case 'loaded': {
      const seen = new Set(action.append ? state.orders.map((o) => o.id) : []);
      const fresh = action.page.data.filter((o) => !seen.has(o.id));
      return {
        status: 'ready',
        orders: action.append ? [...state.orders, ...fresh] : fresh,
        hasMore: action.page.has_more,
        loadingMore: false,
        error: null,
      };
    }
    case 'failed':
      if (action.forbidden) return { ...initialPages, status: 'forbidden' };
      // A failed "Load more" keeps what is shown; a failed first page is the page's error.
      return state.status === 'ready'
        ? { ...state, loadingMore: false, error: action.message }
        : { ...initialPages, status: 'error', error: action.message };
  }
}

/** The cursor for the next page: the last order shown. */
export function nextCursor(state: PagesState): string | undefined {
  return state.hasMore ? state.orders.at(-1)?.id : undefined;
}

/**
 * Loads `fetchPage` from the first page whenever `filterKey` changes (and `enabled`), and exposes
 * `loadMore`. Answers for older filters are dropped.
 */
export function useOrderPages(
  enabled: boolean,
  filterKey: string,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<OrderList>,
) {
  const [state, dispatch] = useReducer(pagesReducer, initialPages);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  const run = useCallback((append: boolean, signal: AbortSignal) => {
    const gen = generation.current;
    const cursor = append ? nextCursor(stateRef.current) : undefined;
    fetchRef.current(cursor, signal).then(
      (page) => {
        if (gen === generation.current) dispatch({ type: 'loaded', page, append });
      },
      (err: unknown) => {
        if (gen !== generation.current || (err instanceof DOMException && err.name === 'AbortError')) return;
        dispatch({
          type: 'failed',
          message: errorMessage(err, 'The orders could not be loaded. Please try again.'),
          forbidden: isApiError(err) && err.status === 403,
        });
      },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter key stands for the filters
  useEffect(() => {
    if (!enabled) return;
    generation.current += 1;
    dispatch({ type: 'reload' });
    const ac = new AbortController();
    run(false, ac.signal);
    return () => ac.abort();
  }, [enabled, filterKey, run]);

  const loadMore = useCallback(() => {
    if (stateRef.current.loadingMore || !stateRef.current.hasMore) return;
    dispatch({ type: 'more' });
    run(true, new AbortController().signal);
  }, [run]);

  return { state, loadMore };
}
