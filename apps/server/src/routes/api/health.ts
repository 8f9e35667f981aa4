import { apiErrorSchema, type HealthResponse, healthResponseSchema } from '@printloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type Check = HealthResponse['checks']['database'];

/** A probe is reused for this long, so a flood of health checks costs the database and disk nothing. */
export const HEALTH_CACHE_MS = 2_000;

async function timed(fn: () => Promise<void>, timeoutMs = 3000): Promise<Check> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return { status: 'ok', latency_ms: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { status: 'error', latency_ms: Math.round((performance.now() - start) * 10) / 10 };
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthRouteOptions {
  /** Requests per IP per minute. */
  max: number;
  /** How long one probe answers for (default HEALTH_CACHE_MS). */
  cacheMs?: number;
}

/**
 * GET /api/health: the database and the file storage, each checked for real, at most once every
 * HEALTH_CACHE_MS (concurrent callers share one probe). 503 when one fails.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRouteOptions> = async (app, opts) => {
  let last: { at: number; result: Promise<HealthResponse> } | null = null;
  const probe = async (): Promise<HealthResponse> => {
    const [database, storage] = await Promise.all([
      timed(() => app.database.ping()),
      timed(() => app.storage.ping()),
    ]);
    const ok = database.status === 'ok' && storage.status === 'ok';
    return {
      status: ok ? 'ok' : 'degraded',
      checks: { database, storage },
      checked_at: new Date().toISOString(),
    };
  };

  app.get(
    '/api/health',
    {
      config: { rateLimit: { max: opts.max, timeWindow: 60_000 } },
      schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema, 429: apiErrorSchema } },
    },
    async (_request, reply) => {
      const now = Date.now();
      if (!last || now - last.at >= (opts.cacheMs ?? HEALTH_CACHE_MS)) last = { at: now, result: probe() };
      const body = await last.result;
      return reply
        .status(body.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
