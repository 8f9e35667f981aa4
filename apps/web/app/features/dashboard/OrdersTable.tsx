import { type DashboardOrderRow, STATUS_LABELS } from '@printloop/contracts';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import { opsOrderPath, orderPath } from '../../config/paths';
import {
  DASHBOARD_PRIORITIES,
  type DashboardFilters,
  FILTER_STATUSES,
  formatCreated,
  formatDuration,
  formatGBP,
} from './format';
import {
  buttonClass,
  NoData,
  ORDER_STATUS_STYLES,
  OrderStatusChip,
  ProgressBar,
  primaryButtonClass,
} from './parts';

const PRIORITY_LABELS: Record<(typeof DASHBOARD_PRIORITIES)[number], string> = {
  high: 'High (express)',
  normal: 'Normal',
};

/** The table's filter: status, priority and a text search, applied together. */
export function FilterForm({
  id,
  filters,
  operator,
  onApply,
}: {
  id: string;
  filters: DashboardFilters;
  operator: boolean;
  onApply: (f: DashboardFilters) => void;
}) {
  const base = useId();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const status = String(form.get('status') ?? '');
    const priority = String(form.get('priority') ?? '');
    const q = String(form.get('q') ?? '').trim();
    onApply({
      status: (FILTER_STATUSES as readonly string[]).includes(status)
        ? (status as DashboardFilters['status'])
        : undefined,
      priority: (DASHBOARD_PRIORITIES as readonly string[]).includes(priority)
        ? (priority as DashboardFilters['priority'])
        : undefined,
      q: q || undefined,
    });
  }
  const field = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
  return (
    <form
      id={id}
      aria-label="Filter active orders"
      onSubmit={submit}
      // Remount when the applied filter changes elsewhere (the URL), so the fields show it.
      key={`${filters.status ?? ''}|${filters.priority ?? ''}|${filters.q ?? ''}`}
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
    >
      <div>
        <label htmlFor={`${base}-status`} className="text-xs font-medium text-slate-800">
          Status
        </label>
        <select id={`${base}-status`} name="status" defaultValue={filters.status ?? ''} className={field}>
          <option value="">All active</option>
          {FILTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${base}-priority`} className="text-xs font-medium text-slate-800">
          Priority
        </label>
        <select
          id={`${base}-priority`}
          name="priority"
          defaultValue={filters.priority ?? ''}
          className={field}
        >
          <option value="">Any</option>
          {DASHBOARD_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${base}-q`} className="text-xs font-medium text-slate-800">
          Search
        </label>
        <input
          id={`${base}-q`}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filters.q ?? ''}
          placeholder={operator ? 'Order id, email or file name' : 'Order id or file name'}
          className={field}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass}>
          Apply
        </button>
        <button type="button" className={buttonClass} onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

/** The active orders: operators see every customer's, a customer their own. */
export function OrdersTable({
  rows,
  operator,
  filtered,
}: {
  rows: readonly DashboardOrderRow[];
  operator: boolean;
  filtered: boolean;
}) {
  const columns = [
    'Order',
    ...(operator ? ['Customer'] : []),
    'Product',
    'Status',
    'Progress',
    'Time remaining',
    'Amount',
    'Created',
    'Priority',
  ];
  return (
    // The table scrolls in its own box, which the keyboard can reach; the page never scrolls sideways.
    <section
      aria-label="Active orders table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">Active orders</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="whitespace-nowrap px-4 py-2.5 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-10 text-slate-700">
                <div className="sticky left-0 w-[min(100%,calc(100vw-5rem))] px-4 text-center">
                  {filtered ? (
                    <p>No active orders match the filter.</p>
                  ) : (
                    <p>No active orders. Orders placed through the calculator or the API appear here.</p>
                  )}
                </div>
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id} data-order-id={r.id}>
                <th scope="row" className="whitespace-nowrap px-4 py-2.5 font-normal">
                  <Link
                    to={operator ? opsOrderPath(r.id) : orderPath(r.id)}
                    className="font-mono text-brand-700 underline"
                  >
                    {r.id}
                  </Link>
                </th>
                {operator ? (
                  <td
                    className="max-w-56 truncate px-4 py-2.5 text-slate-800"
                    title={r.customer ?? undefined}
                  >
                    {r.customer ?? <NoData />}
                  </td>
                ) : null}
                <td className="max-w-64 truncate px-4 py-2.5 text-slate-800" title={r.product}>
                  {r.product}
                </td>
                <td className="px-4 py-2.5" data-testid="order-row-status">
                  <OrderStatusChip status={r.status} />
                </td>
                <td className="px-4 py-2.5">
                  <ProgressBar
                    value={r.progress}
                    label={`Progress of ${r.id}`}
                    barClass={ORDER_STATUS_STYLES[r.status].bar}
                  />
                </td>
                <td className="whitespace-nowrap px-4 py-2.5 text-slate-800">
                  {r.remaining_seconds === null ? <NoData /> : formatDuration(r.remaining_seconds)}
                </td>
                <td className="whitespace-nowrap px-4 py-2.5 tabular-nums text-slate-900">
                  {formatGBP(r.total_amount)}
                </td>
                <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">
                  {formatCreated(r.created_at)}
                </td>
                <td className="whitespace-nowrap px-4 py-2.5">
                  {r.priority === 'high' ? (
                    <span className="font-semibold text-red-700">High</span>
                  ) : (
                    <span className="text-slate-700">Normal</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
