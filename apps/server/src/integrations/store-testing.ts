import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake store got. */
export interface StoreCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The GraphQL operation (Shopify): the first word after query/mutation, or the first field. */
  operation: string | null;
  json: Record<string, unknown> | null;
}

/**
 * A local recording store for tests (integration and end to end): the parts of the Shopify Admin GraphQL
 * API (2025-10) and the WooCommerce REST API v3 the connectors call. It checks the credentials it was
 * given, records every call, and answers 500 to the next `n` calls of an operation on request.
 */
export async function startFakeStore(
  opts: {
    shopify?: { accessToken: string; shopName?: string; skus?: { sku: string; title: string }[] };
    woocommerce?: { consumerKey: string; consumerSecret: string; skus?: { sku: string; title: string }[] };
  } = {},
) {
  const calls: StoreCall[] = [];
  const failures = new Map<string, number>();
  let nextId = 1000;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> | null = null;
      try {
        json = body ? (JSON.parse(body) as Record<string, unknown>) : null;
      } catch {
        json = null;
      }
      const url = new URL(req.url ?? '/', 'http://store.test');
      const query = typeof json?.query === 'string' ? json.query : '';
      const operation =
        /^\s*(?:mutation|query)\s+(\w+)/.exec(query)?.[1] ?? /^\s*\{\s*(\w+)/.exec(query)?.[1] ?? null;
      const call: StoreCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body,
        operation,
        json,
      };
      calls.push(call);
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const key = operation ?? `${call.method} ${url.pathname.replace(/\/\d+/g, '/:id')}`;
      const fail = failures.get(key) ?? 0;
      if (fail > 0) {
        failures.set(key, fail - 1);
        return send(500, { errors: 'Internal error (on purpose)' });
      }

      // Shopify Admin GraphQL.
      if (url.pathname.startsWith('/admin/api/')) {
        if (!opts.shopify || req.headers['x-shopify-access-token'] !== opts.shopify.accessToken) {
          return send(401, {
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          });
        }
        const vars = (json?.variables ?? {}) as Record<string, unknown>;
        switch (operation) {
          case 'shop':
            return send(200, { data: { shop: { name: opts.shopify.shopName ?? 'Test Shop' } } });
          case 'webhookSubscriptionCreate':
            return send(200, {
              data: {
                webhookSubscriptionCreate: {
                  webhookSubscription: {
                    id: `gid://shopify/WebhookSubscription/${nextId++}`,
                    topic: vars.topic,
                    uri: (vars.webhookSubscription as { uri?: string })?.uri,
                  },
                  userErrors: [],
                },
              },
            });
          case 'webhookSubscriptionDelete':
            return send(200, {
              data: { webhookSubscriptionDelete: { deletedWebhookSubscriptionId: vars.id, userErrors: [] } },
            });
          case 'productVariants':
            return send(200, {
              data: {
                productVariants: {
                  nodes: (opts.shopify.skus ?? []).map((s) => ({ sku: s.sku, displayName: s.title })),
                },
              },
            });
          case 'fulfillmentOrders': {
            const id = String(vars.id ?? '')
              .split('/')
              .pop();
            return send(200, {
              data: {
                order: {
                  fulfillmentOrders: {
                    nodes: [{ id: `gid://shopify/FulfillmentOrder/${id}0`, status: 'OPEN' }],
                  },
                },
              },
            });
          }
          case 'fulfillmentCreate':
            return send(200, {
              data: {
                fulfillmentCreate: {
                  fulfillment: { id: `gid://shopify/Fulfillment/${nextId++}`, status: 'SUCCESS' },
                  userErrors: [],
                },
              },
            });
          default:
            return send(200, { errors: [{ message: `Unknown operation ${operation}` }] });
        }
      }

      // WooCommerce REST API v3.
      if (url.pathname.startsWith('/wp-json/wc/v3/')) {
        const w = opts.woocommerce;
        const expected = w
          ? `Basic ${Buffer.from(`${w.consumerKey}:${w.consumerSecret}`).toString('base64')}`
          : null;
        if (!w || req.headers.authorization !== expected) {
          return send(401, {
            code: 'woocommerce_rest_cannot_view',
            message: 'Sorry, you cannot list resources.',
          });
        }
        const path = url.pathname.slice('/wp-json/wc/v3'.length);
        if (req.method === 'GET' && path === '/system_status')
          return send(200, { environment: { site_url: `http://127.0.0.1:${port}`, version: '9.9.0' } });
        if (req.method === 'POST' && path === '/webhooks') return send(201, { id: nextId++, ...json });
        if (req.method === 'DELETE' && /^\/webhooks\/\d+$/.test(path))
          return send(200, { id: Number(path.split('/')[2]) });
        if (req.method === 'GET' && path === '/products')
          return send(
            200,
            (w.skus ?? []).map((s, i) => ({ id: i + 1, name: s.title, sku: s.sku, type: 'simple' })),
          );
        if (req.method === 'PUT' && /^\/orders\/\d+$/.test(path))
          return send(200, { id: Number(path.split('/')[2]), ...json });
        if (req.method === 'POST' && /^\/orders\/\d+\/notes$/.test(path))
          return send(201, { id: nextId++, ...json });
        return send(404, {
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
        });
      }
      return send(404, { message: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Calls of a GraphQL operation, or of "METHOD /path" with numbers as :id. */
    of: (key: string) =>
      calls.filter((c) => (c.operation ?? `${c.method} ${c.path.replace(/\/\d+/g, '/:id')}`) === key),
    /** The next `n` calls of this operation (or "METHOD /path") answer 500. */
    failNext(key: string, n = 1) {
      failures.set(key, n);
    },
    async waitFor(cond: () => boolean, ms = 10_000) {
      const end = Date.now() + ms;
      while (!cond()) {
        if (Date.now() > end)
          throw new Error(`fake store: condition not met in ${ms} ms (${calls.length} calls)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
