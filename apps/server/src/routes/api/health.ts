import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const check = z.object({ status: z.enum(['ok', 'error']), latency_ms: z.number() });
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ database: check, storage: check }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

async function timed(fn: () => Promise<void>, timeoutMs = 3000): Promise<z.infer<typeof check>> {
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

/** GET /api/health: the database and the file storage, each checked for real. 503 when one fails. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        timed(() => app.database.ping()),
        timed(() => app.storage.ping()),
      ]);
      const ok = database.status === 'ok' && storage.status === 'ok';
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'degraded', checks: { database, storage } });
    },
  );
}
