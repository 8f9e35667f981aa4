import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage } from '../../lib/api-client';
import { AuthCard, FormAlert, SubmitButton, TextField, textLinkClass } from './fields';
import { loadSession } from './session';
import { useFormIssue } from './useFormIssue';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, safeNextPath, validateNewPassword } from './validation';

export function SignupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const errorId = `${id}-error`;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { issue, show, bind, invalid } = useFormIssue();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = validateNewPassword(email, password, confirm);
    show(problem);
    if (problem) return;
    setBusy(true);
    try {
      await authApi.signUp(email.trim(), password);
      // The server may sign the new account in at once: let the navbar know either way.
      void loadSession(true);
      const next = params.get('next');
      const query = new URLSearchParams({ created: '1' });
      if (next) query.set('next', safeNextPath(next));
      navigate(`${paths.login}?${query.toString().replace(/%2F/gi, '/')}`);
    } catch (err) {
      show({ message: errorMessage(err, AUTH_MESSAGES.signupFailed), fields: [] });
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      lead={<p>An account lets you upload models, get quotes and save them.</p>}
    >
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-describedby={issue ? errorId : undefined}
      >
        <TextField
          ref={bind('email')}
          id={`${id}-email`}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={invalid('email')}
          errorId={errorId}
        />
        <TextField
          ref={bind('password')}
          id={`${id}-password`}
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={invalid('password')}
          errorId={errorId}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <TextField
          ref={bind('confirm')}
          id={`${id}-confirm`}
          label="Confirm password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          invalid={invalid('confirm')}
          errorId={errorId}
        />
        <FormAlert id={errorId} message={issue?.message ?? null} />
        <SubmitButton busy={busy} label="Create account" busyLabel="Creating account..." />
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={paths.login} className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
