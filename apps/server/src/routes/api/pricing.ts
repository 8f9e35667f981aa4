import type { EstimateResult } from '@printloop/estimate';
import {
  PARAMETER_MESSAGES,
  ParameterError,
  parseParameters,
  priceQuote,
  type QuoteParameters,
  validateQuantity,
} from '@printloop/quote';
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
