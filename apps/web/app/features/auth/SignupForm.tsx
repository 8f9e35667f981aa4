import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { authApi, errorMessage } from '../../lib/api-client';
import { AuthCard, AuthForm, EmailField, NewPasswordFields, textLinkClass } from './fields';
import { loadSession } from './session';
import { useAuthForm } from './useFormIssue';
import { AUTH_MESSAGES, safeNextPath, validateNewPassword } from './validation';

export function SignupForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthForm();
  const { busy, setBusy, show } = form;

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
        <Link to={paths.login} className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
