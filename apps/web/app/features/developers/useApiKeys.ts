import { useCallback, useEffect, useReducer } from 'react';
import { errorMessage } from '../../lib/api-client';
import { apiKeysApi } from './api';
import { INITIAL_KEYS_STATE, type KeyForm, keysReducer } from './keys';

/**
 * The signed-in user's API keys: loaded once the session is known, created (the answer's secret goes
 * to the reveal, once) and revoked after the screen's confirm step.
 */
export function useApiKeys(signedIn: boolean) {
  const [state, dispatch] = useReducer(keysReducer, INITIAL_KEYS_STATE);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    apiKeysApi
      .list(controller.signal)
      .then((list) => dispatch({ type: 'loaded', keys: list.data }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({ type: 'load-failed', error: errorMessage(err, 'Your API keys could not be loaded.') });
      });
    return () => controller.abort();
  }, [signedIn]);

  /** Creates a key; rejects with the ApiError for the form to show. */
  const create = useCallback(async (form: KeyForm) => {
    const key = await apiKeysApi.create(form);
    dispatch({ type: 'created', key });
    return key;
  }, []);

  const revoke = useCallback(async (id: string) => {
    dispatch({ type: 'revoke-started', id });
    try {
      dispatch({ type: 'revoked', key: await apiKeysApi.revoke(id) });
    } catch (err) {
      dispatch({
        type: 'revoke-failed',
        error: errorMessage(err, 'The key could not be revoked. Please try again.'),
      });
    }
  }, []);

  return { state, dispatch, create, revoke };
}
