import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../api/keys.js';
import { AppError } from '../../lib/errors.js';
import { fileRoutes } from './files.js';
import { orderRoutes } from './orders.js';
import { productRoutes } from './products.js';
import { quoteRoutes } from './quotes.js';
import { shippingRoutes } from './shipping.js';
import { webhookRoutes } from './webhooks.js';

export interface V1Options {
  /** Requests per API key per minute. */
  rateLimit: number;
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** The operations each server registered under /v1 (for the test that holds the OpenAPI document to them). */
const operations = new WeakMap<object, { method: string; url: string }[]>();
export function v1Operations(app: FastifyInstance): { method: string; url: string }[] {
  return [...(operations.get(app.server) ?? [])];
}

/**
 * The public API under /v1 (API.md §3): every request authenticated by its API key (its account and
 * mode scope every query), limited per key, idempotent on POST, errors in one envelope; a known path
 * with another method is a 405 with `Allow`.
 */
export const v1Routes: FastifyPluginAsyncZod<V1Options> = async (app, opts) => {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const caller = await authenticate(app.database.db, request.headers.authorization);
    if (!caller) {
      throw new AppError(
        401,
        'UNAUTHENTICATED',
        request.headers.authorization
          ? 'This API key is not valid (it may have been revoked).'
          : 'Send your API key: Authorization: Bearer pl_test_… or pl_live_….',
      );
    }
    request.caller = caller;
  });
  // After authentication, so the limit is per key (RateLimit-* headers on every answer, Retry-After on 429).
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: opts.rateLimit,
      timeWindow: 60_000,
      keyGenerator: (request) => `v1:${request.caller?.keyId ?? request.ip}`,
    }),
  );

  // Known paths and their methods, for 405s.
  const methodsByUrl = new Map<string, Set<string>>();
  const registered: { method: string; url: string }[] = [];
  operations.set(app.server, registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') registered.push({ method: m, url: route.url });
    // Paths relative to this plugin's prefix (/v1), as app.route takes them here.
    const url = route.url.startsWith(route.prefix) ? route.url.slice(route.prefix.length) : route.url;
    const set = methodsByUrl.get(url) ?? new Set<string>();
    for (const m of methods) if (m !== 'HEAD') set.add(m);
    methodsByUrl.set(url, set);
  });

  await app.register(fileRoutes);
  await app.register(quoteRoutes);
  await app.register(productRoutes);
  await app.register(orderRoutes);
  await app.register(webhookRoutes);
  await app.register(shippingRoutes);

  const operationCount = registered.length;
  registerMethodNotAllowed(app, methodsByUrl);
  // The 405 answers are not operations.
  registered.length = operationCount;
};

function registerMethodNotAllowed(app: FastifyInstance, methodsByUrl: Map<string, Set<string>>) {
  // Copied first: registering the 405 routes below fires the onRoute hook for them too.
  const known = [...methodsByUrl].map(([url, methods]) => [url, [...methods].sort()] as const);
  for (const [url, allowed] of known) {
    const others = METHODS.filter((m) => !allowed.includes(m));
    if (others.length === 0) continue;
    const allow = allowed.join(', ');
    app.route({
      method: others,
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        reply.header('allow', allow);
        throw new AppError(
          405,
          'METHOD_NOT_ALLOWED',
          `${request.method} is not allowed on /v1${url}. Allowed: ${allow}.`,
        );
      },
    });
  }
}
