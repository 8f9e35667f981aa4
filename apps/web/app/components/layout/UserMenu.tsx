import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAccount } from '../../features/auth/account';
import { signOut, useSession } from '../../features/auth/session';

/**
 * The navbar's account slot: a 'Sign in' link, or for a signed-in user their email with the account's
 * pages ('My orders', 'Store connections', 'Developers', 'Orders console' for operators) and 'Sign out'. On wide screens
 * they sit in a menu under the email (a disclosure: the navbar has no room for them all); in the
 * mobile menu, `variant="panel"`, they are listed in place. Before the session is known (prerendered
 * HTML, hydration) it shows the sign-in link, which is also what a browser without JavaScript sees.
 */
export function UserMenu({ variant = 'bar' }: { variant?: 'bar' | 'panel' }) {
  const session = useSession();
  const account = useAccount();

  if (session.status !== 'signed-in') {
    return (
      <Link to={paths.login} className="text-sm font-medium text-slate-700 hover:text-brand-700">
        Sign in
      </Link>
    );
  }
  const links = [
    { to: paths.orders, label: 'My orders' },
    { to: paths.storeIntegrations, label: 'Store connections' },
    { to: paths.developers, label: 'Developers' },
    ...(account?.operator
      ? [
          { to: paths.opsOrders, label: 'Orders console' },
          { to: paths.opsMessages, label: 'Contact messages' },
        ]
      : []),
  ];
  if (variant === 'panel') {
    return (
      <div className="space-y-2">
        <p className="truncate text-sm text-slate-700" title={session.user.email}>
          <span className="sr-only">Signed in as </span>
          {session.user.email}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="text-sm font-medium text-slate-700 hover:text-brand-700">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <SignOutButton className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60" />
      </div>
    );
  }
  return (
    <AccountMenu email={session.user.email}>
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className={menuItem}>
            {l.label}
          </Link>
        </li>
      ))}
      <li className="mt-1 border-t border-slate-200 pt-1">
        <SignOutButton className={`${menuItem} w-full text-left disabled:opacity-60`} />
      </li>
    </AccountMenu>
  );
}

const menuItem =
  'block whitespace-nowrap px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-brand-700';

/** The email as a button that shows and hides the account's links; Escape and a click outside close it. */
function AccountMenu({ email, children }: { email: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating is the trigger
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    // Tabbing out of the menu closes it (a click elsewhere is the pointerdown's business).
    const onFocusOut = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      if (next && !root.current?.contains(next)) setOpen(false);
    };
    const el = root.current;
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    el?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      el?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <span className="sr-only">Account menu of </span>
        <span className="max-w-[12rem] truncate" title={email}>
          {email}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.5 7.5 10 12l4.5-4.5z" />
        </svg>
      </button>
      <ul
        id={id}
        hidden={!open}
        aria-label="Your account"
        className="absolute right-0 z-50 mt-2 min-w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {children}
      </ul>
    </div>
  );
}

function SignOutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
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
      className={className}
    >
      Sign out
    </button>
  );
}
