/**
 * The API's resources, one class each, named as API.md section 3 names the endpoints. Every method
 * takes `RequestOptions` last (idempotency key, retries, timeout, abort signal).
 */
import { type HttpClient, type RequestOptions, segment } from './http.js';
import { PagePromise } from './pagination.js';
import type {
  CreatedWebhookEndpoint,
  DeletedObject,
  Event,
  EventListParams,
  EventRedeliverParams,
  FileCreateFromUrlParams,
  FileObject,
  FileUnits,
  ListParams,
  Order,
  OrderCancelParams,
  OrderCreateParams,
  OrderListParams,
  Product,
  ProductCreateParams,
  ProductListParams,
  ProductUpdateParams,
  Quote,
  QuoteCreateParams,
  ShippingRateList,
  ShippingRatesForItemsParams,
  ShippingRatesParams,
  Success,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
} from './types.js';

/** A model's bytes: a `Blob` or `File`, a `Uint8Array` (Node's `Buffer` is one) or an `ArrayBuffer`. */
export type Uploadable = Blob | Uint8Array | ArrayBuffer;

export interface FileUploadParams {
  file: Uploadable;
  /** The name with its extension (.stl, .obj, .3mf, .step); default the `File`'s own name. */
  filename?: string | undefined;
  /** The units the model is in; default the file's own (mm). */
  units?: FileUnits | undefined;
}

export type FileCreateParams = FileUploadParams | FileCreateFromUrlParams;

abstract class Resource {
  protected readonly http: HttpClient;

  constructor(http: HttpClient) {
    this.http = http;
  }
}

function toBlob(file: Uploadable): Blob {
  if (file instanceof Blob) return file;
  // A copy into a plain ArrayBuffer: a Buffer may be a view on a larger, shared pool.
  const bytes = file instanceof ArrayBuffer ? new Uint8Array(file) : new Uint8Array(file);
  return new Blob([bytes]);
}

export class Files extends Resource {
  /**
   * Uploads a model (`{ file, filename, units }`, sent as multipart) or has the server fetch one
   * (`{ url, filename, units }`); either way the answer carries the server's analysis.
   */
  async create(params: FileCreateParams, options?: RequestOptions): Promise<FileObject> {
    if ('url' in params) return this.createFromUrl(params.url, params, options);
    const blob = toBlob(params.file);
    const filename =
      params.filename ?? (typeof File !== 'undefined' && blob instanceof File ? blob.name : '');
    if (!filename)
      throw new TypeError('files.create: a filename with its extension is required, e.g. part.stl');
    const form = new FormData();
    if (params.units) form.append('units', params.units);
    form.append('file', blob, filename);
    return this.http.request<Success<'createFile'>>({ method: 'POST', path: '/files', body: form }, options);
  }

  /** Has the server fetch a model from an https URL (50 MB, 30 s at most). */
  async createFromUrl(
    url: string,
    params: Omit<FileCreateFromUrlParams, 'url'> = {},
    options?: RequestOptions,
  ): Promise<FileObject> {
    const body: FileCreateFromUrlParams = { url };
    if (params.filename !== undefined) body.filename = params.filename;
    if (params.units !== undefined) body.units = params.units;
    return this.http.request<Success<'createFile'>>({ method: 'POST', path: '/files', body }, options);
  }

  async retrieve(id: string, options?: RequestOptions): Promise<FileObject> {
    return this.http.request<Success<'getFile'>>({ method: 'GET', path: `/files/${segment(id)}` }, options);
  }
}

export class Quotes extends Resource {
  /** Prices a model named by `file_id`, `product_id` or `model_url`, with the print parameters. */
  async create(params: QuoteCreateParams, options?: RequestOptions): Promise<Quote> {
    return this.http.request<Success<'createQuote'>>(
      { method: 'POST', path: '/quotes', body: params },
      options,
    );
  }

  async retrieve(id: string, options?: RequestOptions): Promise<Quote> {
    return this.http.request<Success<'getQuote'>>({ method: 'GET', path: `/quotes/${segment(id)}` }, options);
  }
}

export class Products extends Resource {
  async create(params: ProductCreateParams, options?: RequestOptions): Promise<Product> {
    return this.http.request<Success<'createProduct'>>(
      { method: 'POST', path: '/products', body: params },
      options,
    );
  }

  /** Newest first; `for await` walks every page. */
  list(params: ProductListParams = {}, options?: RequestOptions): PagePromise<Product, ProductListParams> {
    return new PagePromise(params, (query) =>
      this.http.request<Success<'listProducts'>>({ method: 'GET', path: '/products', query }, options),
    );
  }

  async retrieve(id: string, options?: RequestOptions): Promise<Product> {
    return this.http.request<Success<'getProduct'>>(
      { method: 'GET', path: `/products/${segment(id)}` },
      options,
    );
  }

  async update(id: string, params: ProductUpdateParams, options?: RequestOptions): Promise<Product> {
    return this.http.request<Success<'updateProduct'>>(
      { method: 'PATCH', path: `/products/${segment(id)}`, body: params },
      options,
    );
  }

  /** Archives the product (`DELETE /v1/products/{id}`): orders that name it keep working. */
  async archive(id: string, options?: RequestOptions): Promise<Product> {
    return this.http.request<Success<'archiveProduct'>>(
      { method: 'DELETE', path: `/products/${segment(id)}` },
      options,
    );
  }

  /** The same as `archive`, named after the HTTP method. */
  async del(id: string, options?: RequestOptions): Promise<Product> {
    return this.archive(id, options);
  }
}

export class Orders extends Resource {
  /** Places an order; the server prices it. A test key's order starts `queued`. */
  async create(params: OrderCreateParams, options?: RequestOptions): Promise<Order> {
    return this.http.request<Success<'createOrder'>>(
      { method: 'POST', path: '/orders', body: params },
      options,
    );
  }

  /** Newest first, filtered by `status` and `external_id`; `for await` walks every page. */
  list(params: OrderListParams = {}, options?: RequestOptions): PagePromise<Order, OrderListParams> {
    return new PagePromise(params, (query) =>
      this.http.request<Success<'listOrders'>>({ method: 'GET', path: '/orders', query }, options),
    );
  }

  /** The order with its timeline (`events`). */
  async retrieve(id: string, options?: RequestOptions): Promise<Order> {
    return this.http.request<Success<'getOrder'>>({ method: 'GET', path: `/orders/${segment(id)}` }, options);
  }

  /** Allowed while `awaiting_payment` or `queued`; later a `ConflictError`. */
  async cancel(id: string, params?: OrderCancelParams, options?: RequestOptions): Promise<Order> {
    return this.http.request<Success<'cancelOrder'>>(
      { method: 'POST', path: `/orders/${segment(id)}/cancel`, body: params },
      options,
    );
  }
}

export class Shipping extends Resource {
  /**
   * The carriers' rates: for a weight (`{ country, weight_grams }`, a GET) or for the items of an
   * order to be (`{ country, items }`, a POST).
   */
  async rates(
    params: ShippingRatesParams | ShippingRatesForItemsParams,
    options?: RequestOptions,
  ): Promise<ShippingRateList> {
    if ('items' in params) {
      return this.http.request<Success<'createShippingRates'>>(
        { method: 'POST', path: '/shipping/rates', body: params },
        options,
      );
    }
    return this.http.request<Success<'getShippingRates'>>(
      { method: 'GET', path: '/shipping/rates', query: params },
      options,
    );
  }
}

export class WebhookEndpoints extends Resource {
  /** The answer carries the endpoint's `secret` (`whsec_…`), shown this once. */
  async create(
    params: WebhookEndpointCreateParams,
    options?: RequestOptions,
  ): Promise<CreatedWebhookEndpoint> {
    return this.http.request<Success<'createWebhookEndpoint'>>(
      { method: 'POST', path: '/webhook_endpoints', body: params },
      options,
    );
  }

  list(options?: RequestOptions): PagePromise<WebhookEndpoint> {
    return new PagePromise<WebhookEndpoint, ListParams>({}, (query) =>
      this.http.request<Success<'listWebhookEndpoints'>>(
        { method: 'GET', path: '/webhook_endpoints', query },
        options,
      ),
    );
  }

  async del(id: string, options?: RequestOptions): Promise<DeletedObject> {
    return this.http.request<Success<'deleteWebhookEndpoint'>>(
      { method: 'DELETE', path: `/webhook_endpoints/${segment(id)}` },
      options,
    );
  }

  /** Sends the endpoint a `ping` event, and answers with it. */
  async test(id: string, options?: RequestOptions): Promise<Event> {
    return this.http.request<Success<'testWebhookEndpoint'>>(
      { method: 'POST', path: `/webhook_endpoints/${segment(id)}/test` },
      options,
    );
  }
}

export class Events extends Resource {
  /** Newest first, filtered by `type`; `for await` walks every page. Kept 30 days. */
  list(params: EventListParams = {}, options?: RequestOptions): PagePromise<Event, EventListParams> {
    return new PagePromise(params, (query) =>
      this.http.request<Success<'listEvents'>>({ method: 'GET', path: '/events', query }, options),
    );
  }

  async retrieve(id: string, options?: RequestOptions): Promise<Event> {
    return this.http.request<Success<'getEvent'>>({ method: 'GET', path: `/events/${segment(id)}` }, options);
  }

  /** Delivers the event again, to every endpoint that wants it or to `endpoint_id` only. */
  async redeliver(id: string, params?: EventRedeliverParams, options?: RequestOptions): Promise<Event> {
    return this.http.request<Success<'redeliverEvent'>>(
      { method: 'POST', path: `/events/${segment(id)}/redeliver`, body: params },
      options,
    );
  }
}

export class TestOrders extends Resource {
  /**
   * Moves a test order to its next status at once (test keys only), firing the same webhooks as the
   * simulated clock. A `ConflictError` when it has no next status.
   */
  async advance(id: string, options?: RequestOptions): Promise<Order> {
    return this.http.request<Success<'advanceTestOrder'>>(
      { method: 'POST', path: `/test_helpers/orders/${segment(id)}/advance` },
      options,
    );
  }
}

export class TestHelpers {
  readonly orders: TestOrders;

  constructor(http: HttpClient) {
    this.orders = new TestOrders(http);
  }
}
