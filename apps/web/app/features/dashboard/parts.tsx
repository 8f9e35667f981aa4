import { type OrderStatus, type PrinterDto, STATUS_LABELS } from '@printloop/contracts';
import type { ComponentProps } from 'react';
import { Panel as AppPanel } from '../../components/ui/app';
import { PRINTER_STATUS_LABELS, percent } from './format';

/** Order statuses, each with its own colour (SPEC.md: queued, printing, packaging, shipped in that order). */
export const ORDER_STATUS_STYLES: Record<OrderStatus, { swatch: string; badge: string; bar: string }> = {
  awaiting_payment: {
    swatch: 'bg-violet-500',
    badge: 'bg-violet-50 text-violet-800 ring-violet-300',
    bar: 'bg-violet-500',
  },
  queued: {
    swatch: 'bg-slate-500',
    badge: 'bg-slate-100 text-slate-800 ring-slate-300',
    bar: 'bg-slate-500',
  },
  printing: { swatch: 'bg-blue-600', badge: 'bg-blue-50 text-blue-800 ring-blue-300', bar: 'bg-blue-600' },
  packaging: {
    swatch: 'bg-amber-500',
    badge: 'bg-amber-50 text-amber-900 ring-amber-300',
    bar: 'bg-amber-500',
  },
  shipped: {
    swatch: 'bg-emerald-600',
    badge: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
    bar: 'bg-emerald-600',
  },
  delivered: { swatch: 'bg-teal-700', badge: 'bg-teal-50 text-teal-800 ring-teal-300', bar: 'bg-teal-700' },
  cancelled: { swatch: 'bg-red-600', badge: 'bg-red-50 text-red-800 ring-red-300', bar: 'bg-red-600' },
};

/** The four production stages the legend shows, in order. */
export const LEGEND_STATUSES: OrderStatus[] = ['queued', 'printing', 'packaging', 'shipped'];

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <span className={`${chip} whitespace-nowrap ${ORDER_STATUS_STYLES[status].badge}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

const PRINTER_BADGES: Record<PrinterDto['status'], string> = {
  idle: 'bg-slate-100 text-slate-800 ring-slate-300',
  printing: 'bg-blue-50 text-blue-800 ring-blue-300',
  maintenance: 'bg-amber-50 text-amber-900 ring-amber-300',
  offline: 'bg-red-50 text-red-800 ring-red-300',
};

export function PrinterStatusChip({ status }: { status: PrinterDto['status'] }) {
  return <span className={`${chip} ${PRINTER_BADGES[status]}`}>{PRINTER_STATUS_LABELS[status]}</span>;
}

/** A labelled progress bar (0..1) that assistive technology reads as a percentage. */
export function ProgressBar({
  value,
  label,
  barClass = 'bg-brand-600',
  showText = true,
}: {
  value: number;
  label: string;
  barClass?: string;
  showText?: boolean;
}) {
  const p = percent(value);
  return (
    <div className="flex min-w-24 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p}
        aria-valuetext={`${p}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${barClass}`} style={{ width: `${p}%` }} />
      </div>
      {showText ? <span className="w-10 text-right text-xs tabular-nums text-slate-700">{p}%</span> : null}
    </div>
  );
}

/** An em dash for a figure that does not exist yet; screen readers hear "no data". */
export function NoData({ className = '' }: { className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No data</span>
    </span>
  );
}

/** The app's panel, with the dashboard's smaller headings (many panels on one screen). */
export function Panel(props: Omit<ComponentProps<typeof AppPanel>, 'headingClassName'>) {
  return <AppPanel {...props} headingClassName="text-lg font-semibold text-slate-900" />;
}

export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none';

const SIZES = { sm: 'px-2 py-1 text-xs', md: 'px-3 py-1.5 text-sm', lg: 'px-4 py-2 text-sm' } as const;
/** A button class at another size (Tailwind cannot override a padding by adding another). */
export function sized(cls: string, size: keyof typeof SIZES): string {
  return cls.replace(SIZES.md, SIZES[size]);
}
