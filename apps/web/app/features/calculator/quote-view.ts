/**
 * Which figures the Quote Summary shows: the server's preview when it matches the current inputs
 * (the authority), else the instant estimate priced in the browser, else a stale server figure.
 * Pure, so the choice is testable without React.
 */
import { priceQuote, type Quote, type QuoteParameters } from '@printloop/quote';
import type { LeadTimes, QuotePreview } from '../../lib/api-client';
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
