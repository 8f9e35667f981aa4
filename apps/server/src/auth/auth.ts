import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { account, session, user, verification } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const REMEMBER_ME_DAYS = 30;
export const RESET_TOKEN_TTL_S = 60 * 60;

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

function trustedOrigins(publicUrl: string): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  const u = new URL(publicUrl);
  // A local install is reached as localhost and as 127.0.0.1 alike.
  if (u.hostname === 'localhost') origins.add(`${u.protocol}//127.0.0.1${u.port ? `:${u.port}` : ''}`);
  if (u.hostname === '127.0.0.1') origins.add(`${u.protocol}//localhost${u.port ? `:${u.port}` : ''}`);
  return [...origins];
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

export function createAuth(opts: {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  onResetLink?: (link: string) => void;
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
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        if (mailer.kind === 'outbox') opts.onResetLink?.(link);
        await mailer.send({ to: u.email, ...resetEmail(link) });
      },
    },
    session: {
      // "Remember me" keeps the session (and its cookie) for 30 days; without it the cookie ends with the browser.
      expiresIn: REMEMBER_ME_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Rate limits are applied in front of these routes per IP and per email (routes/api/auth.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'printloop',
    },
    logger: { disabled: config.env === 'test' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
