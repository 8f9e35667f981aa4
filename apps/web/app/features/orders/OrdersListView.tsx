import { ORDER_STATUSES, type OrderStatus, STATUS_LABELS } from '@printloop/contracts';
import { formatGBP } from '@printloop/quote';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ErrorNote,
  Loading,
  PageHeader,
  primaryButton,
  SelectInput,
  secondaryButton,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { orderPath, paths } from '../../config/paths';
import { useHydrated } from '../auth/hydrated';
import { useSignedIn } from '../auth/useSignedIn';
import { ordersApi } from './api';
import { deliveredBy, formatDate, itemsSummary } from './format';
import { PAGE_SIZE, useOrderPages } from './order-pages';
import { StatusChip } from './ui';

/** A status from the URL's query, or undefined for "all". */
export function statusParam(value: string | null): OrderStatus | undefined {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : undefined;
}

export function StatusFilter({
  value,
  onChange,
}: {
  value: OrderStatus | undefined;
  onChange: (v: OrderStatus | undefined) => void;
}) {
  const id = useId();
  return (
    <SelectInput
      id={id}
      label="Status"
      value={value ?? ''}
      onChange={(e) => onChange(statusParam(e.target.value))}
    >
      <option value="">All orders</option>
      {ORDER_STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s]}
        </option>
      ))}
    </SelectInput>
  );
}

export function OrdersListView() {
  const session = useSignedIn();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const status = hydrated ? statusParam(params.get('status')) : undefined;
  const signedIn = session.status === 'signed-in';
  const { state, loadMore } = useOrderPages(signedIn, status ?? '', (cursor, signal) =>
    ordersApi.list({ status, limit: PAGE_SIZE, starting_after: cursor }, signal),
  );

  return (
    <>
      <PageHeader
        eyebrow="Your account"
        title="My orders"
        lead={<p>Every order you placed, newest first: its status, total and delivery date.</p>}
        actions={
          <Link to={paths.calculator} className={primaryButton}>
            New quote
          </Link>
        }
      />
      <Container className="py-8 sm:py-10">
        <div className="max-w-xs">
          <StatusFilter
            value={status}
            onChange={(v) => setParams(v ? { status: v } : {}, { replace: true })}
          />
        </div>
        <div className="mt-6" aria-live="polite" aria-busy={state.status === 'loading'}>
          {!signedIn || state.status === 'loading' ? (
            <Loading label="Loading your orders…" />
          ) : state.status === 'error' || state.status === 'forbidden' ? (
            <ErrorNote>{state.error ?? 'The orders could not be loaded.'}</ErrorNote>
          ) : state.orders.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center">
              <p className="font-medium text-slate-800">
                {status ? `No orders are ${STATUS_LABELS[status].toLowerCase()}.` : 'You have no orders yet.'}
              </p>
              <p className="mt-2 text-slate-700">
                Get a quote in the calculator, save it, and order it from there.
              </p>
              <Link to={paths.calculator} className={`${primaryButton} mt-5`}>
                Go to the calculator
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
              {state.orders.map((o) => (
                <li
                  key={o.id}
                  className="relative flex flex-col gap-2 p-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:p-5"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={orderPath(o.id)}
                        className="break-all font-mono text-sm font-semibold text-brand-700 underline after:absolute after:inset-0 hover:text-brand-800"
                      >
                        {o.id}
                      </Link>
                      <StatusChip status={o.status} />
                    </div>
                    <p className="mt-1 break-all text-sm text-slate-700">{itemsSummary(o.items)}</p>
                    <p className="mt-0.5 text-sm text-slate-600">
                      Placed <time dateTime={o.created_at}>{formatDate(o.created_at)}</time>
                      {o.status === 'cancelled' || o.status === 'delivered'
                        ? null
                        : ` · ${deliveredBy(o.estimated_delivery)}`}
                    </p>
                  </div>
                  <p className="shrink-0 text-lg font-bold tabular-nums text-slate-900">
                    {formatGBP(o.total_amount)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {state.status === 'ready' && state.error ? (
            <div className="mt-4">
              <ErrorNote>{state.error}</ErrorNote>
            </div>
          ) : null}
          {state.status === 'ready' && state.hasMore ? (
            <div className="mt-6 text-center">
              <button
                type="button"
                className={secondaryButton}
                onClick={loadMore}
                disabled={state.loadingMore}
              >
                {state.loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </div>
      </Container>
    </>
  );
}
