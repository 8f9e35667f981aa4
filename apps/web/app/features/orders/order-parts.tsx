/** Parts of an order shared by the checkout, the customer's order page and the operators' console. */
import type { CheckoutPreview, OrderDto, OrderItemDto } from '@printloop/contracts';
import { formatGBP } from '@printloop/quote';
import {
  addressBlock,
  documentLabel,
  formatDateTime,
  formatDimensions,
  PAYMENT_TERMS_TEXT,
  parametersLine,
  quantityLine,
  type TimelineEntry,
} from './format';
import { StatusChip } from './ui';

type Item = Omit<OrderItemDto, 'id' | 'object'>;

export function ItemsList({ items }: { items: readonly Item[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => (
        <li
          key={`${item.file_id}-${item.quote_id}`}
          className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between sm:gap-4"
        >
          <div className="min-w-0">
            <p className="break-all font-medium text-slate-900">{item.file_name}</p>
            <p className="text-sm text-slate-600">{formatDimensions(item.dimensions)}</p>
            <p className="text-sm text-slate-600">{parametersLine(item.parameters)}</p>
          </div>
          <div className="shrink-0 text-sm sm:text-right">
            <p className="tabular-nums text-slate-700">{quantityLine(item)}</p>
            {item.discount_amount > 0 ? (
              <p className="tabular-nums text-slate-600">Discount −{formatGBP(item.discount_amount)}</p>
            ) : null}
            <p className="font-semibold tabular-nums text-slate-900">{formatGBP(item.total_amount)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

type Figures = Pick<
  OrderDto | CheckoutPreview,
  | 'items_amount'
  | 'discount_amount'
  | 'fulfillment_amount'
  | 'shipping_amount'
  | 'tax_amount'
  | 'total_amount'
  | 'tax'
>;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'text-base font-bold text-slate-900' : 'text-sm text-slate-700'}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Items, volume discount, fulfilment, shipping, VAT (with its note) and the total. */
export function Totals({ figures, live = false }: { figures: Figures; live?: boolean }) {
  return (
    <div>
      <dl className="divide-y divide-slate-100">
        <Row label="Items" value={formatGBP(figures.items_amount)} />
        {figures.discount_amount > 0 ? (
          <Row label="Volume discount" value={`−${formatGBP(figures.discount_amount)}`} />
        ) : null}
        <Row label="Fulfilment" value={formatGBP(figures.fulfillment_amount)} />
        <Row label="Shipping" value={formatGBP(figures.shipping_amount)} />
        <Row label={figures.tax.label} value={formatGBP(figures.tax_amount)} />
        <div aria-live={live ? 'polite' : undefined} aria-atomic={live ? true : undefined}>
          <Row label="Total" value={formatGBP(figures.total_amount)} strong />
        </div>
      </dl>
      {figures.tax.note ? <p className="mt-2 text-xs text-slate-600">{figures.tax.note}</p> : null}
      {figures.tax.vat_number ? (
        <p className="mt-1 text-xs text-slate-600">VAT number {figures.tax.vat_number}</p>
      ) : null}
    </div>
  );
}

export function PaymentTerms({ terms }: { terms: 'prepay' | 'net30' }) {
  return <p className="text-sm text-slate-700">{PAYMENT_TERMS_TEXT[terms]}</p>;
}

export function AddressLines({ address }: { address: OrderDto['shipping_address'] }) {
  return (
    <address className="text-sm not-italic text-slate-700">
      {addressBlock(address).map((l) => (
        <span key={l} className="block break-words">
          {l}
        </span>
      ))}
    </address>
  );
}

export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <ol className="relative space-y-5 border-l-2 border-slate-200 pl-5">
      {entries.map((e) => (
        <li key={e.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[1.72rem] top-1 size-3 rounded-full border-2 border-white bg-brand-600"
          />
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-slate-900">{e.title}</span>
            <StatusChip status={e.status} />
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.who}
          </p>
          {e.detail ? <p className="mt-0.5 break-words text-sm text-slate-700">{e.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}

export function Documents({ documents }: { documents: NonNullable<OrderDto['documents']> }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">No documents yet.</p>;
  return (
    <ul className="space-y-2">
      {documents.map((d) => (
        <li key={d.url}>
          <a
            href={d.url}
            download
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline hover:text-brand-800"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {documentLabel(d)} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
