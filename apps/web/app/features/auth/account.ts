/**
 * The signed-in user's account (`GET /api/account`): whether they run the farm (operator) and how they
 * pay. A tiny module store like the session's, fetched once per signed-in user, so the navbar and the
 * pages share one answer. Null until it is known (and for visitors).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { type AccountInfo, accountApi } from '../../lib/api-client';
import { useSession } from './session';

let current: { userId: string; account: AccountInfo | null } | null = null;
let inflight: { userId: string; promise: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => current;
const getServerSnapshot = () => null;

function load(userId: string) {
  if (current?.userId === userId || inflight?.userId === userId) return;
  const promise = accountApi
    .get()
    .then((a) => a as AccountInfo | null)
    .catch(() => null)
    .then((account) => {
      if (inflight?.promise !== promise) return;
      inflight = null;
      current = { userId, account };
      for (const l of listeners) l();
    });
  inflight = { userId, promise };
}

/** The account of the signed-in user, or null (signed out, or not known yet). */
export function useAccount(): AccountInfo | null {
  const session = useSession();
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const userId = session.status === 'signed-in' ? session.user.id : null;
  useEffect(() => {
    if (userId) load(userId);
  }, [userId]);
  return userId && snapshot?.userId === userId ? snapshot.account : null;
}
