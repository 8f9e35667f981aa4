import { formatGBP } from '@printloop/quote';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { checkoutPath } from '../../config/paths';
import type { OpenedQuote, SaveMode, SaveState, ShownQuote } from './useCalculator';

/** How long the total must hold still before a screen reader is told (typing a quantity changes it often). */
export const ANNOUNCE_DELAY_MS = 900;

/** What a screen reader hears when the price changes; null while there is nothing settled to say. */
export function priceAnnouncement(shown: ShownQuote | null): string | null {
  if (!shown || shown.updating) return null;
  const kind = shown.source === 'server' ? 'confirmed quote' : 'instant estimate';
  return `Total ${formatGBP(shown.quote.total_pence)}, ${kind}, for ${shown.quote.quantity} ${
    shown.quote.quantity === 1 ? 'part' : 'parts'
  }.`;
}

/**
 * A polite live region that announces the total once it has settled (not at every keystroke). It keeps
 * the last settled text while a new figure is computed.
 */
export function PriceAnnouncer({ shown }: { shown: ShownQuote | null }) {
  const next = priceAnnouncement(shown);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (next === null) return;
    const t = setTimeout(() => setSaid(next), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(t);
  }, [next]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="price-announcer">
      {said}
    </p>
  );
}

/**
 * The phone's bottom bar: the total, Save and Order stay in view while the parameters scroll
 * (hidden from `lg` up, where the Quote Summary itself stays in view).
 */
export function StickyTotal({
  shown,
  canSave,
  save,
  onSave,
  onOrder,
  opened = null,
  problem = null,
}: {
  shown: ShownQuote | null;
  canSave: boolean;
  save: SaveState;
  onSave: (mode: SaveMode) => void;
  onOrder: () => void;
  /** An opened saved quote: the bar's Save updates it (the summary also offers Save as new). */
  opened?: OpenedQuote | null;
  /** An invalid parameter: no total is shown. */
  problem?: string | null;
}) {
  const q = problem ? undefined : shown?.quote;
  return (
    <section
      aria-label="Quote total"
      data-testid="sticky-total-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-600">
            {shown ? (shown.source === 'server' ? 'Confirmed total' : 'Instant total') : 'Total'}
          </p>
          <p
            className={`text-xl font-extrabold tabular-nums ${shown?.updating ? 'text-slate-500' : 'text-brand-800'}`}
            data-testid="sticky-total"
          >
            {q ? formatGBP(q.total_pence) : '—'}
          </p>
        </div>
        <button
          type="button"
          onClick={() => onSave(opened ? 'update' : 'new')}
          disabled={!canSave || save.status === 'saved'}
          className="rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {save.status === 'saving'
            ? 'Saving...'
            : save.status === 'saved'
              ? 'Saved'
              : opened
                ? 'Update'
                : 'Save'}
        </button>
        {save.status === 'saved' ? (
          <Link
            to={checkoutPath(save.id)}
            className="rounded-md bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-800"
          >
            Order
          </Link>
        ) : (
          <button
            type="button"
            onClick={onOrder}
            disabled={!canSave}
            className="rounded-md bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            Order
          </button>
        )}
      </div>
    </section>
  );
}
