import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage, isApiError } from '../../lib/api-client';
import { AuthCard, FormAlert, SubmitButton, TextField, textLinkClass } from './fields';
import { useHydrated } from './hydrated';
import { useFormIssue } from './useFormIssue';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, validateNewPassword } from './validation';

function InvalidLink({ reason }: { reason: string }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {reason}
      </p>
      <Link to={paths.forgotPassword} className={`inline-block text-sm ${textLinkClass}`}>
        Request a new reset link
      </Link>
    </div>
  );
}

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const id = useId();
  const errorId = `${id}-error`;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [tokenRejected, setTokenRejected] = useState(false);
  const { issue, show, bind, invalid } = useFormIssue();
  // Better Auth sends `?error=INVALID_TOKEN` when the emailed link itself was stale.
  const token = hydrated ? params.get('token') : null;
  const linkError = hydrated ? params.get('error') : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !token) return;
    const problem = validateNewPassword(null, password, confirm);
    show(problem);
    if (problem) return;
    setBusy(true);
    try {
      await authApi.resetPassword(password, token);
      setDone(true);
    } catch (err) {
      if (isApiError(err) && (err.code === 'INVALID_TOKEN' || err.code === 'EXPIRED_TOKEN'))
        setTokenRejected(true);
      else show({ message: errorMessage(err, AUTH_MESSAGES.generic), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  let body: React.ReactNode;
  if (!hydrated) {
    body = <p className="text-sm text-slate-600">Checking your reset link…</p>;
  } else if (done) {
    body = (
      <div className="space-y-4">
        <p
          role="status"
          className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          Your password has been reset. You can now sign in with your new password.
        </p>
        <Link to={`${paths.login}?reset=1`} className={`inline-block text-sm ${textLinkClass}`}>
          Go to sign in
        </Link>
      </div>
    );
  } else if (tokenRejected || linkError) {
    body = (
      <InvalidLink reason="This password reset link is invalid or has expired. Reset links work once and only for a limited time." />
    );
  } else if (!token) {
    body = (
      <InvalidLink reason="This page needs the reset link from your email. Open the link in the email we sent you, or request a new one." />
    );
  } else {
    body = (
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-describedby={issue ? errorId : undefined}
      >
        <TextField
          ref={bind('password')}
          id={`${id}-password`}
          label="New password"
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
        <SubmitButton busy={busy} label="Reset password" busyLabel="Resetting..." />
      </form>
    );
  }

  return (
    <AuthCard title="Choose a new password" lead={<p>Pick a new password for your PrintLoop account.</p>}>
      {body}
    </AuthCard>
  );
}
