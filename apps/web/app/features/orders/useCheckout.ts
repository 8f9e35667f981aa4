import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { orderPath } from '../../config/paths';
import { errorMessage, isApiError, quotesApi, type SavedQuoteDetail } from '../../lib/api-client';
import { ordersApi } from './api';
import {
  attemptFor,
  type CheckoutAction,
  checkoutReducer,
  checkoutView,
  type FieldName,
  initialCheckoutState,
  requestKey,
} from './checkout-state';

/** How long the form must be still before it is priced. */
export const PREVIEW_DEBOUNCE_MS = 400;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

export type SavedQuoteState =
  | { status: 'loading' }
  | { status: 'ready'; detail: SavedQuoteDetail }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** The saved quote being ordered (its file name and figures before the address is known), or 404. */
function useSavedQuote(quoteId: string, enabled: boolean): SavedQuoteState {
  const [state, setState] = useState<SavedQuoteState>(
    UUID.test(quoteId) ? { status: 'loading' } : { status: 'not-found' },
  );
  useEffect(() => {
    if (!enabled) return;
    if (!UUID.test(quoteId)) {
      setState({ status: 'not-found' });
      return;
    }
    const ac = new AbortController();
    setState({ status: 'loading' });
    quotesApi.get(quoteId, ac.signal).then(
      (detail) => setState({ status: 'ready', detail }),
      (err: unknown) => {
        if (isAbort(err)) return;
        if (isApiError(err) && (err.status === 404 || err.status === 400)) setState({ status: 'not-found' });
        else
          setState({ status: 'error', message: errorMessage(err, 'The saved quote could not be loaded.') });
      },
    );
    return () => ac.abort();
  }, [quoteId, enabled]);
  return state;
}

/** The checkout of one saved quote: form, debounced pricing, and placing the order once. */
export function useCheckout(quoteId: string, enabled: boolean) {
  const navigate = useNavigate();
  const saved = useSavedQuote(quoteId, enabled);
  const [state, dispatch] = useReducer(checkoutReducer, undefined, initialCheckoutState);
  const view = useMemo(() => checkoutView(state, quoteId), [state, quoteId]);

  // Price the form once it is valid and has been still for a moment; only once per form (and refresh).
  const requested = useRef<string | null>(null);
  const key = view.request ? `${requestKey(view.request)}#${state.refresh}` : null;
  const ready = saved.status === 'ready';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request (and the preview it has)
  useEffect(() => {
    if (!ready || !key || !view.request || key === requested.current) return;
    if (view.current) {
      // The preview that set the shipping option already answers this form.
      requested.current = key;
      return;
    }
    const req = view.request;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      requested.current = key;
      dispatch({ type: 'previewStart' });
      ordersApi.preview(req, ac.signal).then(
        (value) => dispatch({ type: 'previewOk', request: req, value }),
        (err: unknown) => {
          if (isAbort(err)) return;
          dispatch({
            type: 'previewFailed',
            message: errorMessage(err, 'The shipping options could not be priced. Please try again.'),
            fields: isApiError(err) ? err.fields : undefined,
          });
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
      if (requested.current === key) requested.current = null;
    };
  }, [key, ready]);

  const placing = useRef(false);
  const place = useCallback(async () => {
    if (placing.current) return;
    const body = view.placeRequest;
    if (!view.canPlace || !body) {
      dispatch({ type: 'submitInvalid' });
      return;
    }
    placing.current = true;
    const attempt = attemptFor(state.attempt, JSON.stringify(body), () => crypto.randomUUID());
    dispatch({ type: 'placeStart', attempt });
    try {
      const order = await ordersApi.place(body, attempt.key);
      navigate(orderPath(order.id));
    } catch (err) {
      if (isApiError(err) && err.status === 409 && err.code === 'PRICE_CHANGED') {
        dispatch({
          type: 'priceChanged',
          previousTotal: body.expected_total_amount ?? 0,
          message: 'The price changed since this page showed it.',
        });
      } else {
        dispatch({
          type: 'placeFailed',
          message: errorMessage(err, 'The order could not be placed. Please try again.'),
          fields: isApiError(err) ? err.fields : undefined,
        });
      }
    } finally {
      placing.current = false;
    }
  }, [view, state.attempt, navigate]);

  const edit = useCallback((field: FieldName, value: string) => dispatch({ type: 'edit', field, value }), []);
  const blur = useCallback((field: FieldName) => dispatch({ type: 'blur', field }), []);
  const act = useCallback((a: CheckoutAction) => dispatch(a), []);

  return { saved, state, view, edit, blur, dispatch: act, place };
}
