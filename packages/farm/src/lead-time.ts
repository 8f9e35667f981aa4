/**
 * Lead times from the plan: when a new order placed now would be printed, and so in how many business
 * days it can be dispatched. This replaces the fixed rule (print hours per day) of the first orders.
 */
import { addBusinessDays } from '@printloop/quote';
import { DEFAULT_FARM_RULES, type FarmPrinter, type FarmRules, type PrintJob, plan } from './scheduler.js';

export interface LeadTimeRules {
  /** Packing after the last plate is off the printer (seconds). */
  packingSeconds: number;
  /** Dispatch cut-off, hour of the day (UTC): a parcel packed later leaves the next business day. */
  dispatchCutoffHourUtc: number;
}

export const DEFAULT_LEAD_TIME_RULES: Readonly<LeadTimeRules> = Object.freeze({
  packingSeconds: 60 * 60,
  dispatchCutoffHourUtc: 16,
});

/** Business days from `now` until the day a parcel ready at `readyAt` is dispatched (at least 1). */
export function businessDaysUntilDispatch(
  now: number,
  readyAt: number,
  rules: LeadTimeRules = DEFAULT_LEAD_TIME_RULES,
): number {
  for (let days = 1; days < 3650; days++) {
    const day = addBusinessDays(new Date(now), days);
    const cutoff = Date.UTC(
      day.getUTCFullYear(),
      day.getUTCMonth(),
      day.getUTCDate(),
      rules.dispatchCutoffHourUtc,
    );
    if (readyAt <= cutoff) return days;
  }
  return 3650;
}

/**
 * When the plates of a new order, placed now, would be printed on the fleet as it is: the plan with them
 * added at the back of their class. Null when no enabled printer can take one of them.
 */
export function completionOfNew(
  printers: readonly FarmPrinter[],
  queued: readonly PrintJob[],
  added: readonly Omit<PrintJob, 'id' | 'orderId' | 'queuedAt' | 'attempt'>[],
  now: number,
  rules: FarmRules = DEFAULT_FARM_RULES,
): number | null {
  const orderId = '\uffffnew';
  const jobs = added.map((a, i) => ({ ...a, id: `${orderId}-${i}`, orderId, queuedAt: now, attempt: 1 }));
  const p = plan(printers, [...queued, ...jobs], now, rules);
  let end = now;
  for (const j of jobs) {
    const slot = p.byJob.get(j.id);
    if (!slot) return null;
    end = Math.max(end, slot.end);
  }
  return end;
}

/** The lead time of a new order in business days, from the fleet and queue as they are now. */
export function leadTimeDaysOfNew(
  printers: readonly FarmPrinter[],
  queued: readonly PrintJob[],
  added: readonly Omit<PrintJob, 'id' | 'orderId' | 'queuedAt' | 'attempt'>[],
  now: number,
  rules: FarmRules = DEFAULT_FARM_RULES,
  leadRules: LeadTimeRules = DEFAULT_LEAD_TIME_RULES,
): number | null {
  const printed = completionOfNew(printers, queued, added, now, rules);
  if (printed === null) return null;
  return businessDaysUntilDispatch(now, printed + leadRules.packingSeconds * 1000, leadRules);
}
