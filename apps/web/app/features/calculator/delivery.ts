/**
 * The calculator's honest dates: when the order is ready to ship (the production lead time, in
 * working days, from the server's live queue when it has priced the quote) and when it is delivered
 * (then the chosen carrier service's longest transit time). Weekends are skipped, as the shipping
 * module's business days (Monday to Friday) model it. Pure, so the arithmetic is testable.
 */
import {
  addBusinessDays,
  chooseRate,
  isoDate,
  type Quote,
  type ShippingRate,
  type ShippingService,
  shippingRates,
} from '@printloop/quote';

/** The calculator prices for a UK delivery; checkout re-prices shipping for the real address. */
export const CALCULATOR_COUNTRY = 'GB';

export interface DeliveryDates {
  /** YYYY-MM-DD (UTC): the day the parcel is handed to the carrier. */
  readyToShip: string;
  /** YYYY-MM-DD (UTC): the latest day the carrier's service should deliver. */
  deliveredBy: string;
  leadTimeDays: number;
  rate: ShippingRate;
}

/** Working days until the quote is ready to ship (quotes priced before lead times carry delivery_days). */
export function leadTimeOf(q: Pick<Quote, 'delivery_days'> & { lead_time_days?: number }): number {
  return q.lead_time_days ?? q.delivery_days;
}

export function deliveryDates(
  now: Date,
  leadTimeDays: number,
  service: ShippingService,
  goodsWeightG: number,
  country: string = CALCULATOR_COUNTRY,
): DeliveryDates | null {
  const rate = chooseRate(shippingRates.rates({ country, goodsWeightG }), service);
  if (!rate) return null;
  const ready = addBusinessDays(now, leadTimeDays);
  const delivered = addBusinessDays(ready, rate.estimated_days.max);
  return { readyToShip: isoDate(ready), deliveredBy: isoDate(delivered), leadTimeDays, rate };
}

/** 'Wed 25 Nov' for a YYYY-MM-DD date (read as UTC, so it never shifts a day in the browser). */
export function formatShortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** 'Royal Mail Standard, 3–5 working days' */
export function describeRate(rate: ShippingRate): string {
  const d = rate.estimated_days;
  const days = d.min === d.max ? `${d.max}` : `${d.min}–${d.max}`;
  const service = rate.service === 'express' ? 'Express' : 'Standard';
  return `${rate.carrier_name} ${service}, ${days} working day${d.max === 1 ? '' : 's'}`;
}

/** The price with UK VAT added at `rate` (the calculator's figures are before VAT). */
export function withUkVat(pence: number, rate: number): number {
  return Math.round(pence * (1 + rate));
}
