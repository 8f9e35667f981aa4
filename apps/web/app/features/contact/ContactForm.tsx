import {
  type ContactField,
  contactFields,
  contactLimits,
  validateContactMessage,
} from '@printloop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { contactOutcome, contactTexts, type FieldErrors } from './outcome';

type Values = Record<ContactField, string>;

const labels: Record<ContactField, string> = {
  name: 'Your name',
  email: 'Email address',
  subject: 'Subject',
  message: 'Message',
};

const empty: Values = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form: validated in the browser with the shared schema, then sent as JSON to
 * POST /api/contact. The server validates again with the same schema and is the authority.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<'summary' | 'sent' | null>(null);

  useEffect(() => {
    if (focusTarget === 'summary') summaryRef.current?.focus();
    if (focusTarget === 'sent') sentRef.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  const fieldId = (f: ContactField) => `${id}-${f}`;
  const errorId = (f: ContactField) => `${id}-${f}-error`;

  const showErrors = (fieldErrors: FieldErrors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
    setFocusTarget('summary');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateContactMessage(values);
    if (!checked.success) {
      showErrors(checked.fields, null);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const res = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(checked.data),
      });
      const body: unknown = await res.json().catch(() => null);
      const outcome = contactOutcome(res.status, body);
      if (outcome.kind === 'sent') {
        setSent(true);
        setValues(empty);
        setFocusTarget('sent');
      } else if (outcome.kind === 'invalid') {
        showErrors(outcome.fields, outcome.message);
      } else {
        showErrors({}, outcome.message);
      }
    } catch {
      showErrors({}, contactTexts.failed);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div className="rounded-xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
        <div ref={sentRef} role="status" tabIndex={-1} className="scroll-mt-24 focus:outline-none">
          <p className="text-lg font-semibold">{contactTexts.sent}</p>
        </div>
        <button
          type="button"
          onClick={() => setSent(false)}
          className="mt-4 rounded-md border border-emerald-700 bg-white px-4 py-2 text-sm font-semibold text-emerald-900 hover:bg-emerald-100"
        >
          Send another message
        </button>
      </div>
    );
  }

  const errorList = contactFields.filter((f) => errors[f]);
  const hasSummary = errorList.length > 0 || formError !== null;

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={`${id}-required-note`} className="space-y-5">
      <p id={`${id}-required-note`} className="text-sm text-slate-600">
        All fields are required.
      </p>
      <div ref={summaryRef} tabIndex={-1} role="alert" className="scroll-mt-24 focus:outline-none">
        {hasSummary ? (
          <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            {formError ? <p className="font-semibold">{formError}</p> : null}
            {errorList.length > 0 ? (
              <>
                <p className="font-semibold">Please correct the following:</p>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                  {errorList.map((f) => (
                    <li key={f}>
                      <a href={`#${fieldId(f)}`} className="underline">
                        {errors[f]}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>

      {contactFields.map((f) => {
        const error = errors[f];
        const common = {
          id: fieldId(f),
          name: f,
          value: values[f],
          maxLength: f === 'message' ? undefined : contactLimits[f],
          'aria-invalid': error ? true : undefined,
          'aria-describedby':
            [error ? errorId(f) : null, f === 'message' ? `${id}-message-count` : null]
              .filter(Boolean)
              .join(' ') || undefined,
          onChange: (e: { target: { value: string } }) => {
            const value = e.target.value;
            setValues((v) => ({ ...v, [f]: value }));
          },
          className: `block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 ${
            error ? 'border-red-600' : 'border-slate-400'
          }`,
        };
        return (
          <div key={f}>
            <label htmlFor={fieldId(f)} className="block text-sm font-semibold text-slate-900">
              {labels[f]}
            </label>
            <div className="mt-1">
              {f === 'message' ? (
                <textarea {...common} rows={7} />
              ) : (
                <input
                  {...common}
                  type={f === 'email' ? 'email' : 'text'}
                  autoComplete={f === 'name' ? 'name' : f === 'email' ? 'email' : 'off'}
                />
              )}
            </div>
            {f === 'message' ? (
              <p id={`${id}-message-count`} className="mt-1 text-xs text-slate-600">
                {values.message.length.toLocaleString('en-GB')} /{' '}
                {contactLimits.message.toLocaleString('en-GB')} characters
              </p>
            ) : null}
            {error ? (
              <p id={errorId(f)} className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}

      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="inline-flex items-center justify-center rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
