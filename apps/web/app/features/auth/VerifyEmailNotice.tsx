import { useState } from 'react';
import { authApi, errorMessage } from '../../lib/api-client';
import { useSession } from './session';

/**
 * Live orders need a confirmed email address. Shown where one is placed (the checkout) while the signed-in
 * user's address is not confirmed, with a button that sends the link again; the link brings them back to
 * `returnTo`.
 */
export function VerifyEmailNotice({ returnTo }: { returnTo: string }) {
  const session = useSession();
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'error'; message: string }
  >({ status: 'idle' });
  if (session.status !== 'signed-in' || session.user.emailVerified !== false) return null;
  const email = session.user.email;

  async function resend() {
    setState({ status: 'sending' });
    try {
      await authApi.sendVerificationEmail(email, returnTo);
      setState({ status: 'sent' });
    } catch (err) {
      setState({
        status: 'error',
        message: errorMessage(err, 'The email could not be sent. Please try again in a moment.'),
      });
    }
  }

  return (
    <section
      aria-labelledby="verify-email-heading"
      data-testid="verify-email-notice"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5"
    >
      <h2 id="verify-email-heading" className="font-semibold">
        Please confirm your email address
      </h2>
      <p className="mt-1">
        We print live orders only for confirmed addresses. Open the link in the email we sent to{' '}
        <span className="font-medium">{email}</span>, and you come straight back here.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={state.status === 'sending'}
          className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-60"
        >
          {state.status === 'sending' ? 'Sending…' : 'Resend verification email'}
        </button>
        <span role="status">{state.status === 'sent' ? `Sent: check the inbox of ${email}.` : null}</span>
      </div>
      {state.status === 'error' ? (
        <p role="alert" className="mt-2 text-red-800">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
