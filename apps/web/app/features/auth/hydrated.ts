import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False while prerendering and during hydration, true afterwards: anything that depends on the URL's
 * query, the session or the browser renders only then, so the prerendered HTML hydrates cleanly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
