import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from './hydrated';
import { type SessionState, useSession } from './session';
import { loginPathFor } from './validation';

/**
 * The pages of signed-in users: a visitor is sent to sign in and brought back here afterwards. Returns
 * the session; nothing private is fetched until it says 'signed-in'.
 */
export function useSignedIn(): SessionState {
  const session = useSession();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (hydrated && session.status === 'signed-out') {
      navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
    }
  }, [hydrated, session.status, location.pathname, location.search, navigate]);
  return session;
}
