import type { CreateWebhookEndpointRequest } from '@printloop/contracts';
import { useCallback, useEffect, useReducer } from 'react';
import { errorMessage } from '../../lib/api-client';
import { webhookEndpointsApi } from './api';
import { endpointsReducer, INITIAL_ENDPOINTS_STATE } from './webhooks';

/**
 * The signed-in user's webhook endpoints: loaded once the session is known, added (the answer's
 * signing secret goes to the reveal, once) and deleted after the screen's confirm step.
 */
export function useWebhookEndpoints(signedIn: boolean) {
  const [state, dispatch] = useReducer(endpointsReducer, INITIAL_ENDPOINTS_STATE);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    webhookEndpointsApi
      .list(controller.signal)
      .then((list) => dispatch({ type: 'loaded', endpoints: list.data }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({
          type: 'load-failed',
          error: errorMessage(err, 'Your webhook endpoints could not be loaded.'),
        });
      });
    return () => controller.abort();
  }, [signedIn]);

  /** Adds an endpoint from a checked form; rejects with the ApiError for the form to show. */
  const create = useCallback(async (request: CreateWebhookEndpointRequest) => {
    const endpoint = await webhookEndpointsApi.create(request);
    dispatch({ type: 'created', endpoint });
    return endpoint;
  }, []);

  const remove = useCallback(async (id: string) => {
    dispatch({ type: 'delete-started', id });
    try {
      await webhookEndpointsApi.remove(id);
      dispatch({ type: 'deleted', id });
      return true;
    } catch (err) {
      dispatch({
        type: 'delete-failed',
        error: errorMessage(err, 'The endpoint could not be deleted. Please try again.'),
      });
      return false;
    }
  }, []);

  return { state, dispatch, create, remove };
}
