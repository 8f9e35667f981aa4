import { SHOPIFY_API_VERSION, type StorePlatform } from '@printloop/contracts';
import { checkOutboundUrl, fetchUrl, type OutboundPolicy } from '../http/fetch-url.js';
import { AppError, badRequest } from '../lib/errors.js';

/**
 * The stores' own APIs, called with plain fetch-like requests under the server-fetch rules (https only,
 * private addresses refused after DNS unless ALLOW_PRIVATE_NETWORK=true; a time and size limit):
 * - Shopify Admin GraphQL API (`/admin/api/2025-10/graphql.json`, header `X-Shopify-Access-Token`);
 * - WooCommerce REST API v3 (`/wp-json/wc/v3/…`, HTTP basic auth with the consumer key and secret).
 * Nothing here logs or returns a credential.
 */

export interface StoreCredentials {
  platform: StorePlatform;
  baseUrl: string;
  /** Shopify */
  accessToken?: string;
  /** WooCommerce */
  consumerKey?: string;
  consumerSecret?: string;
}

/** A call to the store that did not succeed: its HTTP status (null when no answer came) and why. */
export class StoreError extends Error {
  override name = 'StoreError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000 };

export interface StoreAnswer {
  status: number;
  json: unknown;
}

/** One request to the store; a non-2xx answer or no answer is a StoreError. */
export async function storeRequest(
  policy: OutboundPolicy & { timeoutMs?: number },
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; headers: Record<string, string>; body?: unknown },
): Promise<StoreAnswer> {
  let res: Awaited<ReturnType<typeof fetchUrl>>;
  try {
    res = await fetchUrl(url, policy, {
      ...LIMITS,
      ...(policy.timeoutMs ? { timeoutMs: policy.timeoutMs } : {}),
      method: init.method,
      anyStatus: true,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (err) {
    throw new StoreError(err instanceof Error ? err.message : 'The store could not be reached.', null);
  }
  const text = res.bytes.toString('utf8');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.status < 200 || res.status >= 300) {
    const detail = storeMessage(json) ?? text.slice(0, 200);
    throw new StoreError(
      `The store answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`.slice(0, 500),
      res.status,
    );
  }
  return { status: res.status, json };
}

function storeMessage(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const j = json as Record<string, unknown>;
  if (typeof j.message === 'string') return j.message;
  if (typeof j.errors === 'string') return j.errors;
  if (Array.isArray(j.errors)) {
    const first = j.errors[0] as { message?: unknown } | undefined;
    if (first && typeof first.message === 'string') return first.message;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// URLs the seller enters.

/** The shop's base URL from what was typed: "my-shop", "my-shop.myshopify.com" or a full URL. */
export function shopifyBaseUrl(input: string, policy: OutboundPolicy): string {
  const v = input.trim().replace(/\/+$/, '');
  let raw: string;
  if (/^https?:\/\//i.test(v)) raw = v;
  else if (/^[a-z0-9][a-z0-9-]*$/i.test(v)) raw = `https://${v.toLowerCase()}.myshopify.com`;
  else if (/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v)) raw = `https://${v.toLowerCase()}`;
  else
    throw badRequest('Enter the shop’s domain, e.g. my-shop.myshopify.com.', { shop_domain: 'Not a domain' });
  return checkedBase(raw, policy, 'shop_domain');
}

/** The WooCommerce site's base URL (https, unless ALLOW_PRIVATE_NETWORK for local tests). */
export function wooBaseUrl(input: string, policy: OutboundPolicy): string {
  const v = input.trim().replace(/\/+$/, '');
  return checkedBase(/^https?:\/\//i.test(v) ? v : `https://${v}`, policy, 'site_url');
}

function checkedBase(raw: string, policy: OutboundPolicy, param: string): string {
  try {
    const u = checkOutboundUrl(raw, policy, param);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch (err) {
    if (err instanceof AppError) {
      throw badRequest(
        policy.allowPrivateNetwork ? err.message : 'The store’s address must be an https URL.',
        { [param]: policy.allowPrivateNetwork ? err.message : 'Use the https address of the store' },
      );
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Shopify Admin GraphQL.

async function shopifyGraphql<T>(
  policy: OutboundPolicy,
  c: StoreCredentials,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await storeRequest(policy, `${c.baseUrl}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'x-shopify-access-token': c.accessToken ?? '' },
    body: { query, variables },
  });
  const body = res.json as { data?: T; errors?: { message: string }[] } | null;
  if (!body || body.errors?.length || !body.data) {
    throw new StoreError(
      `Shopify refused the request: ${body?.errors?.[0]?.message ?? 'no data in the answer'}`,
      res.status,
    );
  }
  return body.data;
}

function userErrors(payload: { userErrors?: { message: string }[] } | null | undefined, what: string) {
  const e = payload?.userErrors ?? [];
  if (e.length > 0) throw new StoreError(`${what}: ${e.map((x) => x.message).join('; ')}`, 200);
}

const SHOPIFY_TOPICS = ['ORDERS_CREATE', 'ORDERS_CANCELLED'] as const;

export const shopify = {
  async test(policy: OutboundPolicy, c: StoreCredentials): Promise<string> {
    const d = await shopifyGraphql<{ shop: { name: string } }>(policy, c, '{ shop { name } }');
    return d.shop.name;
  },

  /** Registers orders/create and orders/cancelled to `uri`; returns the subscriptions' ids. */
  async register(policy: OutboundPolicy, c: StoreCredentials, uri: string): Promise<string[]> {
    const ids: string[] = [];
    for (const topic of SHOPIFY_TOPICS) {
      const d = await shopifyGraphql<{
        webhookSubscriptionCreate: {
          webhookSubscription: { id: string } | null;
          userErrors: { message: string }[];
        };
      }>(
        policy,
        c,
        `mutation webhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`,
        { topic, webhookSubscription: { uri, format: 'JSON' } },
      );
      userErrors(d.webhookSubscriptionCreate, `Registering ${topic}`);
      if (d.webhookSubscriptionCreate.webhookSubscription)
        ids.push(d.webhookSubscriptionCreate.webhookSubscription.id);
    }
    return ids;
  },

  async unregister(policy: OutboundPolicy, c: StoreCredentials, ids: string[]) {
    for (const id of ids) {
      await shopifyGraphql(
        policy,
        c,
        `mutation webhookSubscriptionDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
}`,
        { id },
      );
    }
  },

  /** The SKUs of the shop's product variants (the first 250). */
  async skus(policy: OutboundPolicy, c: StoreCredentials): Promise<{ sku: string; title: string }[]> {
    const d = await shopifyGraphql<{
      productVariants: { nodes: { sku: string | null; displayName: string | null }[] };
    }>(policy, c, '{ productVariants(first: 250) { nodes { sku displayName } } }');
    return d.productVariants.nodes
      .filter((n): n is { sku: string; displayName: string | null } => !!n.sku?.trim())
      .map((n) => ({ sku: n.sku.trim(), title: n.displayName ?? n.sku }));
  },

  /**
   * Tells the shop the order shipped: `fulfillmentCreate` on the order's open fulfillment orders, with
   * the carrier, number and URL; Shopify emails the customer.
   */
  async fulfil(
    policy: OutboundPolicy,
    c: StoreCredentials,
    storeOrderId: string,
    t: { company: string; number: string; url: string },
  ): Promise<string> {
    const gid = storeOrderId.startsWith('gid://') ? storeOrderId : `gid://shopify/Order/${storeOrderId}`;
    const q = await shopifyGraphql<{
      order: { fulfillmentOrders: { nodes: { id: string; status: string }[] } } | null;
    }>(
      policy,
      c,
      `query fulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 10) { nodes { id status } } }
}`,
      { id: gid },
    );
    if (!q.order) throw new StoreError(`Shopify has no order ${gid}.`, 200);
    const open = q.order.fulfillmentOrders.nodes.filter((n) =>
      ['OPEN', 'IN_PROGRESS', 'SCHEDULED'].includes(n.status),
    );
    if (open.length === 0) throw new StoreError('The order has no open fulfillment order in Shopify.', 200);
    const d = await shopifyGraphql<{
      fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: { message: string }[] };
    }>(
      policy,
      c,
      `mutation fulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: open.map((n) => ({ fulfillmentOrderId: n.id })),
          notifyCustomer: true,
          trackingInfo: { company: t.company, number: t.number, url: t.url },
        },
      },
    );
    userErrors(d.fulfillmentCreate, 'Creating the fulfilment');
    return d.fulfillmentCreate.fulfillment?.id ?? 'created';
  },
};

// ---------------------------------------------------------------------------------------------
// WooCommerce REST API v3.

function wooHeaders(c: StoreCredentials) {
  const basic = Buffer.from(`${c.consumerKey ?? ''}:${c.consumerSecret ?? ''}`).toString('base64');
  return { authorization: `Basic ${basic}` };
}

const wc = (c: StoreCredentials, path: string) => `${c.baseUrl}/wp-json/wc/v3${path}`;

export const woocommerce = {
  async test(policy: OutboundPolicy, c: StoreCredentials): Promise<string> {
    const res = await storeRequest(policy, wc(c, '/system_status'), {
      method: 'GET',
      headers: wooHeaders(c),
    });
    const env = (res.json as { environment?: { site_url?: string; version?: string } } | null)?.environment;
    return env?.site_url ? `${env.site_url}${env.version ? ` (WooCommerce ${env.version})` : ''}` : c.baseUrl;
  },

  async register(
    policy: OutboundPolicy,
    c: StoreCredentials,
    uri: string,
    secret: string,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const topic of ['order.created', 'order.updated']) {
      const res = await storeRequest(policy, wc(c, '/webhooks'), {
        method: 'POST',
        headers: wooHeaders(c),
        body: { name: `PrintLoop ${topic}`, topic, delivery_url: uri, secret, status: 'active' },
      });
      const id = (res.json as { id?: number | string } | null)?.id;
      if (id !== undefined) ids.push(String(id));
    }
    return ids;
  },

  async unregister(policy: OutboundPolicy, c: StoreCredentials, ids: string[]) {
    for (const id of ids) {
      await storeRequest(policy, wc(c, `/webhooks/${encodeURIComponent(id)}?force=true`), {
        method: 'DELETE',
        headers: wooHeaders(c),
      });
    }
  },

  /** The SKUs of the site's products and of the variations of its first variable products. */
  async skus(policy: OutboundPolicy, c: StoreCredentials): Promise<{ sku: string; title: string }[]> {
    const res = await storeRequest(policy, wc(c, '/products?per_page=100'), {
      method: 'GET',
      headers: wooHeaders(c),
    });
    const list = (Array.isArray(res.json) ? res.json : []) as {
      id: number;
      name?: string;
      sku?: string;
      type?: string;
    }[];
    const out: { sku: string; title: string }[] = [];
    for (const p of list) if (p.sku?.trim()) out.push({ sku: p.sku.trim(), title: p.name ?? p.sku });
    for (const p of list.filter((x) => x.type === 'variable').slice(0, 20)) {
      const v = await storeRequest(policy, wc(c, `/products/${p.id}/variations?per_page=100`), {
        method: 'GET',
        headers: wooHeaders(c),
      });
      for (const x of (Array.isArray(v.json) ? v.json : []) as { sku?: string; name?: string }[]) {
        if (x.sku?.trim()) out.push({ sku: x.sku.trim(), title: `${p.name ?? ''} ${x.name ?? ''}`.trim() });
      }
    }
    return out;
  },

  /** Sets the order completed, then adds a note to the customer with the tracking (steps skipped when done). */
  async fulfil(
    policy: OutboundPolicy,
    c: StoreCredentials,
    storeOrderId: string,
    t: { company: string; number: string; url: string },
    done: Record<string, string>,
    mark: (step: string, value: string) => Promise<void>,
  ) {
    const id = encodeURIComponent(storeOrderId);
    if (!done.completed) {
      await storeRequest(policy, wc(c, `/orders/${id}`), {
        method: 'PUT',
        headers: wooHeaders(c),
        body: { status: 'completed' },
      });
      await mark('completed', new Date().toISOString());
    }
    if (!done.note) {
      const res = await storeRequest(policy, wc(c, `/orders/${id}/notes`), {
        method: 'POST',
        headers: wooHeaders(c),
        body: {
          note: `Shipped with ${t.company}. Tracking number: ${t.number}. Track it at ${t.url}`,
          customer_note: true,
        },
      });
      await mark('note', String((res.json as { id?: number } | null)?.id ?? 'added'));
    }
  },
};
