import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage } from '../../lib/api-client';
import { AuthCard, AuthForm, EmailField, NewPasswordFields, textLinkClass } from './fields';
import { useHydrated } from './hydrated';
import { loadSession, setSessionUser } from './session';
import { useAuthForm } from './useFormIssue';
import {
  AUTH_MESSAGES,
  loginPathFor,
  resumesCalculator,
  safeNextPath,
  validateNewPassword,
} from './validation';

/** Where the verification email's link leads: the sign-in page, which says the address is confirmed. */
export const VERIFIED_CALLBACK = '/login?verified=1';

export function SignupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthForm();
  const { busy, setBusy, show } = form;
  const hydrated = useHydrated();
  // The query is read only after hydration: the prerendered HTML has none.
  const next = hydrated ? params.get('next') : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = validateNewPassword(email, password, confirm);
    show(problem);
    if (problem) return;
    setBusy(true);
    try {
      const r = await authApi.signUp(email.trim(), password, VERIFIED_CALLBACK);
      // The new account is signed in at once: straight back to what the user was doing.
      if (r?.user?.email) setSessionUser(r.user);
      else await loadSession(true);
      navigate(safeNextPath(params.get('next')), { replace: true });
    } catch (err) {
      show({ message: errorMessage(err, AUTH_MESSAGES.signupFailed), fields: [] });
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      lead={
        resumesCalculator(next) ? (
          <p>
            Create an account to save your quote. Your model and settings are kept: you go straight back to
            them.
          </p>
        ) : (
          <p>An account lets you save quotes, re-price them at any time and order prints.</p>
        )
      }
    >
      <AuthForm form={form} onSubmit={onSubmit} submitLabel="Create account" busyLabel="Creating account...">
        <EmailField form={form} value={email} onChange={setEmail} />
        <NewPasswordFields
          form={form}
          passwordLabel="Password"
          password={password}
          onPassword={setPassword}
          confirm={confirm}
          onConfirm={setConfirm}
        />
      </AuthForm>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={next ? loginPathFor(safeNextPath(next)) : paths.login} className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
