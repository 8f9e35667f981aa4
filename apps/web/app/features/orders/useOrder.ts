import type { OrderDto } from '@printloop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';

export type OrderState =
  | { status: 'loading' }
  | { status: 'ready'; order: OrderDto }
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string };

const ORDER_ID = /^ord_[A-Za-z0-9]{1,40}$/;

/** One order from `fetchOrder` (customer's or operators' route); `replace` shows the answer of an action. */
export function useOrder(
  id: string,
  enabled: boolean,
  fetchOrder: (id: string, signal: AbortSignal) => Promise<OrderDto>,
) {
  const [state, setState] = useState<OrderState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher is one of two module functions
  useEffect(() => {
    if (!enabled) return;
    if (!ORDER_ID.test(id)) {
      setState({ status: 'not-found' });
      return;
    }
    const ac = new AbortController();
    setState({ status: 'loading' });
    fetchOrder(id, ac.signal).then(
      (order) => setState({ status: 'ready', order }),
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        if (isApiError(err) && err.status === 404) setState({ status: 'not-found' });
        else if (isApiError(err) && err.status === 403) setState({ status: 'forbidden' });
        else setState({ status: 'error', message: errorMessage(err, 'The order could not be loaded.') });
      },
    );
    return () => ac.abort();
  }, [id, enabled]);
  const replace = useCallback((order: OrderDto) => setState({ status: 'ready', order }), []);
  return { state, replace };
}
