import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage, isApiError } from '../../lib/api-client';
import { AuthCard, AuthForm, NewPasswordFields, StatusNote, textLinkClass } from './fields';
import { useHydrated } from './hydrated';
import { useAuthForm } from './useFormIssue';
import { AUTH_MESSAGES, validateNewPassword } from './validation';

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const [tokenRejected, setTokenRejected] = useState(false);
  const form = useAuthForm();
  const { busy, setBusy, show } = form;
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
        <StatusNote>Your password has been reset. You can now sign in with your new password.</StatusNote>
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
      <AuthForm form={form} onSubmit={onSubmit} submitLabel="Reset password" busyLabel="Resetting...">
        <NewPasswordFields
          form={form}
          passwordLabel="New password"
          password={password}
          onPassword={setPassword}
          confirm={confirm}
          onConfirm={setConfirm}
        />
      </AuthForm>
    );
  }

  return (
    <AuthCard title="Choose a new password" lead={<p>Pick a new password for your PrintLoop account.</p>}>
      {body}
    </AuthCard>
  );
}
