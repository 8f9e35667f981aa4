import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { user } from '../db/schema.js';
import { AppError } from '../lib/errors.js';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please confirm your email address before placing a live order: open the link in the email we sent you, or send it again.';

/**
 * A live order needs a confirmed email address (Better Auth's verification link). Test-mode orders and
 * everything else do not. Read from the database on every call: a link just opened counts at once.
 */
export async function requireVerifiedEmail(
  db: Db,
  userId: string,
  /** The public API answers with its documented FORBIDDEN (API.md's one code list); the web's own API says why. */
  code: 'EMAIL_NOT_VERIFIED' | 'FORBIDDEN' = 'EMAIL_NOT_VERIFIED',
): Promise<void> {
  const [row] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!row?.verified) throw new AppError(403, code, EMAIL_NOT_VERIFIED_MESSAGE);
}
