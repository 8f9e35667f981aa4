import { type RefObject, useCallback, useRef, useState } from 'react';
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
