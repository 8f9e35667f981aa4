import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { storeAlerts, user } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export type AlertKind = 'unmapped' | 'cancel_refused' | 'order_failed' | 'tracking_failed';

/**
 * Tells the seller something needs them: a row on /dashboard/integrations and an email (the local
 * outbox without SMTP_URL). A failed send is logged, never retried.
 */
export async function alertSeller(
  app: FastifyInstance,
  a: {
    userId: string;
    connectionId: string | null;
    kind: AlertKind;
    subject: string;
    message: string;
    orderId?: string | null;
    externalId?: string | null;
  },
  db: Db = app.database.db,
) {
  await db.insert(storeAlerts).values({
    id: newId('alr'),
    userId: a.userId,
    connectionId: a.connectionId,
    kind: a.kind,
    message: a.message,
    orderId: a.orderId ?? null,
    externalId: a.externalId ?? null,
  });
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, a.userId));
  if (!owner) return;
  const text = [
    'Hello,',
    '',
    a.message,
    '',
    `See your store connections: ${app.config.publicUrl}/dashboard/integrations`,
    '',
    'PrintLoop',
  ].join('\n');
  void app.mailer
    .send({ to: owner.email, subject: a.subject, text })
    .catch((err: unknown) => app.log.warn({ err, kind: a.kind }, 'store alert email not sent'));
}
