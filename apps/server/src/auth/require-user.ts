import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

export interface SessionUser {
  id: string;
  email: string;
}

/**
 * How long a session checked against the database is trusted without checking again. Signing out,
 * resetting a password and revoking sessions clear it at once in the process that did it; another
 * app process notices within this time.
 */
export const SESSION_CACHE_MS = 2_000;
const MAX_CACHED_SESSIONS = 10_000;
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?printloop\.session_token)=([^;]+)/;

interface Cached {
  user: SessionUser;
  until: number;
}

/** Sessions recently confirmed by Better Auth, by the signed cookie value. One per app instance. */
export class SessionCache {
  private readonly entries = new Map<string, Cached>();

  get(token: string, now: number): SessionUser | null {
    const hit = this.entries.get(token);
    if (!hit) return null;
    if (hit.until <= now) {
      this.entries.delete(token);
      return null;
    }
    return hit.user;
  }

  set(token: string, user: SessionUser, until: number) {
    if (this.entries.size >= MAX_CACHED_SESSIONS) {
      const now = Date.now();
      for (const [k, v] of this.entries) if (v.until <= now) this.entries.delete(k);
      if (this.entries.size >= MAX_CACHED_SESSIONS) this.entries.clear();
    }
    this.entries.set(token, { user, until });
  }

  /** Forget every session of a user (sign-out, password reset, revocation). */
  forgetUser(userId: string) {
    for (const [k, v] of this.entries) if (v.user.id === userId) this.entries.delete(k);
  }

  forgetToken(token: string) {
    this.entries.delete(token);
  }

  clear() {
    this.entries.clear();
  }
}

export function sessionToken(cookieHeader: string | undefined): string | null {
  const m = cookieHeader ? SESSION_COOKIE.exec(cookieHeader) : null;
  return m ? m[2]! : null;
}

/** The signed-in user of this request, from the session cookie (checked against the database). */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const cookie = request.headers.cookie;
  const token = sessionToken(cookie);
  if (!token) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
  const cache = request.server.sessions;
  const now = Date.now();
  const cached = cache.get(token, now);
  if (cached) return cached;
  const headers = new Headers();
  headers.set('cookie', cookie!);
  const result = await request.server.auth.api.getSession({ headers });
  if (!result) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
  const user = { id: result.user.id, email: result.user.email };
  cache.set(token, user, Math.min(now + SESSION_CACHE_MS, new Date(result.session.expiresAt).getTime()));
  return user;
}
