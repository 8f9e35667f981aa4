import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../auth/auth.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../auth/common-passwords.js';
import { sessionToken } from '../../auth/require-user.js';
import { grantConfiguredRole } from '../../auth/roles.js';
import { isDatabaseUnavailable } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { AppError, tooManyRequests, unavailable } from '../../lib/errors.js';

export interface AuthRouteOptions {
  /** Attempts per IP per window on each limited action (sign-in, sign-up, password reset). */
  perIp: { max: number; windowMs: number };
  /** Attempts per email address per window on the same actions. */
  perEmail: { max: number; windowMs: number };
}

/**
 * The actions limited per IP and per email. The action is what Better Auth will run, read from the
 * canonical path (see http/canonical-url.ts) without a trailing slash and in lower case, so no
 * spelling of a path reaches an action without its limits.
 */
export const LIMITED_AUTH_ACTIONS = [
  'sign-in/email',
  'sign-up/email',
  'request-password-reset',
  'reset-password',
  'send-verification-email',
] as const;
type LimitedAction = (typeof LIMITED_AUTH_ACTIONS)[number];

/** Actions that set a password, and the body field that holds it: a common password is refused. */
const PASSWORD_SETTING_ACTIONS: Record<string, 'password' | 'newPassword'> = {
  'sign-up/email': 'password',
  'reset-password': 'newPassword',
  'change-password': 'newPassword',
  'set-password': 'newPassword',
};

/** Actions after which sessions that were valid may no longer be. */
const SESSION_ENDING_ACTIONS = new Set([
  'sign-out',
  'revoke-session',
  'revoke-sessions',
  'revoke-other-sessions',
  'reset-password',
  'change-password',
  'delete-user',
]);

export function authAction(path: string): string {
  return path
    .replace(/^\/api\/auth\/?/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
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
  // request.url is already canonical (rewriteUrl), so Better Auth sees the path the limits saw.
  const url = new URL(request.url, app.config.publicUrl);
  const headers = toHeaders(request);
  // Better Auth reads the client address for sessions and its own limiter from this header.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const caught = { error: undefined as unknown };
  const res = await authErrors.run(caught, () =>
    app.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        ...(hasBody ? { body: request.body === undefined ? '{}' : JSON.stringify(request.body) } : {}),
      }),
    ),
  );
  if (res.status >= 500) {
    if (isDatabaseUnavailable(caught.error)) throw unavailable();
    if (caught.error !== undefined) request.log.error({ err: caught.error }, 'authentication failed');
  }
  // A session that ends here must stop working here at once, not when its cache entry expires.
  const action = authAction(request.url.split('?')[0] ?? '');
  if (res.status < 400 && SESSION_ENDING_ACTIONS.has(action)) {
    const token = sessionToken(request.headers.cookie);
    if (token) {
      const user = app.sessions.get(token, Date.now());
      app.sessions.forgetToken(token);
      if (user) app.sessions.forgetUser(user.id);
    }
    if (action === 'reset-password' || action === 'revoke-sessions' || action === 'revoke-other-sessions') {
      // A reset revokes every session of its user, who may be signed in elsewhere: forget them all.
      app.sessions.clear();
    }
  }
  const text = await res.text();
  // OPERATOR_EMAILS: the role is granted when such a user signs up or signs in.
  if (res.status === 200 && (action === 'sign-in/email' || action === 'sign-up/email')) {
    try {
      const signedIn = (JSON.parse(text) as { user?: { id?: string; email?: string } }).user;
      if (signedIn?.id && signedIn.email)
        await grantConfiguredRole(app, { id: signedIn.id, email: signedIn.email });
    } catch (err) {
      request.log.warn({ err }, 'could not check the operator list');
    }
  }
  reply.status(res.status);
  for (const [k, v] of res.headers) {
    if (k === 'set-cookie' || k === 'content-length') continue;
    reply.header(k, v);
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
  return reply.send(text.length ? text : null);
}

/**
 * Better Auth under /api/auth/*, with limits per IP and per email address on the sensitive actions,
 * keyed on the action (never the raw path), in the shared store when REDIS_URL is set. Better Auth's
 * own limiter runs behind them as a second line (auth/auth.ts).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const limiters = new Map<
    LimitedAction,
    {
      ip: ReturnType<FastifyInstance['createRateLimit']>;
      email: ReturnType<FastifyInstance['createRateLimit']>;
    }
  >();
  for (const action of LIMITED_AUTH_ACTIONS) {
    limiters.set(action, {
      ip: app.createRateLimit({
        max: opts.perIp.max,
        timeWindow: opts.perIp.windowMs,
        keyGenerator: (req) => `auth:${action}:ip:${req.ip}`,
      }),
      email: app.createRateLimit({
        max: opts.perEmail.max,
        timeWindow: opts.perEmail.windowMs,
        keyGenerator: (req) => `auth:${action}:email:${emailOf(req) ?? ''}`,
      }),
    });
  }

  const limit = async (request: FastifyRequest) => {
    const action = authAction(request.url.split('?')[0] ?? '');
    const pair = limiters.get(action as LimitedAction);
    if (!pair) {
      refuseCommonPassword(request, action);
      return;
    }
    const byIp = await pair.ip(request);
    if (!byIp.isAllowed && byIp.isExceeded) {
      throw tooManyRequests(
        `Too many requests. Please try again in ${Math.ceil(byIp.ttlInSeconds)} seconds.`,
        byIp.ttlInSeconds,
      );
    }
    const email = emailOf(request);
    if (email) {
      const byEmail = await pair.email(request);
      if (!byEmail.isAllowed && byEmail.isExceeded) {
        throw tooManyRequests(
          `Too many attempts for this email address. Please try again in ${Math.ceil(byEmail.ttlInSeconds / 60)} minutes.`,
          byEmail.ttlInSeconds,
        );
      }
      refuseCommonPassword(request, action);
      // Sign-up says plainly when an address is taken (the product asks for a clear message).
      if (action === 'sign-up/email') {
        const [taken] = await app.database.db
          .select({ id: user.id })
          .from(user)
          .where(sql`lower(${user.email}) = ${email}`)
          .limit(1);
        if (taken) {
          throw new AppError(
            422,
            'USER_ALREADY_EXISTS',
            'An account with this email already exists. Sign in, or reset your password.',
          );
        }
      }
    } else {
      refuseCommonPassword(request, action);
    }
  };

  // Each Better Auth endpoint checks its own fields; here: a JSON object, or nothing.
  const answer = { default: z.unknown().describe("Better Auth's answer") };
  app.get(
    '/api/auth/*',
    { schema: { querystring: authBodySchema, response: answer }, preHandler: limit },
    (request, reply) => forward(app, request, reply),
  );
  app.post(
    '/api/auth/*',
    {
      bodyLimit: 16 * 1024,
      schema: { body: authBodySchema.optional(), response: answer },
      preHandler: limit,
    },
    (request, reply) => forward(app, request, reply),
  );
};

const authBodySchema = z.record(z.string(), z.unknown());

/** A new password on the common list is refused before Better Auth sees it (422 PASSWORD_TOO_COMMON). */
function refuseCommonPassword(request: FastifyRequest, action: string) {
  const field = PASSWORD_SETTING_ACTIONS[action];
  if (!field || request.method !== 'POST') return;
  const parsed = authBodySchema.safeParse(request.body);
  const password = parsed.success ? parsed.data[field] : undefined;
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new AppError(422, 'PASSWORD_TOO_COMMON', COMMON_PASSWORD_MESSAGE, {
      [field]: COMMON_PASSWORD_MESSAGE,
    });
  }
}

function emailOf(request: FastifyRequest): string | null {
  const parsed = authBodySchema.safeParse(request.body);
  const email = parsed.success ? parsed.data.email : undefined;
  return typeof email === 'string' && email.trim().length > 0 ? email.trim().toLowerCase() : null;
}
