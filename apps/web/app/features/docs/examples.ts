/**
 * The API's example answers (one set, in @printloop/contracts, shared with the OpenAPI document), by
 * object, for the docs pages. Used at build time, in the routes' loaders.
 */
import {
  fileExample,
  orderExample,
  productExample,
  quoteExample,
  shippingRateExamples,
} from '@printloop/contracts';
import type { JsonValue } from './samples';

export { fileExample, orderExample, productExample, quoteExample, shippingRateExamples };

/** Examples by the name of the object (its `object` field, or the schema's name). */
export const objectExamples: Record<string, JsonValue> = {
  file: fileExample,
  quote: quoteExample,
  product: productExample,
  order: orderExample,
  shipping_rate: shippingRateExamples[0]!,
};

/** The example of an answer: the object, or a page of a list. */
export function responseExample(objectName: string, list: boolean): string | null {
  if (list && objectName === 'shipping_rate') {
    return JSON.stringify({ object: 'list', data: shippingRateExamples, has_more: false }, null, 2);
  }
  const example = objectExamples[objectName];
  if (example === undefined) return null;
  return JSON.stringify(list ? { object: 'list', data: [example], has_more: false } : example, null, 2);
}
