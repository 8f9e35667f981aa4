import { formatGBP } from '@printloop/quote';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ErrorNote,
  Loading,
  PageHeader,
  primaryButton,
  SelectInput,
  secondaryButton,
  TextInput,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { opsOrderPath, paths } from '../../config/paths';
import { useHydrated } from '../auth/hydrated';
import { useSignedIn } from '../auth/useSignedIn';
import { opsApi } from './api';
import { formatDate, formatDeliveryDay } from './format';
import { StatusFilter, statusParam } from './OrdersListView';
import { PAGE_SIZE, useOrderPages } from './order-pages';
import { StatusChip } from './ui';

export const OPERATORS_ONLY = "This page is for the farm's operators only.";

/** What a signed-in customer sees on the console's pages (the server answered 403). */
export function OperatorsOnly() {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-12 text-center">
      <p className="font-medium text-slate-900">{OPERATORS_ONLY}</p>
      <p className="mt-3">
        <Link to={paths.orders} className="font-semibold text-brand-700 underline">
          Go to my orders
        </Link>
      </p>
    </div>
  );
}

/** The console's tabs: orders and accounts. */
export function ConsoleNav({ current }: { current: 'orders' | 'accounts' | 'messages' }) {
  const tab = (to: string, label: string, active: boolean): ReactNode => (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={`rounded-md px-3 py-2 text-sm font-semibold ${
        active
          ? 'bg-brand-600 text-white'
          : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
      }`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Orders console" className="flex flex-wrap gap-2">
      {tab(paths.opsOrders, 'Orders', current === 'orders')}
      {tab(paths.opsAccounts, 'Accounts', current === 'accounts')}
      {tab(paths.opsMessages, 'Messages', current === 'messages')}
      {tab(paths.dashboard, 'Production dashboard', false)}
    </nav>
  );
}

export function OpsOrdersView() {
  const session = useSignedIn();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const status = hydrated ? statusParam(params.get('status')) : undefined;
  const q = hydrated ? (params.get('q') ?? '') : '';
  const livemode = hydrated && params.get('livemode') === 'false' ? 'false' : 'true';
  const [text, setText] = useState<string | null>(null);
  const uid = useId();
  const signedIn = session.status === 'signed-in';
  const { state, loadMore } = useOrderPages(
    signedIn,
    JSON.stringify([status, q, livemode]),
    (cursor, signal) =>
      opsApi.orders(
        { status, q: q || undefined, livemode, limit: PAGE_SIZE, starting_after: cursor },
        signal,
      ),
  );

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    update({ q: (text ?? q).trim() || undefined });
  }

  return (
    <>
      <PageHeader
        eyebrow="Orders console"
        title="All orders"
        lead={<p>Every order of the farm: record payments, move orders through production and ship them.</p>}
        actions={<ConsoleNav current="orders" />}
      />
      <Container className="py-8 sm:py-10">
        {state.status === 'forbidden' ? (
          <OperatorsOnly />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <form onSubmit={onSearch} className="flex items-end gap-2 sm:col-span-2">
                <div className="min-w-0 flex-1">
                  <TextInput
                    id={`${uid}-q`}
                    label="Search"
                    type="search"
                    placeholder="Order id, email, name or reference"
                    value={text ?? q}
                    onChange={(e) => setText(e.target.value)}
                  />
                </div>
                <button type="submit" className={primaryButton}>
                  Search
                </button>
              </form>
              <StatusFilter value={status} onChange={(v) => update({ status: v })} />
              <SelectInput
                id={`${uid}-mode`}
                label="Mode"
                value={livemode}
                onChange={(e) => update({ livemode: e.target.value === 'false' ? 'false' : undefined })}
              >
                <option value="true">Live orders</option>
                <option value="false">Test orders</option>
              </SelectInput>
            </div>
            <div className="mt-6" aria-live="polite" aria-busy={state.status === 'loading'}>
              {!signedIn || state.status === 'loading' ? (
                <Loading label="Loading orders…" />
              ) : state.status === 'error' ? (
                <ErrorNote>{state.error}</ErrorNote>
              ) : state.orders.length === 0 ? (
                <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center text-slate-700">
                  No orders match these filters.
                </p>
              ) : (
                <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
                  <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                    <caption className="sr-only">Orders</caption>
                    <thead className="bg-slate-50 text-slate-700">
                      <tr>
                        {['Order', 'Customer', 'Status', 'Total', 'Created', 'Estimated delivery'].map(
                          (c) => (
                            <th key={c} scope="col" className="whitespace-nowrap px-4 py-2.5 font-semibold">
                              {c}
                            </th>
                          ),
                        )}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200">
                      {state.orders.map((o) => (
                        <tr key={o.id} className="hover:bg-slate-50">
                          <td className="whitespace-nowrap px-4 py-3">
                            <Link
                              to={opsOrderPath(o.id)}
                              className="font-mono font-semibold text-brand-700 underline"
                            >
                              {o.id}
                            </Link>
                          </td>
                          <td className="px-4 py-3 break-all text-slate-800">{o.customer?.email ?? ''}</td>
                          <td className="whitespace-nowrap px-4 py-3">
                            <StatusChip status={o.status} />
                          </td>
                          <td className="whitespace-nowrap px-4 py-3 font-semibold tabular-nums">
                            {formatGBP(o.total_amount)}
                          </td>
                          <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                            <time dateTime={o.created_at}>{formatDate(o.created_at)}</time>
                          </td>
                          <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                            {formatDeliveryDay(o.estimated_delivery)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
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
          </>
        )}
      </Container>
    </>
  );
}
