import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage } from '../../lib/api-client';
import { AuthCard, FormAlert, SubmitButton, TextField, textLinkClass } from './fields';
import { useFormIssue } from './useFormIssue';
import { AUTH_MESSAGES, validateEmailOnly } from './validation';

export function ForgotPasswordForm() {
  const id = useId();
  const errorId = `${id}-error`;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const { issue, show, bind, invalid } = useFormIssue();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = validateEmailOnly(email);
    show(problem);
    if (problem) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      show({ message: errorMessage(err, AUTH_MESSAGES.generic), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      lead={
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      }
    >
      {sent ? (
        <div className="space-y-4">
          <p
            role="status"
            className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            Password reset link has been sent to your email address
          </p>
          <p className="text-sm text-slate-700">
            The link works once and expires after a while. Nothing arrived? Check your spam folder, or{' '}
            <button type="button" className={textLinkClass} onClick={() => setSent(false)}>
              send it again
            </button>
            .
          </p>
          <Link to={paths.login} className={`inline-block text-sm ${textLinkClass}`}>
            Back to sign in
          </Link>
        </div>
      ) : (
        <>
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
            <FormAlert id={errorId} message={issue?.message ?? null} />
            <SubmitButton busy={busy} label="Send reset link" busyLabel="Sending..." />
          </form>
          <p className="mt-6 text-center text-sm text-slate-700">
            <Link to={paths.login} className={textLinkClass}>
              Back to sign in
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
