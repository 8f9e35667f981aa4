import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

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
