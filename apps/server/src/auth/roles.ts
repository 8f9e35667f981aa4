import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { user, userRoles } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { requireUser, type SessionUser } from './require-user.js';

export const OPERATOR = 'operator';

/** Roles read on every operator request: kept a few seconds, like sessions. */
const roleCache = new TtlCache<boolean>(2_000);

export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const cached = roleCache.get(userId);
  if (cached !== undefined) return cached;
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, OPERATOR)))
    .limit(1);
  const yes = Boolean(row);
  roleCache.set(userId, yes);
  return yes;
}

/** Grant a role (idempotent). `by`: an operator's id, 'config' or 'cli'. */
export async function grantRole(db: Db, userId: string, role: string, by: string) {
  await db.insert(userRoles).values({ userId, role, grantedBy: by }).onConflictDoNothing();
  roleCache.delete(userId);
}

export async function revokeRole(db: Db, userId: string, role: string) {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  roleCache.delete(userId);
}

/** The user with this email (case-insensitive), or null. */
export async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** The signed-in operator of this request: 401 when signed out, 403 for anyone else. */
export async function requireOperator(request: FastifyRequest): Promise<SessionUser> {
  const u = await requireUser(request);
  if (!(await isOperator(request.server.database.db, u.id))) {
    throw new AppError(403, 'FORBIDDEN', 'This page is for the farm’s operators only.');
  }
  return u;
}

/** OPERATOR_EMAILS: make a user named there an operator when they sign up or sign in. */
export async function grantConfiguredRole(app: FastifyInstance, u: { id: string; email: string }) {
  if (app.config.operatorEmails.includes(u.email.trim().toLowerCase())) {
    await grantRole(app.database.db, u.id, OPERATOR, 'config');
  }
}
