import { type RefObject, useCallback, useId, useRef, useState } from 'react';
import type { AuthField, FormIssue } from './validation';

/** A form's single error and the fields it points at; focuses the first field in error. */
export function useFormIssue() {
  const [issue, setIssue] = useState<FormIssue | null>(null);
  const refs = useRef<Partial<Record<AuthField, HTMLInputElement | null>>>({});
  const show = useCallback((next: FormIssue | null) => {
    setIssue(next);
    const first = next?.fields[0];
    if (first) refs.current[first]?.focus();
  }, []);
  const bind = useCallback(
    (field: AuthField) => (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    [],
  );
  const invalid = (field: AuthField) => issue?.fields.includes(field) ?? false;
  return { issue, show, bind, invalid } as const;
}

export type FieldRefs = RefObject<Partial<Record<AuthField, HTMLInputElement | null>>>;

/**
 * The state every account form shares: its error, its busy flag, and `field(name)`, the wiring a
 * `TextField` needs (ref for focusing, id, name, and the aria link to the form's alert).
 */
export function useAuthForm() {
  const id = useId();
  const errorId = `${id}-error`;
  const [busy, setBusy] = useState(false);
  const { issue, show, bind, invalid } = useFormIssue();
  const field = (name: AuthField) => ({
    ref: bind(name),
    id: `${id}-${name}`,
    name,
    invalid: invalid(name),
    errorId,
  });
  return { errorId, issue, show, busy, setBusy, field } as const;
}

export type AuthFormState = ReturnType<typeof useAuthForm>;
