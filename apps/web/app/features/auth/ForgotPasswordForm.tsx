import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage } from '../../lib/api-client';
import { AuthCard, AuthForm, EmailField, StatusNote, textLinkClass } from './fields';
import { useAuthForm } from './useFormIssue';
import { AUTH_MESSAGES, validateEmailOnly } from './validation';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = useAuthForm();
  const { busy, setBusy, show } = form;

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
          <StatusNote>Password reset link has been sent to your email address</StatusNote>
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
          <AuthForm form={form} onSubmit={onSubmit} submitLabel="Send reset link" busyLabel="Sending...">
            <EmailField form={form} value={email} onChange={setEmail} />
          </AuthForm>
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
