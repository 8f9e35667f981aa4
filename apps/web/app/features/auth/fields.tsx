import { type FormEvent, forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { AuthFormState } from './useFormIssue';
import { MIN_PASSWORD_LENGTH } from './validation';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';

/** A labelled input; `errorId` links it to the form's alert when it is the field in error. */
export const TextField = forwardRef<
  HTMLInputElement,
  { id: string; label: string; invalid?: boolean; errorId?: string; hint?: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id'
  >
>(function TextField({ id, label, invalid, errorId, hint, ...rest }, ref) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [invalid ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={inputClass}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
});

/** The form's error (role=alert); rendered always so screen readers announce changes. */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  return (
    <div
      id={id}
      role="alert"
      className={message ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800' : ''}
    >
      {message}
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** The centred card that holds an account form. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      {lead ? <div className="mt-2 text-slate-700">{lead}</div> : null}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

export const textLinkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/**
 * An account form: its fields, then the alert its invalid fields point at, then the submit button
 * (which shows `busyLabel` while the request runs).
 */
export function AuthForm({
  form,
  onSubmit,
  submitLabel,
  busyLabel,
  children,
}: {
  form: Pick<AuthFormState, 'errorId' | 'issue' | 'busy'>;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="space-y-5"
      aria-describedby={form.issue ? form.errorId : undefined}
    >
      {children}
      <FormAlert id={form.errorId} message={form.issue?.message ?? null} />
      <SubmitButton busy={form.busy} label={submitLabel} busyLabel={busyLabel} />
    </form>
  );
}

const statusClass = 'rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800';

/** A confirmation (role=status) shown after an account action succeeds. */
export function StatusNote({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p role="status" className={className ? `${className} ${statusClass}` : statusClass}>
      {children}
    </p>
  );
}

type FieldWiring = Pick<AuthFormState, 'field'>;

/** The account's email address. */
export function EmailField({
  form,
  value,
  onChange,
}: {
  form: FieldWiring;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      {...form.field('email')}
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A new password (with the length hint) and its confirmation. */
export function NewPasswordFields({
  form,
  passwordLabel,
  password,
  onPassword,
  confirm,
  onConfirm,
}: {
  form: FieldWiring;
  passwordLabel: string;
  password: string;
  onPassword: (value: string) => void;
  confirm: string;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        {...form.field('password')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not one of the most common passwords.`}
      />
      <TextField
        label="Confirm password"
        type="password"
        {...form.field('confirm')}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
