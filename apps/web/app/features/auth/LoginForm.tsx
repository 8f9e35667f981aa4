import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage } from '../../lib/api-client';
import { AuthCard, AuthForm, EmailField, StatusNote, TextField, textLinkClass } from './fields';
import { useHydrated } from './hydrated';
import { loadSession, setSessionUser, useSession } from './session';
import { useAuthForm } from './useFormIssue';
import { AUTH_MESSAGES, resumesCalculator, safeNextPath, validateLogin } from './validation';

export function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const form = useAuthForm();
  const { busy, setBusy, show } = form;
  const hydrated = useHydrated();
  const session = useSession();
  // The query is read only after hydration: the prerendered HTML has none.
  const next = hydrated ? params.get('next') : null;
  const notice =
    hydrated && params.get('verified') === '1'
      ? 'Thank you: your email address is confirmed.'
      : hydrated && params.get('created') === '1'
        ? 'Account created. Please sign in.'
        : null;
  const resetDone =
    hydrated && params.get('reset') === '1' ? 'Your password has been reset. Please sign in.' : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = validateLogin(email, password);
    show(problem);
    if (problem) return;
    setBusy(true);
    try {
      const r = await authApi.signIn(email.trim(), password, remember);
      if (r?.user?.email) setSessionUser(r.user);
      else await loadSession(true);
      navigate(safeNextPath(next), { replace: true });
    } catch (err) {
      show({ message: errorMessage(err, AUTH_MESSAGES.loginFailed), fields: [] });
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      lead={
        resumesCalculator(next) ? (
          <p>Sign in to save your quote. Your model and settings are kept: you go straight back to them.</p>
        ) : (
          <p>Welcome back. Sign in to save quotes and order prints.</p>
        )
      }
    >
      {session.status === 'signed-in' && !resetDone ? (
        <p className="mb-5 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          You are signed in as <span className="font-medium">{session.user.email}</span>.{' '}
          <Link to={safeNextPath(next)} className={textLinkClass}>
            Continue
          </Link>{' '}
          or sign in with another account.
        </p>
      ) : null}
      {notice || resetDone ? <StatusNote className="mb-5">{notice ?? resetDone}</StatusNote> : null}
      <AuthForm form={form} onSubmit={onSubmit} submitLabel="Sign in" busyLabel="Signing in...">
        <EmailField form={form} value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          {...form.field('password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="h-4 w-4 rounded border-slate-300 accent-brand-600"
            />
            Remember me
          </label>
          <Link to={paths.forgotPassword} className={`text-sm ${textLinkClass}`}>
            Forgot your password?
          </Link>
        </div>
      </AuthForm>
      <p className="mt-6 text-center text-sm text-slate-700">
        No account yet?{' '}
        <Link
          to={next ? `${paths.signup}?next=${encodeURIComponent(safeNextPath(next))}` : paths.signup}
          className={textLinkClass}
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
