/**
 * Which figures the Quote Summary shows: the server's preview when it matches the current inputs
 * (the authority), else the instant estimate priced in the browser, else a stale server figure.
 * Pure, so the choice is testable without React.
 */
import {
  formatGBP,
  PRICE_TABLE,
  PRICE_TABLES,
  priceQuote,
  type Quote,
  type QuoteParameters,
} from '@printloop/quote';
import type { LeadTimes, QuotePreview } from '../../lib/api-client';
import { formatGrams, formatPercent } from './format';
import type { ClientEstimate } from './worker-protocol';

export interface ShownQuote {
  source: 'server' | 'instant';
  quote: Quote;
  estimate: ClientEstimate;
  /** True while a newer figure is being computed. */
  updating: boolean;
  /** The server's lead times by shipping service (server figures only). */
  leadTimes?: LeadTimes;
}

export interface QuoteViewInput {
  preview: { key: string; value: QuotePreview } | null;
  /** The key of the current inputs for the server preview (null without a job). */
  previewKey: string | null;
  clientEstimate: { key: string; estimate: ClientEstimate } | null;
  /** The key of the current print parameters for the worker's estimate (null without a model). */
  estimateKey: string | null;
  params: QuoteParameters;
  quantity: number;
  /** A server preview is expected (the job exists and its last preview did not fail). */
  serverPending: boolean;
}

export function chooseShownQuote(v: QuoteViewInput): ShownQuote | null {
  if (v.preview !== null && v.previewKey !== null && v.preview.key === v.previewKey) {
    return {
      source: 'server',
      quote: v.preview.value.quote,
      estimate: v.preview.value.estimate,
      updating: false,
      leadTimes: v.preview.value.lead_times,
    };
  }
  if (v.clientEstimate) {
    const fresh = v.estimateKey !== null && v.clientEstimate.key === v.estimateKey;
    try {
      const quote = priceQuote(v.clientEstimate.estimate, v.params, {
        quantity: v.quantity,
        postProcessing: v.params.postProcessing,
      });
      return {
        source: 'instant',
        quote,
        estimate: v.clientEstimate.estimate,
        updating: !fresh || v.serverPending,
      };
    } catch {
      // Inputs the price cannot take (e.g. a quantity out of range): fall through.
    }
  }
  if (v.preview) {
    return {
      source: 'server',
      quote: v.preview.value.quote,
      estimate: v.preview.value.estimate,
      updating: true,
    };
  }
  return null;
}

/** Saving needs the server's price for exactly the current inputs. */
export function canSaveQuote(
  v: Pick<QuoteViewInput, 'preview' | 'previewKey'> & { saving: boolean },
): boolean {
  return v.preview !== null && v.previewKey !== null && v.preview.key === v.previewKey && !v.saving;
}

/** One line of the itemised breakdown. */
export interface PriceLine {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * The itemised breakdown of a quote, in order: costs, the minimum-charge top-up (its own line, only
 * when it applies), the unit price, quantity, discount and total. Rates come from the quote's own table.
 */
export function priceLines(q: Quote, filamentG: number): PriceLine[] {
  const table = PRICE_TABLES[q.price_table_version] ?? PRICE_TABLE;
  const partCost = q.material_pence + q.machine_pence + q.support_pence + q.post_processing_pence;
  const minimum = q.minimum_charge_pence ?? 0;
  const lines: PriceLine[] = [
    { label: `Material (${formatGrams(filamentG)})`, value: formatGBP(q.material_pence) },
    { label: 'Machine time', value: formatGBP(q.machine_pence) },
    { label: `Supports (+${formatPercent(table.supportRate)})`, value: formatGBP(q.support_pence) },
    { label: 'Finishing', value: formatGBP(q.post_processing_pence) },
    { label: 'Part cost', value: formatGBP(partCost) },
  ];
  if (minimum > 0) {
    lines.push({
      label: `Minimum charge (${formatGBP(table.minimumUnitPence)} per part)`,
      value: `+${formatGBP(minimum)}`,
    });
  }
  lines.push(
    {
      label: minimum > 0 ? 'Unit price (the minimum)' : `Unit price (× ${table.markup})`,
      value: formatGBP(q.unit_price_pence),
      strong: true,
    },
    { label: 'Quantity', value: String(q.quantity) },
    { label: 'Subtotal', value: formatGBP(q.subtotal_pence) },
    {
      label: `Volume discount (${formatPercent(q.discount_rate)})`,
      value: q.discount_pence > 0 ? `−${formatGBP(q.discount_pence)}` : formatGBP(0),
    },
  );
  if ((q.fulfilment_pence ?? 0) > 0)
    lines.push({ label: 'Fulfilment (once per order)', value: formatGBP(q.fulfilment_pence ?? 0) });
  lines.push({ label: 'Total (excl. VAT)', value: formatGBP(q.total_pence), strong: true });
  return lines;
}
