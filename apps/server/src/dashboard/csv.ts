/**
 * The active orders table as CSV ('Export Report'): the filtered rows, no paging, streamed in keyset
 * batches so memory stays flat however many rows there are. RFC 4180 quoting; a cell a spreadsheet
 * would read as a formula (starting with = + - @, or a tab or carriage return) is prefixed with a quote.
 */
import type { DashboardOrderRow } from '@printloop/contracts';
import type { Db } from '../db/client.js';
import { type DashboardScope, decorate, type FarmView, type OrderFilter, orderPage } from './dashboard.js';

export const CSV_BATCH = 1000;

/** One CSV cell: formula-neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

function columns(scope: DashboardScope) {
  const all: [string, (r: DashboardOrderRow) => string | number | null][] = [
    ['order_id', (r) => r.id],
    ['customer', (r) => r.customer],
    ['product', (r) => r.product],
    ['status', (r) => r.status],
    ['progress_percent', (r) => Math.round(r.progress * 100)],
    ['remaining_seconds', (r) => r.remaining_seconds],
    ['total', (r) => pounds(r.total_amount)],
    ['currency', (r) => r.currency],
    ['created_at', (r) => r.created_at],
    ['priority', (r) => r.priority],
  ];
  // A customer's own export has no customer column.
  return scope.kind === 'farm' ? all : all.filter(([name]) => name !== 'customer');
}

/** The CSV text, a header line then one batch of rows at a time (CRLF line ends). */
export async function* ordersCsv(
  db: Db,
  scope: DashboardScope,
  filter: OrderFilter,
  view: FarmView,
  now: number,
): AsyncGenerator<string> {
  const cols = columns(scope);
  yield `${cols.map(([name]) => name).join(',')}\r\n`;
  let after: string | null = null;
  for (;;) {
    const page = await orderPage(db, scope, filter, CSV_BATCH, after);
    if (page.rows.length === 0) return;
    const rows = await decorate(db, page.rows, view, now);
    yield rows.map((r) => `${cols.map(([, get]) => csvCell(get(r))).join(',')}\r\n`).join('');
    if (!page.hasMore) return;
    after = page.rows.at(-1)!.id;
  }
}
