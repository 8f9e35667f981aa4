import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/ui/app';

/** The small badge of a mode or a state. */
export const chip =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
export const MODE_CHIPS: Record<'test' | 'live', string> = {
  test: 'bg-amber-50 text-amber-900 ring-amber-300',
  live: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

/**
 * A secret shown once (a new API key, a webhook signing secret): copy it now or never. Focus moves here
 * so a screen reader reads it; without a clipboard the value is selected for the keyboard to copy.
 */
export function SecretReveal({
  testId,
  title,
  explanation,
  label,
  noun,
  value,
  onDone,
}: {
  /** `data-testid` of the box; its value's is `${testId}-value`. */
  testId: string;
  title: ReactNode;
  explanation: ReactNode;
  /** What the value is, e.g. "API key". */
  label: string;
  /** The value's short name in the buttons and messages, e.g. "key". */
  noun: string;
  value: string;
  onDone: () => void;
}) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const code = useRef<HTMLElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'selected'>('idle');

  useEffect(() => {
    box.current?.focus();
  }, []);

  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      // No clipboard (permissions, an old browser): select the value so the keyboard can copy it.
      const el = code.current;
      const selection = window.getSelection();
      if (el && selection) {
        const range = document.createRange();
        range.selectNodeContents(el);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopy('selected');
    }
  };

  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      data-testid={testId}
      className="mt-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 sm:p-5"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 font-semibold text-amber-950">Copy it now: it will not be shown again.</p>
      <div className="mt-1 text-sm text-slate-800">{explanation}</div>
      <p className="mt-4 text-sm font-medium text-slate-800" id={`${id}-label`}>
        {label}
      </p>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          ref={code}
          data-testid={`${testId}-value`}
          className="block min-w-0 flex-1 break-all rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        >
          {value}
        </code>
        <button type="button" className={primaryButton} onClick={copyValue}>
          Copy {noun}
        </button>
      </div>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-800">
        {copy === 'copied'
          ? 'Copied to the clipboard.'
          : copy === 'selected'
            ? `The ${noun} is selected: press Ctrl+C (⌘C on a Mac) to copy it.`
            : ''}
      </p>
      <button type="button" className={`${secondaryButton} mt-2`} onClick={onDone}>
        I have stored it safely
      </button>
    </section>
  );
}
