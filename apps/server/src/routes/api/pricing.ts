import type { EstimateResult } from '@printloop/estimate';
import { type Analysis, bedFootprint } from '@printloop/geometry';
import {
  colorIds,
  colorProblem,
  type FilamentType,
  MATERIALS,
  PARAMETER_MESSAGES,
  ParameterError,
  parseParameters,
  priceQuote,
  type QuoteParameters,
  validateQuantity,
} from '@printloop/quote';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';

/** Parameters from a request, or a 400 naming each bad field (`parameters.<field>`). */
export function parametersOrThrow(input: unknown): QuoteParameters {
  try {
    return parseParameters(input);
  } catch (err) {
    if (err instanceof ParameterError) {
      const fields = Object.fromEntries(err.errors.map((e) => [`parameters.${e.field}`, e.message]));
      throw badRequest(err.errors.map((e) => e.message).join(' '), fields);
    }
    throw err;
  }
}

/**
 * The colour in a request's parameters: a colour id of the material's catalogue, taken exactly as sent
 * (never coerced). An unknown colour is a 400 listing the valid ones; so is a missing one when
 * `required` (saving a quote), while a preview may leave it out (it does not change the price).
 */
export function colorOrThrow(material: FilamentType, raw: unknown, required: boolean): string | null {
  if (raw === undefined && !required) return null;
  const problem =
    typeof raw !== 'string'
      ? `Choose a colour of ${MATERIALS[material].name}: one of ${colorIds(material).join(', ')}.`
      : colorProblem(material, raw);
  if (problem) throw badRequest(problem, { 'parameters.color': problem });
  return raw as string;
}

/** A quantity from a request, never coerced: a whole number within the bounds, or a 400. */
export function quantityOrThrow(input: unknown): number {
  const q = validateQuantity(input);
  if (!q.ok) throw badRequest(PARAMETER_MESSAGES.quantity, { quantity: PARAMETER_MESSAGES.quantity });
  return q.value;
}

/** The itemised price of an estimate: the one place the server turns an estimate into money. */
export function priceEstimate(estimate: EstimateResult, parameters: QuoteParameters, quantity: number) {
  return priceQuote(estimate, parameters, { quantity, postProcessing: parameters.postProcessing });
}

/**
 * The calculator's price with its lead times from the production floor's live queue (`app.leadTimes`,
 * re-read at most every 2 s): the quote's `lead_time_days` is the standard service's; the fixed rule
 * stays when no printer could take the work.
 */
export async function priceWithLeadTimes(
  app: FastifyInstance,
  analysis: Analysis,
  estimate: EstimateResult,
  parameters: QuoteParameters,
  quantity: number,
) {
  const fixed = priceEstimate(estimate, parameters, quantity);
  const color = (parameters as { color?: unknown }).color;
  const work = [
    {
      size: bedFootprint(analysis),
      quantity,
      secondsPerCopy: estimate.print_time_s,
      material: parameters.filamentType,
      color: typeof color === 'string' ? color : 'black',
    },
  ];
  const [standard, express] = await Promise.all([
    app.leadTimes.days(work, false),
    app.leadTimes.days(work, true),
  ]);
  const live = standard !== null && express !== null;
  const quote = live ? { ...fixed, lead_time_days: standard } : fixed;
  const lead = quote.lead_time_days;
  return {
    quote,
    lead_times: { standard_days: live ? standard : lead, express_days: live ? express : lead, live },
  };
}
