/**
 * The signed-in user, shared by the navbar and the pages without a provider: a tiny module store read
 * with `useSyncExternalStore`. The server snapshot (prerendering, hydration) is always 'unknown', and
 * the session is fetched once after hydration, so prerendered HTML and the first client render agree.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { authApi, type SessionUser } from '../../lib/api-client';

export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser };

const UNKNOWN: SessionState = { status: 'unknown' };
const SIGNED_OUT: SessionState = { status: 'signed-out' };

let state: SessionState = UNKNOWN;
let inflight: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;
const getServerSnapshot = () => UNKNOWN;

/** Fetches the session (once; later calls share the answer unless `force`). */
export function loadSession(force = false): Promise<SessionState> {
  if (!force && state.status !== 'unknown') return Promise.resolve(state);
  if (!force && inflight) return inflight;
  const p = authApi
    .getSession()
    .then((s): SessionState => (s ? { status: 'signed-in', user: s.user } : SIGNED_OUT))
    .catch((): SessionState => SIGNED_OUT)
    .then((next) => {
      if (inflight === p) {
        inflight = null;
        set(next);
      }
      return next;
    });
  inflight = p;
  return p;
}

/** After sign-in / sign-out: replace what we know. */
export function setSessionUser(user: SessionUser | null) {
  inflight = null;
  set(user ? { status: 'signed-in', user } : SIGNED_OUT);
}

/** The current session; starts the fetch after hydration. */
export function useSession(): SessionState {
  const s = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    void loadSession();
  }, []);
  return s;
}

export async function signOut(): Promise<void> {
  try {
    await authApi.signOut();
  } finally {
    setSessionUser(null);
  }
}
