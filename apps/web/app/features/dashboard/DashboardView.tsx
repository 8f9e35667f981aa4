import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/layout';
import { paths } from '../../config/paths';

/** Order statuses in production order, each with its own colour (used by the legend and, later, the rows). */
export const orderStatuses = [
  {
    id: 'queued',
    label: 'Queued',
    swatch: 'bg-slate-500',
    badge: 'bg-slate-100 text-slate-800 ring-slate-300',
  },
  {
    id: 'printing',
    label: 'Printing',
    swatch: 'bg-blue-600',
    badge: 'bg-blue-50 text-blue-800 ring-blue-300',
  },
  {
    id: 'packaging',
    label: 'Packaging',
    swatch: 'bg-amber-500',
    badge: 'bg-amber-50 text-amber-900 ring-amber-300',
  },
  {
    id: 'shipped',
    label: 'Shipped',
    swatch: 'bg-emerald-600',
    badge: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  },
] as const;

/** Target times per stage (SPEC section 9). */
export const stageTargets = [
  { id: 'order-to-print', label: 'Order to print', target: '30 min' },
  { id: 'print-to-package', label: 'Print to package', target: '60 min' },
  { id: 'package-to-ship', label: 'Package to ship', target: '30 min' },
  { id: 'total', label: 'Total', target: '2 h' },
] as const;

export const orderColumns = [
  'Order',
  'Customer',
  'Product',
  'Status',
  'Progress',
  'Time remaining',
  'Amount',
  'Created',
  'Priority',
] as const;

const statCards = [
  { id: 'active', label: 'Active orders' },
  { id: 'in-production', label: 'In production' },
  { id: 'queued', label: 'Queued' },
  { id: 'completed-today', label: 'Completed today' },
] as const;

/** An em dash for a figure that does not exist yet; screen readers hear "no data". */
function NoData({ className = '' }: { className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No data</span>
    </span>
  );
}

function Panel({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function EmptyChart({ caption, message, axis }: { caption: string; message: string; axis: string }) {
  return (
    <figure className="m-0">
      <div className="flex h-44 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 text-center">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-8 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M3 3v18h18M7 15l4-4 3 3 5-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className="mt-2 text-sm font-medium text-slate-700">{message}</p>
      </div>
      <figcaption className="mt-2 text-xs text-slate-600">
        {caption} · {axis}
      </figcaption>
    </figure>
  );
}

/** A header action that stays disabled until orders exist; the hint below the buttons says why. */
function PendingAction({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <button
      type="button"
      disabled
      aria-describedby="dashboard-actions-hint"
      title="Available once orders exist"
      className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-500 disabled:cursor-not-allowed"
    >
      {icon}
      {children}
    </button>
  );
}

/**
 * The production dashboard as it is before any order exists: every figure is an honest empty state.
 * Orders placed through the calculator or the API will fill it.
 */
export function DashboardView({ links }: { links?: ReactNode } = {}) {
  return (
    <div className="bg-slate-50">
      <Container className="py-8 sm:py-10">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Operations</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">
              Production Dashboard
            </h1>
            <p className="mt-2 max-w-2xl text-slate-700">
              Live view of orders moving through printing, packaging and shipping.
            </p>
            {links ? <div className="mt-3 flex flex-wrap gap-3">{links}</div> : null}
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <div className="flex gap-2">
              <PendingAction
                icon={
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                    <path d="M3 4h14l-5.5 6.5V16l-3-1.5v-4z" />
                  </svg>
                }
              >
                Filter
              </PendingAction>
              <PendingAction
                icon={
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                  >
                    <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                }
              >
                Export Report
              </PendingAction>
            </div>
            <p id="dashboard-actions-hint" className="text-xs text-slate-600">
              Available once orders exist
            </p>
          </div>
        </header>

        <section aria-labelledby="overview-heading" className="mt-8">
          <h2 id="overview-heading" className="sr-only">
            Overview
          </h2>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {statCards.map((s) => (
              <div key={s.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <dt className="text-sm font-medium text-slate-700">{s.label}</dt>
                <dd className="mt-2">
                  <NoData className="block text-3xl font-bold text-slate-900" />
                  <span className="mt-1 block text-sm text-slate-600">No orders yet</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <Panel id="capacity" title="Production capacity">
            <div className="h-3 w-full rounded-full bg-slate-200" aria-hidden="true" />
            <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              {['Capacity in use', 'Printers active', 'Orders queued', 'Queue clears in'].map((label) => (
                <div key={label}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="mt-0.5 font-semibold text-slate-900">
                    <NoData />
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              Capacity is measured from printers that report their state. None have reported yet.
            </p>
          </Panel>

          <Panel id="status-legend" title="Order status">
            <p className="text-sm text-slate-700">Each order moves through these stages, in this order:</p>
            <ul className="mt-4 space-y-3">
              {orderStatuses.map((s) => (
                <li key={s.id} className="flex items-center gap-3 text-sm">
                  <span aria-hidden="true" className={`size-3 rounded-full ${s.swatch}`} />
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${s.badge}`}
                  >
                    {s.label}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>

          <Panel id="stage-timing" title="Stage timing">
            <ul className="grid grid-cols-2 gap-3">
              {stageTargets.map((t) => (
                <li key={t.id} className="rounded-lg border border-slate-200 p-3">
                  <p className="text-xs font-medium text-slate-700">{t.label}</p>
                  <p className="mt-1 text-sm text-slate-900">
                    Target <strong>{t.target}</strong>
                  </p>
                  <p className="text-sm text-slate-600">
                    Actual <NoData />
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-600">
              Averages appear once orders have completed each stage.
            </p>
          </Panel>
        </div>

        <div className="mt-6">
          <Panel id="active-orders" title="Active orders">
            <div className="overflow-x-auto rounded-lg border border-slate-200">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <caption className="sr-only">Active orders</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {orderColumns.map((c) => (
                      <th key={c} scope="col" className="whitespace-nowrap px-4 py-2.5 font-semibold">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td colSpan={orderColumns.length} className="py-10 text-slate-700">
                      {/* Sticky so the message stays in view when the wide table scrolls on small screens. */}
                      <div className="sticky left-0 w-[min(100%,calc(100vw-5rem))] px-4 text-center">
                        <p>No orders yet. Orders placed through the calculator or the API appear here.</p>
                        <p className="mt-3 flex flex-wrap justify-center gap-4">
                          <Link to={paths.calculator} className="font-semibold text-brand-700 underline">
                            Get a quote
                          </Link>
                          <Link
                            to={`${paths.docs}#orders-api`}
                            className="font-semibold text-brand-700 underline"
                          >
                            Orders API
                          </Link>
                        </p>
                      </div>
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          </Panel>
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Panel id="order-trend" title="24h order trend">
            <EmptyChart
              caption="Orders per hour"
              axis="last 24 hours"
              message="No orders in the last 24 hours"
            />
          </Panel>
          <Panel id="print-volume" title="Daily print volume">
            <EmptyChart
              caption="Parts printed per day"
              axis="last 30 days"
              message="No prints in the last 30 days"
            />
          </Panel>
        </div>
      </Container>
    </div>
  );
}
