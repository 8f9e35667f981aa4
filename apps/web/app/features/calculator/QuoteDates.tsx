import { formatGBP, PRICE_TABLE, type Quote, type ShippingService } from '@printloop/quote';
import { useId, useMemo, useState } from 'react';
import type { LeadTimes } from '../../lib/api-client';
import { deliveryDates, describeRate, formatShortDate, leadTimeOf, withUkVat } from './delivery';

/**
 * 'Ready to ship' and 'Delivered by' as two dates: the production lead time (live from the
 * production floor once the server has priced the quote), then the chosen service's transit.
 */
export function DeliveryLines({
  quote,
  goodsWeightG,
  leadTimes,
}: {
  quote: Quote;
  goodsWeightG: number;
  /** The server's, by service; without them (the browser's instant figure) the quote's own. */
  leadTimes?: LeadTimes;
}) {
  const id = useId();
  const [service, setService] = useState<ShippingService>('standard');
  const lead = leadTimes
    ? service === 'express'
      ? leadTimes.express_days
      : leadTimes.standard_days
    : leadTimeOf(quote);
  const dates = useMemo(
    () => deliveryDates(new Date(), lead, service, goodsWeightG),
    [lead, service, goodsWeightG],
  );
  if (!dates) return null;
  return (
    <div className="mt-3 rounded-lg border border-slate-200 p-3 text-sm" data-testid="delivery-lines">
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-slate-600">Ready to ship</dt>
          <dd className="mt-0.5 font-bold text-slate-900">
            <time dateTime={dates.readyToShip}>{formatShortDate(dates.readyToShip)}</time>
          </dd>
          <dd className="text-xs text-slate-600">
            {lead} working day{lead === 1 ? '' : 's'}
            {leadTimes?.live ? ' on the current production queue' : ''}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Delivered by</dt>
          <dd className="mt-0.5 font-bold text-slate-900">
            <time dateTime={dates.deliveredBy}>{formatShortDate(dates.deliveredBy)}</time>
          </dd>
          <dd className="text-xs text-slate-600">{describeRate(dates.rate)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-svc`} className="text-xs font-medium text-slate-700">
          Shipping (UK)
        </label>
        <select
          id={`${id}-svc`}
          value={service}
          onChange={(e) => setService(e.target.value as ShippingService)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        >
          <option value="standard">Standard</option>
          <option value="express">Express</option>
        </select>
        <span className="text-xs text-slate-600">
          Working days, Monday to Friday. Checkout confirms for your address.
        </span>
      </div>
    </div>
  );
}

/** Whether a price includes VAT: the calculator's figures are before VAT, shown with the UK consumer price. */
export function VatNote({ totalPence }: { totalPence: number }) {
  const rate = PRICE_TABLE.vat.ukRate;
  return (
    <p className="mt-2 text-xs text-slate-600" data-testid="vat-note">
      Prices exclude VAT. For a UK delivery: {formatGBP(withUkVat(totalPence, rate))} incl.{' '}
      {Math.round(rate * 100)} % VAT. VAT is settled at checkout by the delivery country (none for EU
      businesses with a VAT number, reverse charge; none on exports outside the UK and EU).
    </p>
  );
}
