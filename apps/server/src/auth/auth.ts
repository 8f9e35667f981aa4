import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { account, session, user, verification } from '../db/schema.js';
import { trustedOrigins } from '../http/origin-check.js';
import type { Mailer } from '../mail/mailer.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const REMEMBER_ME_DAYS = 30;
export const RESET_TOKEN_TTL_S = 60 * 60;
/** How long the link in a verification email works. */
export const VERIFY_TOKEN_TTL_S = 3 * 24 * 60 * 60;

/**
 * The signing secret: AUTH_SECRET when set (required when several processes share a database),
 * otherwise one generated once and kept in the data folder so sessions survive a restart.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

export function resetEmail(link: string) {
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of your PrintLoop account. To choose a new password, open this link:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays the same.',
    '',
    'PrintLoop',
  ].join('\n');
  return { subject: 'Reset your PrintLoop password', text };
}

export function verificationEmail(link: string) {
  const text = [
    'Hello,',
    '',
    'Welcome to PrintLoop. Please confirm your email address by opening this link:',
    '',
    link,
    '',
    'You can get quotes and save them straight away; we ask for a confirmed address before we print a live order. The link expires in 3 days. If you did not create an account, you can ignore this email.',
    '',
    'PrintLoop',
  ].join('\n');
  return { subject: 'Confirm your PrintLoop email address', text };
}

/**
 * The verification link Better Auth makes points at its own endpoint, which then redirects to the
 * callback. The callback is kept only when it is a same-site path (Better Auth checks it too).
 */
export function verificationLink(url: string, publicUrl: string): string {
  const link = new URL(url, publicUrl);
  const callback = link.searchParams.get('callbackURL');
  if (!callback?.startsWith('/') || callback.startsWith('//') || callback.includes('\\')) {
    link.searchParams.set('callbackURL', '/orders?verified=1');
  }
  return link.toString();
}

/** Where Better Auth reports the error behind a 500 it answers (routes/api/auth.ts reads it). */
export const authErrors = new AsyncLocalStorage<{ error: unknown }>();

/** Better Auth's own limiter, a second line behind the routes' limits: per IP and action. */
export interface AuthLimiterOptions {
  windowS: number;
  max: number;
}

export function createAuth(opts: {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  onResetLink?: (link: string) => void;
  onVerificationLink?: (link: string) => void;
  limiter: AuthLimiterOptions;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  const { config, db, mailer, secret } = opts;
  return betterAuth({
    appName: 'PrintLoop',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // A new account is signed in at once (the calculator carries on with the user's file).
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        if (mailer.kind === 'outbox') opts.onResetLink?.(link);
        await mailer.send({ to: u.email, ...resetEmail(link) });
      },
    },
    // The address is confirmed by a link sent at sign-up (and on request from the checkout). Signing in
    // does not need it; placing a live order does (routes/api/orders.ts, routes/v1/orders.ts).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_TOKEN_TTL_S,
      async sendVerificationEmail({ user: u, url }) {
        const link = verificationLink(url, config.publicUrl);
        if (mailer.kind === 'outbox') opts.onVerificationLink?.(link);
        await mailer.send({ to: u.email, ...verificationEmail(link) });
      },
    },
    session: {
      // "Remember me" keeps the session (and its cookie) for 30 days; without it the cookie ends with the browser.
      expiresIn: REMEMBER_ME_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Rate limits are applied in front of these routes per IP and per email (routes/api/auth.ts).
    // The routes limit each action per IP and per email first (routes/api/auth.ts); this is a second
    // line of Better Auth's own, per IP and path, in memory.
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: opts.limiter.windowS,
      max: opts.limiter.max * 10,
      customRules: {
        '/sign-in/email': { window: opts.limiter.windowS, max: opts.limiter.max },
        '/sign-up/email': { window: opts.limiter.windowS, max: opts.limiter.max },
        '/request-password-reset': { window: opts.limiter.windowS, max: opts.limiter.max },
        '/reset-password': { window: opts.limiter.windowS, max: opts.limiter.max },
        '/send-verification-email': { window: opts.limiter.windowS, max: opts.limiter.max },
      },
    },
    onAPIError: {
      onError(error) {
        const store = authErrors.getStore();
        if (store) store.error = error;
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'printloop',
    },
    // Better Auth's own messages go to the server's log, as text only: their extra arguments can carry
    // query parameters (session tokens, emails), which must never reach a log.
    logger: {
      disabled: config.env === 'test' || !opts.log,
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') opts.log?.error({ source: 'better-auth' }, message);
        else opts.log?.warn({ source: 'better-auth' }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
