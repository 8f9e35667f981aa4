/**
 * The production dashboard's data (issue 13), from orders, order events and the farm's plates. Two
 * scopes: the farm (operators: every live order) and a customer (their own live orders only). Test-mode
 * orders never count. Every figure is read in SQL that PGlite and PostgreSQL answer alike: times are
 * bucketed from epoch seconds or `at time zone 'UTC'`, never from the session's time zone.
 *
 * Definitions (docs/decisions/0007-dashboard-queries.md):
 * - orders_today: live orders created since 00:00 UTC, cancelled ones excluded;
 * - in_production: live orders now queued, printing or packaging;
 * - shipped_today: events to `shipped` since 00:00 UTC;
 * - revenue_this_month: total_amount of live orders created since the 1st (UTC), cancelled excluded;
 * - stage timings: per stage, the orders whose end event of the stage is in the last 7 days, measured
 *   from the event that began it (queued → printing, printing → packaging, packaging → shipped,
 *   queued → shipped); the median in minutes, to one decimal;
 * - charts: orders placed per UTC hour (24), events to `printing` per UTC day (30) and month (12);
 * - lead_time_days: business days until a new standard order would be dispatched if it waited for the
 *   current queue to empty (the plan's queueEmptyAt plus packing, through businessDaysUntilDispatch).
 */
import {
  type DashboardDto,
  type DashboardOrderRow,
  type DashboardQuery,
  type OrderStatus,
  STAGE_TARGETS,
  STAGES,
  type Stage,
} from '@printloop/contracts';
import {
  businessDaysUntilDispatch,
  DEFAULT_LEAD_TIME_RULES,
  orderCompletions,
  progress as runProgress,
} from '@printloop/farm';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type FarmSnapshot, farmStateDto, loadFarm } from '../farm/farm.js';
import { badRequest } from '../lib/errors.js';

export type DashboardScope = { kind: 'farm' } | { kind: 'customer'; userId: string };

/** The active orders of SPEC.md's table, in its order. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ['queued', 'printing', 'packaging', 'shipped'];
const PRODUCTION_STATUSES: readonly OrderStatus[] = ['queued', 'printing', 'packaging'];
const DONE_PRINTING = new Set<string>(['packaging', 'shipped', 'delivered']);

const HOUR = 3_600_000;
const DAY = 86_400_000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows?: T[] }).rows ?? [];
}

const iso = (t: number) => new Date(t).toISOString();
const ts = (t: number) => sql`${iso(t)}::timestamptz`;

/** The orders this scope may see, as a condition on an alias of `orders`. */
function orderScope(alias: SQL, scope: DashboardScope): SQL {
  return scope.kind === 'farm'
    ? sql`${alias}.livemode = true`
    : sql`${alias}.livemode = true and ${alias}.user_id = ${scope.userId}`;
}

/**
 * The events this scope may see, as a condition on `order_events` alias `e`. The farm: every event but
 * those of test-mode orders (few, found by their partial index, so the events index is read alone).
 */
function eventScope(scope: DashboardScope): SQL {
  return scope.kind === 'farm'
    ? sql`e.order_id not in (select t.id from orders t where t.livemode = false)`
    : sql`e.order_id in (select o.id from orders o where o.user_id = ${scope.userId} and o.livemode = true)`;
}

export function utcDay(now: number): number {
  return Math.floor(now / DAY) * DAY;
}
export function utcMonth(now: number, back = 0): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
}

async function cards(db: Db, scope: DashboardScope, now: number): Promise<DashboardDto['cards']> {
  const o = sql`o`;
  const [a] = await rows<{ today: number; production: number; revenue: string | number }>(
    db,
    sql`select
      (select count(*)::int from orders o where ${orderScope(o, scope)}
         and o.created_at >= ${ts(utcDay(now))} and o.created_at <= ${ts(now)} and o.status <> 'cancelled') as today,
      (select count(*)::int from orders o where ${orderScope(o, scope)}
         and o.status in (${sql.join(
           PRODUCTION_STATUSES.map((s) => sql`${s}`),
           sql`, `,
         )})) as production,
      (select coalesce(sum(o.total_amount), 0)::bigint from orders o where ${orderScope(o, scope)}
         and o.created_at >= ${ts(utcMonth(now))} and o.created_at <= ${ts(now)} and o.status <> 'cancelled') as revenue`,
  );
  const [s] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from order_events e
      where e.to_status = 'shipped' and e.created_at >= ${ts(utcDay(now))} and e.created_at <= ${ts(now)}
        and ${eventScope(scope)}`,
  );
  return {
    orders_today: Number(a?.today ?? 0),
    in_production: Number(a?.production ?? 0),
    shipped_today: Number(s?.n ?? 0),
    revenue_this_month: Number(a?.revenue ?? 0),
  };
}

/** Medians of the stages over the 7 days before `now`. */
export async function stageTimings(
  db: Db,
  scope: DashboardScope,
  now: number,
): Promise<DashboardDto['stage_timings']> {
  const since = now - 7 * DAY;
  const found = await rows<{ stage: Stage; n: number; median: number | null }>(
    db,
    sql`with ends as (
        select e.order_id, e.to_status, e.created_at from order_events e
        where e.to_status in ('printing', 'packaging', 'shipped')
          and e.created_at > ${ts(since)} and e.created_at <= ${ts(now)} and ${eventScope(scope)}
      ), pairs as (
        select (case en.to_status when 'printing' then 'order_to_print'
                  when 'packaging' then 'print_to_package' else 'package_to_ship' end) as stage,
               extract(epoch from (en.created_at - st.created_at)) as secs
        from ends en
        join lateral (
          select s.created_at from order_events s
          where s.order_id = en.order_id and s.created_at <= en.created_at
            and s.to_status = (case en.to_status when 'printing' then 'queued'
                                 when 'packaging' then 'printing' else 'packaging' end)
          order by s.created_at desc limit 1
        ) st on true
        union all
        select 'total' as stage, extract(epoch from (en.created_at - st.created_at)) as secs
        from ends en
        join lateral (
          select s.created_at from order_events s
          where s.order_id = en.order_id and s.created_at <= en.created_at and s.to_status = 'queued'
          order by s.created_at desc limit 1
        ) st on true
        where en.to_status = 'shipped'
      )
      select stage, count(*)::int as n,
        (percentile_cont(0.5) within group (order by secs))::float8 as median
      from pairs group by stage`,
  );
  const by = new Map(found.map((r) => [r.stage, r]));
  return STAGES.map((stage) => {
    const r = by.get(stage);
    const samples = Number(r?.n ?? 0);
    const target = STAGE_TARGETS[stage];
    if (!r || samples === 0 || r.median === null)
      return { stage, target_minutes: target, median_minutes: null, samples: 0, verdict: 'no_data' as const };
    const median = Math.round((Number(r.median) / 60) * 10) / 10;
    return {
      stage,
      target_minutes: target,
      median_minutes: median,
      samples,
      verdict: median <= target ? ('ahead' as const) : ('behind' as const),
    };
  });
}

function fill(starts: number[], counts: Map<number, number>) {
  return starts.map((t) => ({ t: iso(t), value: counts.get(t) ?? 0 }));
}

async function charts(db: Db, scope: DashboardScope, now: number): Promise<DashboardDto['charts']> {
  const hourNow = Math.floor(now / HOUR) * HOUR;
  const hours = Array.from({ length: 24 }, (_, i) => hourNow - (23 - i) * HOUR);
  const days = Array.from({ length: 30 }, (_, i) => utcDay(now) - (29 - i) * DAY);
  const months = Array.from({ length: 12 }, (_, i) => utcMonth(now, 11 - i));
  const o = sql`o`;
  const [perHour, perDay, perMonth] = await Promise.all([
    rows<{ b: number; n: number }>(
      db,
      sql`select (floor(extract(epoch from o.created_at) / 3600) * 3600000)::float8 as b, count(*)::int as n
        from orders o where ${orderScope(o, scope)}
          and o.created_at >= ${ts(hours[0]!)} and o.created_at <= ${ts(now)}
        group by 1`,
    ),
    rows<{ b: number; n: number }>(
      db,
      sql`select (floor(extract(epoch from e.created_at) / 86400) * 86400000)::float8 as b, count(*)::int as n
        from order_events e where e.to_status = 'printing'
          and e.created_at >= ${ts(days[0]!)} and e.created_at <= ${ts(now)} and ${eventScope(scope)}
        group by 1`,
    ),
    rows<{ m: string; n: number }>(
      db,
      sql`select to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as m, count(*)::int as n
        from order_events e where e.to_status = 'printing'
          and e.created_at >= ${ts(months[0]!)} and e.created_at <= ${ts(now)} and ${eventScope(scope)}
        group by 1`,
    ),
  ]);
  const byMonth = new Map(
    perMonth.map((r) => {
      const [y, m] = r.m.split('-').map(Number);
      return [Date.UTC(y!, m! - 1, 1), Number(r.n)] as const;
    }),
  );
  return {
    orders_24h: fill(hours, new Map(perHour.map((r) => [Number(r.b), Number(r.n)]))),
    print_volume_30d: fill(days, new Map(perDay.map((r) => [Number(r.b), Number(r.n)]))),
    print_volume_12m: fill(months, byMonth),
  };
}

// ---------------------------------------------------------------------------------------------
// The active orders table.

export interface OrderFilter {
  status?: OrderStatus | undefined;
  priority?: 'high' | 'normal' | undefined;
  q?: string | undefined;
}

interface RawRow {
  id: string;
  user_id: string;
  email: string | null;
  status: OrderStatus;
  total_amount: number;
  created_ms: number;
  express: boolean;
  first_file: string | null;
  item_count: number;
}

const CURSOR_PREFIX = 'o1:';
export function encodeCursor(id: string): string {
  return Buffer.from(`${CURSOR_PREFIX}${id}`, 'utf8').toString('base64url');
}
export function decodeCursor(cursor: string): string {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!raw.startsWith(CURSOR_PREFIX) || raw.length > 60 || !/^[A-Za-z0-9_-]+$/.test(raw.slice(3)))
    throw badRequest('That cursor is not valid.', { cursor: 'Not a cursor from this table' });
  return raw.slice(CURSOR_PREFIX.length);
}

function filterConditions(scope: DashboardScope, f: OrderFilter): SQL {
  const o = sql`o`;
  const parts: SQL[] = [orderScope(o, scope)];
  const statuses = f.status ? [f.status] : ACTIVE_STATUSES;
  parts.push(
    sql`o.status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  if (f.priority === 'high') parts.push(sql`o.shipping->>'service' = 'express'`);
  if (f.priority === 'normal') parts.push(sql`coalesce(o.shipping->>'service', '') <> 'express'`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const either: SQL[] = [
      sql`o.id ilike ${like}`,
      sql`exists (select 1 from order_items i where i.order_id = o.id and i.file_name ilike ${like})`,
    ];
    // A customer's own email is not a search key: only operators search by customer.
    if (scope.kind === 'farm')
      either.push(sql`o.user_id in (select u.id from "user" u where u.email ilike ${like})`);
    parts.push(sql`(${sql.join(either, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/** One keyset page of the filtered orders, newest first (`after`: the id of the last row before). */
export async function orderPage(
  db: Db,
  scope: DashboardScope,
  f: OrderFilter,
  limit: number,
  after: string | null,
): Promise<{ rows: RawRow[]; hasMore: boolean }> {
  const where = [filterConditions(scope, f)];
  if (after) {
    const o = sql`c`;
    const [c] = await rows<{ id: string }>(
      db,
      sql`select c.id from orders c where c.id = ${after} and ${orderScope(o, scope)} limit 1`,
    );
    if (!c) throw badRequest('That cursor is not valid.', { cursor: 'Not a cursor from this table' });
    // The cursor's time read in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
    where.push(
      sql`(o.created_at, o.id) < ((select c.created_at from orders c where c.id = ${after}), ${after})`,
    );
  }
  const found = await rows<RawRow>(
    db,
    sql`select o.id, o.user_id, ${scope.kind === 'farm' ? sql`(select u.email from "user" u where u.id = o.user_id)` : sql`null::text`} as email,
        o.status, o.total_amount,
        (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
        (o.shipping->>'service' = 'express') as express,
        (select i.file_name from order_items i where i.order_id = o.id order by i.position limit 1) as first_file,
        (select count(*)::int from order_items i where i.order_id = o.id) as item_count
      from orders o
      where ${sql.join(where, sql` and `)}
      order by o.created_at desc, o.id desc
      limit ${limit + 1}`,
  );
  return { rows: found.slice(0, limit), hasMore: found.length > limit };
}

/** Plates of these orders, latest attempt each (failed attempts are replaced by their reprint). */
async function platesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return rows<{ order_id: string; status: string; started_ms: number | null; print_seconds: number }>(
    db,
    sql`select distinct on (j.order_item_id, j.plate) j.order_id, j.status,
        (extract(epoch from j.started_at) * 1000)::float8 as started_ms, j.print_seconds
      from farm_jobs j
      where j.order_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by j.order_item_id, j.plate, j.attempt desc`,
  );
}

/** The farm's view used for every row: when each order's plates are done by the plan. */
export interface FarmView {
  snapshot: FarmSnapshot;
  completions: Map<string, number>;
}

export function farmView(snapshot: FarmSnapshot): FarmView {
  const running = new Map([...snapshot.running.values()].map((j) => [j.id, j.orderId]));
  const completions = orderCompletions(snapshot.plan, snapshot.fleet, snapshot.queued, running);
  return { snapshot, completions };
}

/** Table rows with progress and time remaining. */
export async function decorate(
  db: Db,
  raw: RawRow[],
  view: FarmView,
  now: number,
): Promise<DashboardOrderRow[]> {
  const plates = await platesOf(
    db,
    raw.filter((r) => !DONE_PRINTING.has(r.status)).map((r) => r.id),
  );
  const done = new Map<string, { sum: number; n: number }>();
  for (const p of plates) {
    if (p.status === 'cancelled') continue;
    const part =
      p.status === 'printed'
        ? 1
        : p.status === 'printing' && p.started_ms !== null
          ? runProgress({ jobId: '', startedAt: Number(p.started_ms), printSeconds: p.print_seconds }, now)
              .fraction
          : 0;
    const acc = done.get(p.order_id) ?? { sum: 0, n: 0 };
    acc.sum += part;
    acc.n += 1;
    done.set(p.order_id, acc);
  }
  return raw.map((r) => {
    const acc = done.get(r.id);
    const fraction = DONE_PRINTING.has(r.status) ? 1 : acc && acc.n > 0 ? acc.sum / acc.n : 0;
    const end = view.completions.get(r.id);
    const count = Number(r.item_count);
    const file = r.first_file ?? '';
    return {
      id: r.id,
      customer: r.email,
      product: count > 1 ? `${file} + ${count - 1} more` : file,
      status: r.status,
      progress: Number(fraction.toFixed(4)),
      remaining_seconds:
        end === undefined || DONE_PRINTING.has(r.status) ? null : Math.max(0, Math.round((end - now) / 1000)),
      total_amount: Number(r.total_amount),
      currency: 'GBP' as const,
      created_at: iso(Number(r.created_ms)),
      priority: r.express ? ('high' as const) : ('normal' as const),
    };
  });
}

/** Business days until a new standard order would be dispatched, waiting for the current queue. */
export function leadTimeDays(snapshot: FarmSnapshot, now: number): number | null {
  const enabled = snapshot.fleet.some((p) => p.status === 'idle' || p.status === 'printing');
  if (!enabled) return null;
  const ready = Math.max(now, snapshot.plan.queueEmptyAt) + DEFAULT_LEAD_TIME_RULES.packingSeconds * 1000;
  return businessDaysUntilDispatch(now, ready);
}

export async function dashboard(
  db: Db,
  scope: DashboardScope,
  query: DashboardQuery,
  now = Date.now(),
): Promise<DashboardDto> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const filter = { status: query.status, priority: query.priority, q: query.q };
  const snapshot = await loadFarm(db, now);
  const view = farmView(snapshot);
  const [c, page, timings, ch] = await Promise.all([
    cards(db, scope, now),
    orderPage(db, scope, filter, query.limit, after),
    stageTimings(db, scope, now),
    charts(db, scope, now),
  ]);
  const data = await decorate(db, page.rows, view, now);
  const farm = scope.kind === 'farm' ? farmStateDto(snapshot, now, 0) : null;
  const last = page.rows.at(-1);
  return {
    scope: scope.kind,
    generated_at: iso(now),
    cards: c,
    capacity: farm ? farm.capacity : null,
    lead_time_days: leadTimeDays(snapshot, now),
    printers: farm ? farm.printers : null,
    orders: {
      data,
      has_more: page.hasMore,
      next_cursor: page.hasMore && last ? encodeCursor(last.id) : null,
    },
    stage_timings: timings,
    charts: ch,
  };
}
