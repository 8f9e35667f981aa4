import { type DashboardDto, type FarmStateDto, STATUS_LABELS, type StageTiming } from '@printloop/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Container } from '../../components/ui/layout';
import { paths } from '../../config/paths';
import { BarChart } from './BarChart';
import {
  completionText,
  type DashboardFilters,
  dashboardQueryString,
  exportHref,
  filtersFromParams,
  formatClock,
  formatGBP,
  formatMinutes,
  leadTimeText,
  percent,
  STAGE_LABELS,
  STAGE_TARGETS,
  STAGES,
  stageVerdictText,
} from './format';
import { FilterForm, OrdersTable } from './OrdersTable';
import { AddPrinterForm, PrintersGrid } from './PrintersGrid';
import {
  buttonClass,
  LEGEND_STATUSES,
  NoData,
  ORDER_STATUS_STYLES,
  Panel,
  ProgressBar,
  primaryButtonClass,
  sized,
} from './parts';
import { useDashboard } from './useDashboard';

/** Who is looking: 'unknown' while prerendered and until the session is known. */
export type DashboardViewer = 'unknown' | 'visitor' | 'customer' | 'operator';

const FILTER_ID = 'dashboard-filter';
const SIGN_IN_HREF = `${paths.login}?next=${paths.dashboard}`;

const filterIcon = (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
    <path d="M3 4h14l-5.5 6.5V16l-3-1.5v-4z" />
  </svg>
);
const exportIcon = (
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
);

function StatCards({ data, operator }: { data: DashboardDto | null; operator: boolean }) {
  const cards = [
    { id: 'orders-today', label: 'Orders today', value: data?.cards.orders_today },
    { id: 'in-production', label: 'In production', value: data?.cards.in_production },
    { id: 'shipped-today', label: 'Shipped today', value: data?.cards.shipped_today },
    {
      id: 'revenue',
      label: operator || !data ? 'Revenue this month' : 'Spent this month',
      value: data ? formatGBP(data.cards.revenue_this_month) : undefined,
    },
  ];
  return (
    <section aria-labelledby="overview-heading" className="mt-8">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((c) => (
          <div
            key={c.id}
            data-testid={`card-${c.id}`}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <dt className="text-sm font-medium text-slate-700">{c.label}</dt>
            <dd className="mt-2">
              {c.value === undefined ? (
                <>
                  <NoData className="block text-2xl font-bold text-slate-900 sm:text-3xl" />
                  <span className="mt-1 block text-sm text-slate-600">No figures yet</span>
                </>
              ) : (
                <span className="block text-2xl font-bold tabular-nums text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
                  {c.value}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CapacityPanel({
  capacity,
  leadTimeDays,
  now,
}: {
  capacity: FarmStateDto['capacity'] | null;
  leadTimeDays: number | null;
  now: string | null;
}) {
  const figures: [string, ReactNode][] = capacity
    ? [
        ['Capacity in use', `${percent(capacity.current_capacity)}%`],
        ['Total printers', capacity.total_printers],
        ['Active printers', capacity.active_printers],
        ['Orders queued', capacity.queued_orders],
        ['Queue clears in', completionText(capacity.estimated_completion, now ?? new Date().toISOString())],
        ['New orders', leadTimeText(leadTimeDays)],
      ]
    : [];
  return (
    <Panel id="capacity" title="Production capacity">
      {capacity ? (
        <div data-testid="capacity">
          <ProgressBar value={capacity.current_capacity} label="Capacity in use" />
          <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {capacity.unschedulable_jobs > 0 ? (
            <p className="mt-3 text-sm text-amber-800">
              {capacity.unschedulable_jobs} queued {capacity.unschedulable_jobs === 1 ? 'plate' : 'plates'} no
              enabled printer can take.
            </p>
          ) : null}
        </div>
      ) : (
        <>
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
          <p className="mt-4 text-sm text-slate-600">Operators see the farm's printers and queue here.</p>
        </>
      )}
    </Panel>
  );
}

function LeadTimePanel({ days }: { days: number | null }) {
  return (
    <Panel id="lead-time" title="Current lead time">
      <p className="text-2xl font-bold text-slate-900" data-testid="lead-time">
        {leadTimeText(days)}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        How long a new standard order takes to be printed and dispatched with the farm's queue as it is now.
      </p>
    </Panel>
  );
}

function StatusLegend() {
  return (
    <Panel id="status-legend" title="Order status">
      <p className="text-sm text-slate-700">Each order moves through these stages, in this order:</p>
      <ul className="mt-4 space-y-3">
        {LEGEND_STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-3 text-sm">
            <span aria-hidden="true" className={`size-3 rounded-full ${ORDER_STATUS_STYLES[s].swatch}`} />
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${ORDER_STATUS_STYLES[s].badge}`}
            >
              {STATUS_LABELS[s]}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const VERDICT_STYLES: Record<StageTiming['verdict'], string> = {
  ahead: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  behind: 'bg-red-50 text-red-800 ring-red-300',
  no_data: 'bg-slate-100 text-slate-700 ring-slate-300',
};
const VERDICT_LABELS: Record<StageTiming['verdict'], string> = {
  ahead: 'Ahead',
  behind: 'Behind',
  no_data: 'No data',
};

function StageTimings({ timings }: { timings: readonly StageTiming[] | null }) {
  const byStage = new Map(timings?.map((t) => [t.stage, t]));
  return (
    <Panel id="stage-timing" title="Stage timing">
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {STAGES.map((stage) => {
          const t = byStage.get(stage);
          return (
            <li key={stage} className="rounded-lg border border-slate-200 p-3" data-testid={`stage-${stage}`}>
              <div className="flex items-start justify-between gap-2">
                <p className="text-xs font-medium text-slate-700">{STAGE_LABELS[stage]}</p>
                {t ? (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${VERDICT_STYLES[t.verdict]}`}
                  >
                    {VERDICT_LABELS[t.verdict]}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-slate-900">
                Target <strong>{formatMinutes(t?.target_minutes ?? STAGE_TARGETS[stage])}</strong>
              </p>
              <p className="text-sm text-slate-700">
                Median{' '}
                {t && t.median_minutes !== null ? (
                  <strong>{formatMinutes(t.median_minutes)}</strong>
                ) : (
                  <NoData />
                )}
              </p>
              {t ? (
                <p className="mt-1 text-xs text-slate-600">
                  {stageVerdictText(t)}
                  {t.samples > 0 ? ` · ${t.samples} ${t.samples === 1 ? 'order' : 'orders'}` : ''}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm text-slate-600">Medians of the last 7 days, from the orders' events.</p>
    </Panel>
  );
}

function Charts({ data }: { data: DashboardDto | null }) {
  const c = data?.charts;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <Panel id="order-trend" title="24h order trend">
        <BarChart
          points={c?.orders_24h ?? []}
          granularity="hour"
          unit={['order', 'orders']}
          periodHeading="Hour starting"
          valueHeading="Orders placed"
          empty="No orders in the last 24 hours"
          color="#2563eb"
        />
      </Panel>
      <Panel id="print-volume" title="Daily print volume">
        <BarChart
          points={c?.print_volume_30d ?? []}
          granularity="day"
          unit={['order started printing', 'orders started printing']}
          periodHeading="Day"
          valueHeading="Orders started printing"
          empty="No prints in the last 30 days"
          color="#0d9488"
        />
      </Panel>
      <Panel id="print-volume-12m" title="Print volume, 12 months" className="lg:col-span-2">
        <BarChart
          points={c?.print_volume_12m ?? []}
          granularity="month"
          unit={['order started printing', 'orders started printing']}
          periodHeading="Month"
          valueHeading="Orders started printing"
          empty="No prints in the last 12 months"
          color="#7c3aed"
        />
      </Panel>
    </div>
  );
}

/**
 * The production dashboard. Prerendered with every figure as an empty state; in the browser it shows
 * an operator the whole farm and a customer their own production, updated every 10 s.
 */
export function DashboardView({ viewer, links }: { viewer: DashboardViewer; links?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const filtered = Boolean(filters.status || filters.priority || filters.q);
  const signedIn = viewer === 'customer' || viewer === 'operator';
  const [filterOpen, setFilterOpen] = useState(filtered);
  const live = useDashboard({ enabled: signedIn, operator: viewer === 'operator', filters });
  const { data, state, farm } = live;
  const operator = data ? data.scope === 'farm' : viewer === 'operator';
  const farmState = farm.status === 'ready' ? farm.farm : farm.status === 'error' ? farm.farm : null;

  function apply(next: DashboardFilters) {
    const q = dashboardQueryString({ status: next.status, priority: next.priority, q: next.q });
    setParams(new URLSearchParams(q), { replace: true, preventScrollReset: true });
  }

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
              {viewer === 'customer'
                ? 'Your orders moving through printing, packaging and shipping.'
                : 'Live view of orders moving through printing, packaging and shipping.'}
            </p>
            {links ? <div className="mt-3 flex flex-wrap gap-3">{links}</div> : null}
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <div className="flex flex-wrap gap-2">
              {signedIn ? (
                <>
                  <button
                    type="button"
                    aria-expanded={filterOpen}
                    aria-controls={FILTER_ID}
                    onClick={() => setFilterOpen((o) => !o)}
                    className={sized(buttonClass, 'lg')}
                  >
                    {filterIcon}
                    Filter{filtered ? ' (on)' : ''}
                  </button>
                  <a href={exportHref(filters)} download className={sized(buttonClass, 'lg')}>
                    {exportIcon}
                    Export Report
                  </a>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    disabled
                    aria-describedby="dashboard-actions-hint"
                    className={sized(buttonClass, 'lg')}
                  >
                    {filterIcon}
                    Filter
                  </button>
                  <button
                    type="button"
                    disabled
                    aria-describedby="dashboard-actions-hint"
                    className={sized(buttonClass, 'lg')}
                  >
                    {exportIcon}
                    Export Report
                  </button>
                </>
              )}
            </div>
            <p id="dashboard-actions-hint" className="text-xs text-slate-600">
              {signedIn
                ? live.updatedAt
                  ? `Updated ${formatClock(live.updatedAt)} · refreshes every 10 s`
                  : 'Loading…'
                : 'Available once you are signed in'}
            </p>
            <p className="sr-only" aria-live="polite" aria-atomic="true">
              {live.updatedAt ? `Dashboard figures updated at ${formatClock(live.updatedAt)}` : ''}
            </p>
          </div>
        </header>

        {viewer === 'visitor' ? (
          <div className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-5">
            <h2 className="text-lg font-semibold text-slate-900">Sign in to see your production</h2>
            <p className="mt-1 text-slate-700">
              The dashboard shows your orders as they are printed, packed and shipped.
            </p>
            <Link to={SIGN_IN_HREF} className={`${sized(primaryButtonClass, 'lg')} mt-3`}>
              Sign in
            </Link>
          </div>
        ) : null}

        {state.status === 'error' ? (
          <p
            role="alert"
            className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            {state.message}
            {state.data ? ' The figures shown are from the last successful update.' : ''}
          </p>
        ) : null}
        {state.status === 'signed-out' && signedIn ? (
          <p
            role="alert"
            className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          >
            Your session has ended.{' '}
            <Link to={SIGN_IN_HREF} className="font-semibold underline">
              Sign in again
            </Link>
          </p>
        ) : null}

        <StatCards data={data} operator={operator} />

        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            {viewer === 'customer' || data?.scope === 'customer' ? (
              <LeadTimePanel days={data?.lead_time_days ?? null} />
            ) : (
              <CapacityPanel
                capacity={data?.capacity ?? farmState?.capacity ?? null}
                leadTimeDays={data?.lead_time_days ?? null}
                now={data?.generated_at ?? live.updatedAt}
              />
            )}
          </div>
          <StatusLegend />
        </div>
        <div className="mt-6">
          <StageTimings timings={data?.stage_timings ?? null} />
        </div>

        {operator && viewer === 'operator' ? (
          <div className="mt-6">
            <Panel id="printers" title="Printers">
              {farm.status === 'error' ? (
                <p role="alert" className="mb-3 text-sm text-red-800">
                  {farm.message}
                </p>
              ) : null}
              {farmState ? (
                <>
                  <PrintersGrid farm={farmState} onChanged={live.farmChanged} />
                  <AddPrinterForm onChanged={live.farmChanged} />
                </>
              ) : farm.status === 'loading' ? (
                <p className="text-sm text-slate-700">Loading the printers…</p>
              ) : null}
            </Panel>
          </div>
        ) : null}

        <div className="mt-6">
          <Panel id="active-orders" title={viewer === 'customer' ? 'Your active orders' : 'Active orders'}>
            {signedIn ? (
              <div id={FILTER_ID} hidden={!filterOpen}>
                <FilterForm id={`${FILTER_ID}-form`} filters={filters} operator={operator} onApply={apply} />
              </div>
            ) : null}
            <OrdersTable rows={live.rows} operator={operator} filtered={filtered} />
            {live.hasMore ? (
              <div className="mt-3 flex justify-center">
                <button
                  type="button"
                  onClick={() => void live.loadMore()}
                  disabled={live.loadingMore}
                  className={buttonClass}
                >
                  {live.loadingMore ? 'Loading…' : 'Load more'}
                </button>
              </div>
            ) : null}
          </Panel>
        </div>

        <Charts data={data} />
      </Container>
    </div>
  );
}
