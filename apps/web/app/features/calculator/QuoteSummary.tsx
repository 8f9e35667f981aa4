import { formatGBP } from '@printloop/quote';
import { useId } from 'react';
import { Link } from 'react-router';
import { checkoutPath } from '../../config/paths';
import { formatPrintTime } from './format';
import { DeliveryLines, VatNote } from './QuoteDates';
import { priceLines } from './quote-view';
import { SaveActions, savedMessage } from './SaveActions';
import {
  type OpenedQuote,
  SAVE_ERROR,
  type SaveMode,
  type SaveState,
  type ShownQuote,
} from './useCalculator';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export function QuoteSummary({
  shown,
  hasFile,
  processing,
  previewError,
  canSave,
  save,
  opened,
  onSave,
  onReset,
  problem = null,
  onOrder,
  visitor = false,
}: {
  /** Why there is no price (an invalid parameter): the total is cleared, Save and Order disabled. */
  problem?: string | null;
  shown: ShownQuote | null;
  hasFile: boolean;
  processing: boolean;
  previewError: string | null;
  canSave: boolean;
  save: SaveState;
  opened: OpenedQuote | null;
  onSave: (mode: SaveMode) => void;
  onReset: () => void;
  /** Order: saves the quote first when needed, then goes to the checkout. */
  onOrder: () => void;
  /** Not signed in: Save and Order ask for an account (the file and settings are kept). */
  visitor?: boolean;
}) {
  const id = useId();
  const q = shown?.quote;
  const partCost = q ? q.material_pence + q.machine_pence + q.support_pence + q.post_processing_pence : 0;

  return (
    <section
      aria-labelledby={`${id}-h`}
      aria-busy={shown?.updating ?? false}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-slate-900">
        Quote Summary
      </h2>
      {q && shown ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Part Cost</dt>
              <dd className="mt-1 text-lg font-bold tabular-nums text-slate-900">{formatGBP(partCost)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Print Time</dt>
              <dd className="mt-1 text-lg font-bold tabular-nums text-slate-900">
                {formatPrintTime(shown.estimate.print_time_s)}
              </dd>
            </div>
            <div className="col-span-2 rounded-lg bg-brand-50 p-3">
              <dt className="text-xs text-brand-800">Total Quote (excl. VAT)</dt>
              <dd
                className="mt-1 text-lg font-extrabold tabular-nums text-brand-800"
                data-testid="total-quote"
              >
                {formatGBP(q.total_pence)}
              </dd>
            </div>
          </dl>
          <VatNote totalPence={q.total_pence} />
          <DeliveryLines
            quote={q}
            goodsWeightG={shown.estimate.filament_g * q.quantity}
            leadTimes={shown.leadTimes}
          />
          <p className="mt-3 text-xs text-slate-600" data-testid="quote-source">
            {shown.source === 'server'
              ? shown.updating
                ? 'Confirmed quote from the server; updating for your latest changes…'
                : 'Confirmed quote: priced on the server from its own analysis of your file.'
              : shown.updating
                ? 'Instant estimate calculated in your browser; the confirmed quote from the server follows…'
                : 'Instant estimate calculated in your browser.'}
          </p>
          <details className="mt-3 rounded-lg border border-slate-200 px-3 py-2 text-sm" open>
            <summary className="cursor-pointer font-medium text-slate-800">Itemised breakdown</summary>
            <dl className="mt-2 divide-y divide-slate-100">
              {priceLines(q, shown.estimate.filament_g).map((l) => (
                <Row key={l.label} label={l.label} value={l.value} strong={l.strong} />
              ))}
            </dl>
            <p className="mt-2 text-xs text-slate-600">
              {shown.estimate.layers} layers, {shown.estimate.filament_cm3.toFixed(2)} cm³ of filament. Prices
              in GBP; price table {q.price_table_version}.
            </p>
          </details>
        </>
      ) : problem && hasFile ? (
        <dl className="mt-4 rounded-lg bg-slate-100 p-3" data-testid="quote-blocked">
          <dt className="text-xs text-slate-600">Total Quote</dt>
          <dd className="mt-1 text-lg font-extrabold text-slate-500" data-testid="total-quote">
            —
          </dd>
          <dd className="mt-1 text-xs text-slate-700">No price until this is fixed: {problem}</dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {processing || hasFile
            ? 'Working out your quote…'
            : 'Upload a model to see its price, print time and delivery dates.'}
        </p>
      )}
      {previewError ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {previewError}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap items-start gap-3">
        <SaveActions canSave={canSave} save={save} opened={opened} onSave={onSave} />
        {save.status !== 'saved' ? (
          <button
            type="button"
            onClick={onOrder}
            disabled={!canSave}
            className="flex-1 rounded-md bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            Order
          </button>
        ) : null}
        <button
          type="button"
          onClick={onReset}
          className="rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Reset
        </button>
      </div>
      {visitor && q ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="visitor-note">
          Save or Order asks you to sign up or sign in. Your model and settings are kept, and the quote is
          saved as soon as you are signed in.
        </p>
      ) : null}
      <div role="status" className="mt-3 text-sm text-green-800">
        {savedMessage(save)}
      </div>
      {save.status === 'saved' && !problem ? (
        <Link
          to={checkoutPath(save.id)}
          className="mt-2 flex w-full items-center justify-center rounded-md bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-orange-800"
        >
          Order
        </Link>
      ) : null}
      {save.status === 'error' ? (
        <p
          role="alert"
          className="mt-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {SAVE_ERROR}
        </p>
      ) : null}
    </section>
  );
}
