import { QUOTE_NAME_MAX } from '@printloop/contracts';
import { formatGBP } from '@printloop/quote';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { checkoutPath } from '../../config/paths';
import { type SavedQuoteSummary, savedQuotePdfUrl } from '../../lib/api-client';
import { formatDate, validityText } from './format';

const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';

/** The name, or an input to rename it in place: Enter saves, Escape cancels. */
function QuoteName({
  q,
  editing,
  onDone,
  onRename,
}: {
  q: SavedQuoteSummary;
  editing: boolean;
  onDone: () => void;
  onRename: (name: string) => Promise<string | null>;
}) {
  const id = useId();
  const [value, setValue] = useState(q.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) {
      setValue(q.name);
      setError(null);
      input.current?.select();
    }
  }, [editing, q.name]);
  if (!editing) return <p className="break-all font-medium text-slate-900">{q.name}</p>;

  const submit = async () => {
    const name = value.trim();
    if (!name || name.length > QUOTE_NAME_MAX) {
      setError(`Give the quote a name of 1 to ${QUOTE_NAME_MAX} characters`);
      return;
    }
    if (name === q.name) return onDone();
    setBusy(true);
    const problem = await onRename(name);
    setBusy(false);
    if (problem) setError(problem);
    else onDone();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex flex-wrap items-center gap-2"
    >
      <label htmlFor={`${id}-name`} className="sr-only">
        Name of quote {q.reference}
      </label>
      <input
        ref={input}
        id={`${id}-name`}
        value={value}
        maxLength={QUOTE_NAME_MAX}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
          }
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-err` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the user asked to rename this quote just now
        autoFocus
        className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900"
      />
      <button type="submit" disabled={busy} className={button}>
        {busy ? 'Saving...' : 'Save name'}
      </button>
      <button type="button" onClick={onDone} className={button}>
        Cancel
      </button>
      {error ? (
        <p id={`${id}-err`} role="alert" className="w-full text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function SavedRow({
  q,
  opening,
  onOpen,
  onDelete,
  onRename,
}: {
  q: SavedQuoteSummary;
  opening: boolean;
  onOpen: () => void;
  onDelete: () => Promise<boolean>;
  onRename: (name: string) => Promise<string | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to Rename once the name field has gone (after React has rendered the button again).
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || renaming) return;
    renameButton.current?.focus();
    setRefocus(false);
  }, [refocus, renaming]);
  const validity = validityText(q.valid_until);
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-quote={q.reference}
    >
      <div className="flex min-w-0 gap-3">
        {q.thumbnail_url ? (
          <img
            src={q.thumbnail_url}
            alt={`Preview of ${q.name}`}
            width={80}
            height={60}
            loading="lazy"
            className="h-[60px] w-[80px] shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-[60px] w-[80px] shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500"
          >
            No preview
          </div>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{q.reference}</p>
          <QuoteName
            q={q}
            editing={renaming}
            onRename={onRename}
            onDone={() => {
              setRenaming(false);
              setRefocus(true);
            }}
          />
          <p className="mt-0.5 text-sm text-slate-700" data-testid="quote-summary-line">
            {q.quantity} × {q.summary}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            <time dateTime={q.updated_at}>{formatDate(q.updated_at)}</time>
            {' · '}
            <span className="font-semibold tabular-nums text-slate-900">{formatGBP(q.total_pence)}</span>{' '}
            excl. VAT
            {' · '}
            <span className={validity === 'Expired' ? 'text-amber-800' : ''}>{validity}</span>
          </p>
          {failed ? (
            <p role="alert" className="mt-1 text-sm text-red-800">
              The quote could not be deleted. Please try again.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {confirming ? (
          <>
            <span className="self-center text-sm text-slate-700">Delete this quote?</span>
            <button
              type="button"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const ok = await onDelete();
                setBusy(false);
                setFailed(!ok);
                setConfirming(false);
              }}
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {busy ? 'Deleting...' : 'Confirm delete'}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={button}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <Link
              to={checkoutPath(q.id)}
              aria-label={`Order ${q.name}`}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Order
            </Link>
            <button
              type="button"
              onClick={onOpen}
              disabled={opening}
              aria-label={`Open quote for ${q.name}`}
              className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              {opening ? 'Opening...' : 'Open'}
            </button>
            <a
              href={savedQuotePdfUrl(q.id)}
              download={`${q.reference}.pdf`}
              aria-label={`Download PDF of ${q.reference}`}
              className={button}
            >
              Download PDF
            </a>
            <button
              ref={renameButton}
              type="button"
              onClick={() => setRenaming(true)}
              disabled={renaming}
              aria-label={`Rename ${q.reference}`}
              className={button}
            >
              Rename
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={`Delete quote for ${q.name}`}
              className={button}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export function SavedQuotes({
  quotes,
  error,
  openingId,
  onOpen,
  onDelete,
  onRename,
}: {
  quotes: SavedQuoteSummary[];
  error: string | null;
  openingId: string | null;
  onOpen: (id: string) => void;
  onDelete: (id: string) => Promise<boolean>;
  onRename: (id: string, name: string) => Promise<string | null>;
}) {
  const id = useId();
  if (quotes.length === 0 && !error) return null;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-slate-900">
        Saved Quotes
      </h2>
      {error ? <p className="mt-2 text-sm text-red-800">{error}</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {quotes.map((q) => (
          <SavedRow
            key={q.id}
            q={q}
            opening={openingId === q.id}
            onOpen={() => {
              onOpen(q.id);
              document.getElementById('calculator-workspace')?.scrollIntoView({ block: 'start' });
            }}
            onDelete={() => onDelete(q.id)}
            onRename={(name) => onRename(q.id, name)}
          />
        ))}
      </ul>
    </section>
  );
}
