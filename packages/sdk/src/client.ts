import { type ClientOptions, HttpClient } from './http.js';
import {
  Events,
  Files,
  Orders,
  Products,
  Quotes,
  Shipping,
  TestHelpers,
  WebhookEndpoints,
} from './resources.js';
import { Webhooks } from './webhooks.js';

/**
 * The PrintLoop API client.
 *
 * ```ts
 * const client = new PrintLoop({ apiKey: process.env.PRINTLOOP_API_KEY! });
 * const order = await client.orders.retrieve('ord_…');
 * ```
 */
export class PrintLoop {
  readonly files: Files;
  readonly quotes: Quotes;
  readonly products: Products;
  readonly orders: Orders;
  readonly shipping: Shipping;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly events: Events;
  readonly testHelpers: TestHelpers;
  /** Verifies deliveries; needs the endpoint's secret, not the API key. */
  readonly webhooks: Webhooks;
  /** The origin the client talks to (without `/v1`). */
  readonly baseUrl: string;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.baseUrl = http.baseUrl;
    this.files = new Files(http);
    this.quotes = new Quotes(http);
    this.products = new Products(http);
    this.orders = new Orders(http);
    this.shipping = new Shipping(http);
    this.webhookEndpoints = new WebhookEndpoints(http);
    this.events = new Events(http);
    this.testHelpers = new TestHelpers(http);
    this.webhooks = new Webhooks();
  }
}
