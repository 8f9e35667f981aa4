import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

export interface SessionUser {
  id: string;
  email: string;
}

/** The signed-in user of this request, from the session cookie (checked against the database). */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  const result = cookie ? await request.server.auth.api.getSession({ headers }) : null;
  if (!result) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
  return { id: result.user.id, email: result.user.email };
}
