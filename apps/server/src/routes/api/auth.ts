import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KeyedLimiter } from '../../auth/limits.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

export interface AuthRouteOptions {
  /** Attempts per IP per window on sign-in, sign-up and password reset. */
  perIp: { max: number; windowMs: number };
  /** Attempts per email address per window on the same routes. */
  perEmail: { max: number; windowMs: number };
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  }
  return headers;
}

/** Pass a Fastify request to Better Auth's fetch handler and copy its answer back. */
async function forward(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, app.config.publicUrl);
  const headers = toHeaders(request);
  // Better Auth reads the client address for sessions from this header.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const res = await app.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: request.body === undefined ? '{}' : JSON.stringify(request.body) } : {}),
    }),
  );
  reply.status(res.status);
  for (const [k, v] of res.headers) {
    if (k === 'set-cookie' || k === 'content-length') continue;
    reply.header(k, v);
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
  const text = await res.text();
  return reply.send(text.length ? text : null);
}

const limitedPaths = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
] as const;

/** Better Auth under /api/auth/*, with per-IP and per-email limits on the sensitive routes. */
export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const emailLimiter = new KeyedLimiter(opts.perEmail.max, opts.perEmail.windowMs);

  for (const url of limitedPaths) {
    app.post(
      url,
      {
        bodyLimit: 16 * 1024,
        config: { rateLimit: { max: opts.perIp.max, timeWindow: opts.perIp.windowMs } },
        preHandler: async (request) => {
          const email = (request.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string' && email.length > 0) {
            const key = `${url}:${email.trim().toLowerCase()}`;
            if (!emailLimiter.take(key)) {
              throw new AppError(
                429,
                'RATE_LIMITED',
                `Too many attempts for this email address. Please try again in ${Math.ceil(emailLimiter.retryAfterSeconds(key) / 60)} minutes.`,
              );
            }
            // Sign-up says plainly when an address is taken (the product asks for a clear message).
            if (url === '/api/auth/sign-up/email') {
              const [taken] = await app.database.db
                .select({ id: user.id })
                .from(user)
                .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
                .limit(1);
              if (taken) {
                throw new AppError(
                  422,
                  'USER_ALREADY_EXISTS',
                  'An account with this email already exists. Sign in, or reset your password.',
                );
              }
            }
          }
        },
      },
      (request, reply) => forward(app, request, reply),
    );
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    bodyLimit: 16 * 1024,
    handler: (request, reply) => forward(app, request, reply),
  });
}
