import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { signOut, useSession } from '../../features/auth/session';

/**
 * The navbar's account slot: the signed-in email and 'Sign out', or a 'Sign in' link. Before the
 * session is known (prerendered HTML, hydration) it shows the sign-in link, which is also what a
 * browser without JavaScript should see.
 */
export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  if (session.status !== 'signed-in') {
    return (
      <Link to={paths.login} className="text-sm font-medium text-slate-700 hover:text-brand-700">
        Sign in
      </Link>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="max-w-[14rem] truncate text-sm text-slate-700" title={session.user.email}>
        <span className="sr-only">Signed in as </span>
        {session.user.email}
      </span>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await signOut();
          } catch {
            // The session is dropped locally either way; the server's cookie expires on its own.
          } finally {
            setBusy(false);
            navigate(paths.home);
          }
        }}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
      >
        Sign out
      </button>
    </div>
  );
}
