/**
 * Pure formatting for the order screens: dates, delivery promises, items, the timeline and the status
 * chips. Every figure comes from the API; this only words it.
 */
import {
  countryName,
  type OrderDto,
  type OrderEventDto,
  type OrderItemDto,
  type OrderStatus,
  STATUS_LABELS,
} from '@printloop/contracts';
import { CARRIERS, formatGBP } from '@printloop/quote';

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const deliveryFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "14 Jul 2025, 09:30" (UK time). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** "14 Jul 2025" (UK time). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A calendar date ("2025-07-15") as "Tuesday 15 July". */
export function formatDeliveryDay(date: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : deliveryFormat.format(d);
}

/** "Delivered by Tuesday 15 July". */
export function deliveredBy(date: string): string {
  return `Delivered by ${formatDeliveryDay(date)}`;
}

/** "Ready to ship in 3 working days". */
export function leadTimeText(days: number): string {
  if (days <= 0) return 'Ready to ship today';
  return `Ready to ship in ${days} working ${days === 1 ? 'day' : 'days'}`;
}

/** "3–5 working days in transit", "1 working day in transit". */
export function transitText(days: { min: number; max: number }): string {
  const range = days.min === days.max ? String(days.max) : `${days.min}–${days.max}`;
  return `${range} working ${days.max === 1 ? 'day' : 'days'} in transit`;
}

const mm = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/0$/, ''));

/** "20 × 20 × 20 mm". */
export function formatDimensions(d: { x: number; y: number; z: number }): string {
  return `${mm(d.x)} × ${mm(d.y)} × ${mm(d.z)} mm`;
}

/** "PLA, 0.2 mm layers, 20% infill, 60 mm/s, supports, sanding". */
export function parametersLine(p: OrderItemDto['parameters']): string {
  const parts = [
    p.color ? `${p.material} (${p.color})` : p.material,
    `${p.layer_height} mm layers`,
    `${p.infill}% infill`,
    `${p.print_speed} mm/s`,
    p.supports ? 'supports' : 'no supports',
    ...p.post_processing,
  ];
  return parts.join(', ');
}

/** "2 × £4.10". */
export function quantityLine(item: Pick<OrderItemDto, 'quantity' | 'unit_amount'>): string {
  return `${item.quantity} × ${formatGBP(item.unit_amount)}`;
}

/** "cube.stl × 2", or "cube.stl × 2 and 1 more item". */
export function itemsSummary(items: readonly Pick<OrderItemDto, 'file_name' | 'quantity'>[]): string {
  const [first, ...rest] = items;
  if (!first) return 'No items';
  const head = `${first.file_name} × ${first.quantity}`;
  if (rest.length === 0) return head;
  return `${head} and ${rest.length} more ${rest.length === 1 ? 'item' : 'items'}`;
}

/** The carrier's name for its code ("royal_mail" → "Royal Mail"). */
export function carrierName(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(CARRIERS, code) ? CARRIERS[code as keyof typeof CARRIERS] : code;
}

/** "Standard" from "standard". */
export function serviceName(service: string): string {
  return service.charAt(0).toUpperCase() + service.slice(1).replaceAll('_', ' ');
}

/** The address as lines: name, street, city and state, postcode, country, then phone and email. */
export function addressBlock(a: OrderDto['shipping_address']): string[] {
  return [
    a.name,
    a.street,
    [a.city, a.state].filter(Boolean).join(', '),
    a.postal_code,
    countryName(a.country),
    a.phone ? `Phone: ${a.phone}` : '',
    a.email ? `Email: ${a.email}` : '',
  ].filter((l): l is string => typeof l === 'string' && l.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Status chips: a distinct colour per status; the text always says the status too.

export const STATUS_CHIP_CLASSES: Record<OrderStatus, string> = {
  awaiting_payment: 'bg-amber-50 text-amber-900 ring-amber-300',
  queued: 'bg-slate-100 text-slate-800 ring-slate-300',
  printing: 'bg-blue-50 text-blue-800 ring-blue-300',
  packaging: 'bg-violet-50 text-violet-800 ring-violet-300',
  shipped: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  delivered: 'bg-green-100 text-green-900 ring-green-400',
  cancelled: 'bg-red-50 text-red-800 ring-red-300',
};

export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}

// ---------------------------------------------------------------------------------------------
// The timeline

export type Viewer = 'customer' | 'operator';

export interface TimelineEntry {
  id: string;
  at: string;
  /** What happened: "Order placed", "Payment recorded", "Shipped"… */
  title: string;
  status: OrderStatus;
  statusLabel: string;
  /** Who did it, as the viewer should read it. */
  who: string;
  /** The reason, the tracking details or the payment reference, when there is one. */
  detail: string | null;
  /** The tracking link of a shipping event. */
  trackingUrl: string | null;
}

const ACTION_TITLES: Record<string, string> = {
  place: 'Order placed',
  record_payment: 'Payment recorded',
  start_printing: 'Printing started',
  pack: 'Packed',
  ship: 'Shipped',
  deliver: 'Delivered',
  cancel: 'Order cancelled',
  reprint: 'Sent back to the queue for a reprint',
};

function who(e: OrderEventDto, viewer: Viewer): string {
  if (e.actor === 'system') return 'System';
  if (e.actor === 'customer') return viewer === 'customer' ? 'You' : 'Customer';
  if (viewer === 'operator' && e.actor_name) return `PrintLoop (${e.actor_name})`;
  return 'PrintLoop';
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

function detail(e: OrderEventDto): string | null {
  const parts: string[] = [];
  const carrier = carrierName(str(e.data.carrier));
  const tracking = str(e.data.tracking_number);
  if (carrier || tracking) {
    parts.push([carrier, tracking ? `tracking number ${tracking}` : null].filter(Boolean).join(', '));
  }
  const reference = str(e.data.reference);
  if (reference) parts.push(`Reference ${reference}`);
  if (e.reason) parts.push(e.reason);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The order's events as the timeline shows them, oldest first. */
export function timelineOf(events: readonly OrderEventDto[], viewer: Viewer): TimelineEntry[] {
  return [...events]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((e) => ({
      id: e.id,
      at: e.created_at,
      title: ACTION_TITLES[e.action] ?? STATUS_LABELS[e.to_status],
      status: e.to_status,
      statusLabel: STATUS_LABELS[e.to_status],
      who: who(e, viewer),
      detail: detail(e),
      trackingUrl: str(e.data.tracking_url),
    }));
}

// ---------------------------------------------------------------------------------------------
// Documents

const DOCUMENT_NAMES = { quote: 'Quote', proforma: 'Pro-forma invoice', invoice: 'Invoice' } as const;

/** "Pro-forma invoice PRO-2025-000001 (void)". */
export function documentLabel(d: NonNullable<OrderDto['documents']>[number]): string {
  const status = d.status === 'void' ? ' (void)' : d.status === 'paid' ? ' (paid)' : '';
  return `${DOCUMENT_NAMES[d.kind]} ${d.number}${status}`;
}

/** The payment terms in words (checkout and order pages). */
export const PAYMENT_TERMS_TEXT = {
  prepay:
    "Pay by bank transfer: your order is printed when your payment arrives. You'll get a pro-forma invoice with the bank details.",
  net30: 'On your invoice terms: pay within 30 days',
} as const;
