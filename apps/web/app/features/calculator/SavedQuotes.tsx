import { formatGBP } from '@printloop/quote';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { checkoutPath } from '../../config/paths';
import type { SavedQuoteSummary } from '../../lib/api-client';
import { formatDate, validityText } from './format';

function SavedRow({
  q,
  opening,
  onOpen,
  onDelete,
}: {
  q: SavedQuoteSummary;
  opening: boolean;
  onOpen: () => void;
  onDelete: () => Promise<boolean>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const validity = validityText(q.valid_until);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-all font-medium text-slate-900">{q.file_name}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          <time dateTime={q.created_at}>{formatDate(q.created_at)}</time>
          {' · '}
          <span className="font-semibold tabular-nums text-slate-900">{formatGBP(q.total_pence)}</span>
          {' · '}
          <span className={validity === 'Expired' ? 'text-amber-800' : ''}>{validity}</span>
          {' · '}
          {q.quantity} × {q.parameters.filamentType}
        </p>
        {failed ? (
          <p role="alert" className="mt-1 text-sm text-red-800">
            The quote could not be deleted. Please try again.
          </p>
        ) : null}
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
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </button>
          </>
        ) : (
          <>
            <Link
              to={checkoutPath(q.id)}
              aria-label={`Order ${q.file_name}`}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Order
            </Link>
            <button
              type="button"
              onClick={onOpen}
              disabled={opening}
              aria-label={`Open quote for ${q.file_name}`}
              className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              {opening ? 'Opening...' : 'Open'}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={`Delete quote for ${q.file_name}`}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
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
}: {
  quotes: SavedQuoteSummary[];
  error: string | null;
  openingId: string | null;
  onOpen: (id: string) => void;
  onDelete: (id: string) => Promise<boolean>;
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
          />
        ))}
      </ul>
    </section>
  );
}
