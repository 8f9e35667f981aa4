/**
 * Building blocks of the signed-in app's screens (orders, checkout, developers): the page header, white
 * panels, buttons, labelled inputs whose errors and hints are linked to them, loading and error notes.
 */
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { Container } from './layout';

export const inputClass =
  'mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';

export const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
export const dangerButton =
  'inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
export const textLink = 'font-semibold text-brand-700 underline hover:text-brand-800';

/** The top of an order screen: eyebrow, the page's one h1, a lead and optional actions. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  actions,
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <Container className="flex flex-col gap-4 py-8 sm:flex-row sm:items-end sm:justify-between sm:py-10">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
          <h1 className="mt-2 break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          {lead ? <div className="mt-3 max-w-3xl text-slate-700">{lead}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </Container>
    </section>
  );
}

/** A white card with an h2. */
export function Panel({
  id,
  title,
  children,
  actions,
  className = '',
  headingClassName = 'text-xl font-bold text-slate-900',
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingClassName?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-heading`} className={headingClassName}>
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** An error box; `role=alert` so it is announced when it appears. */
export function ErrorNote({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {children}
    </p>
  );
}

/**
 * "Are you sure?" for an action that cannot be undone: the consequence, the error of a failed try, and
 * the confirm and cancel buttons (both described by the message; `cancelRef` takes the focus first).
 */
export function ConfirmDanger({
  id,
  message,
  error,
  busy,
  confirmLabel,
  busyLabel,
  onConfirm,
  onCancel,
  cancelRef,
}: {
  id: string;
  message: ReactNode;
  error: string | null;
  busy: boolean;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3">
      <p id={`${id}-confirm`} className="text-sm text-red-900">
        {message}
      </p>
      {error ? (
        <div className="mt-2">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={dangerButton}
          onClick={onConfirm}
          disabled={busy}
          aria-describedby={`${id}-confirm`}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className={secondaryButton}
          onClick={onCancel}
          disabled={busy}
          aria-describedby={`${id}-confirm`}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="py-10 text-center text-slate-600">
      {label}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ id, label, error, hint, optional, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose error and hint are linked to it (aria-describedby, aria-invalid). */
export function TextInput({
  id,
  label,
  error,
  hint,
  optional,
  ...rest
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldFrame>
  );
}

export function SelectInput({
  id,
  label,
  error,
  hint,
  optional,
  children,
  ...rest
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <select
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export function TextArea({
  id,
  label,
  error,
  hint,
  optional,
  ...rest
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        rows={2}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldFrame>
  );
}
