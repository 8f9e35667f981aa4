/**
 * The API's objects and request shapes, all derived from the OpenAPI document (generated into
 * ./generated/openapi.ts by the build), so a change of the API that breaks the SDK breaks its build.
 */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
type OperationId = keyof operations;

/** The JSON body an operation takes. */
type JsonBody<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? Exclude<B, null>
  : never;

/** The query parameters an operation takes. */
type Query<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** The JSON answer of an operation's success (200 or 201). */
type Success<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer B } };
}
  ? B
  : operations[K]['responses'] extends { 201: { content: { 'application/json': infer B } } }
    ? B
    : never;

/** An uploaded model and the server's analysis of it (`file_…`). */
export type FileObject = Schemas['File'];
export type Quote = Schemas['Quote'];
export type Product = Schemas['Product'];
export type Order = Schemas['Order'];
export type OrderStatus = Order['status'];
export type ShippingRate = Schemas['ShippingRate'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** A new endpoint, with its `secret` (`whsec_…`): shown this once (an idempotent replay omits it). */
export type CreatedWebhookEndpoint = Success<'createWebhookEndpoint'>;
export type Event = Schemas['Event'];
export type EventType = Event['type'];
/** The error envelope of every refused request. */
export type ErrorBody = Schemas['Error'];
export type ErrorCode = ErrorBody['error']['code'];

export type FileCreateFromUrlParams = JsonBody<'createFile'>;
export type FileUnits = NonNullable<FileCreateFromUrlParams['units']>;
export type QuoteCreateParams = JsonBody<'createQuote'>;
export type ProductCreateParams = JsonBody<'createProduct'>;
export type ProductUpdateParams = JsonBody<'updateProduct'>;
export type ProductListParams = Query<'listProducts'>;
export type OrderCreateParams = JsonBody<'createOrder'>;
export type OrderListParams = Query<'listOrders'>;
export type OrderCancelParams = JsonBody<'cancelOrder'>;
export type ShippingRatesParams = Query<'getShippingRates'>;
export type ShippingRatesForItemsParams = JsonBody<'createShippingRates'>;
export type WebhookEndpointCreateParams = JsonBody<'createWebhookEndpoint'>;
export type EventListParams = Query<'listEvents'>;
export type EventRedeliverParams = JsonBody<'redeliverEvent'>;

/** `DELETE /v1/webhook_endpoints/{id}`'s answer. */
export type DeletedObject = Success<'deleteWebhookEndpoint'>;
/** A list that is not paged (shipping rates): every answer is in `data`. */
export type ShippingRateList = Success<'getShippingRates'>;

/** The cursor parameters every paged list takes. */
export type ListParams = {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
};

/** The answer of a paged list. */
export interface ListResponse<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

export type { Success };
