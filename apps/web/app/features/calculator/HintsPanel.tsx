import { formatGBP, type SavingsHint } from '@printloop/quote';
import { useId } from 'react';

/**
 * Ways to pay less: up to three changes, the largest saving first, each with the exact price it gives.
 * A click applies it (the parameters or the quantity change, and the price follows).
 */
export function HintsPanel({ hints, onApply }: { hints: SavingsHint[]; onApply: (h: SavingsHint) => void }) {
  const id = useId();
  if (hints.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-5 shadow-sm sm:p-6"
      data-testid="savings-hints"
    >
      <h2 id={`${id}-h`} className="text-lg font-bold text-slate-900">
        Ways to save
      </h2>
      <ul className="mt-3 space-y-2">
        {hints.map((h) => {
          const many = h.quote.quantity > 1;
          const price = many
            ? `${formatGBP(h.quote.total_pence)} for ${h.quote.quantity}`
            : formatGBP(h.quote.total_pence);
          return (
            <li key={h.kind}>
              <button
                type="button"
                onClick={() => onApply(h)}
                data-testid={`hint-${h.kind}`}
                data-total-pence={h.quote.total_pence}
                className="w-full rounded-lg border border-emerald-300 bg-white px-3 py-2 text-left text-sm shadow-sm hover:border-emerald-500 hover:bg-emerald-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-slate-900">{h.title}</span>
                  <span className="tabular-nums font-semibold text-emerald-800">
                    {price}{' '}
                    <span className="font-normal text-emerald-900">
                      (−{Math.floor(h.saving * 100)} %{many ? ' a part' : ''})
                    </span>
                  </span>
                </span>
                <span className="mt-0.5 block text-xs text-slate-700">{h.detail} Click to apply.</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
