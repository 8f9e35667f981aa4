import type { WebhookEventType } from '@printloop/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { checkOutboundUrl } from '../http/fetch-url.js';
import { AppError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { queueDeliveries, recordEvent } from './events.js';
import { newWebhookSecret } from './secrets.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export interface Owner {
  userId: string;
  livemode: boolean;
}

/** Endpoints an account may have in each mode. */
export const MAX_ENDPOINTS = 16;

export function endpointDto(e: EndpointRow) {
  return {
    id: e.id,
    object: 'webhook_endpoint' as const,
    created_at: e.createdAt.toISOString(),
    livemode: e.livemode,
    url: e.url,
    description: e.description,
    events: e.events,
    status: e.status === 'disabled' ? ('disabled' as const) : ('enabled' as const),
    disabled_reason: e.disabledReason,
  };
}

/** Adds an endpoint; its secret is in the answer once (sealed in the database, never shown again). */
export async function createEndpoint(
  app: FastifyInstance,
  owner: Owner,
  input: { url: string; events?: string[] | undefined; description?: string | undefined },
) {
  checkOutboundUrl(input.url, { allowPrivateNetwork: app.config.allowPrivateNetwork }, 'url');
  const db = app.database.db;
  const existing = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, owner.userId), eq(webhookEndpoints.livemode, owner.livemode)));
  if (existing.length >= MAX_ENDPOINTS) {
    throw new AppError(
      409,
      'CONFLICT',
      `An account can have at most ${MAX_ENDPOINTS} webhook endpoints in each mode. Delete one first.`,
    );
  }
  const secret = newWebhookSecret();
  const wanted = input.events && input.events.length > 0 ? input.events : ['*'];
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: newId('we'),
      userId: owner.userId,
      livemode: owner.livemode,
      url: input.url,
      description: input.description ?? null,
      events: wanted.includes('*') ? ['*'] : [...new Set(wanted)],
      secretCiphertext: app.secretBox.seal(secret),
    })
    .returning();
  return { ...endpointDto(row!), secret };
}

export async function listEndpoints(db: Db, owner: { userId: string; livemode?: boolean }) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, owner.userId),
        ...(owner.livemode !== undefined ? [eq(webhookEndpoints.livemode, owner.livemode)] : []),
      ),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

/** One of the owner's endpoints (in the mode, when one is given), or 404. */
export async function endpointOf(db: Db, owner: { userId: string; livemode?: boolean }, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.userId, owner.userId),
        ...(owner.livemode !== undefined ? [eq(webhookEndpoints.livemode, owner.livemode)] : []),
      ),
    )
    .limit(1);
  if (!row)
    throw new AppError(404, 'NOT_FOUND', `No such webhook endpoint: ${id}`, { id: 'No such endpoint' });
  return row;
}

/** Deletes an endpoint and its deliveries (events stay, for the account's event log). */
export async function deleteEndpoint(db: Db, owner: { userId: string; livemode?: boolean }, id: string) {
  const row = await endpointOf(db, owner, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return { id: row.id, object: 'webhook_endpoint' as const, deleted: true as const };
}

/** Sends a `ping` event to one endpoint (the dashboard's "Send test event"). */
export async function sendPing(
  app: FastifyInstance,
  owner: { userId: string; livemode?: boolean },
  id: string,
) {
  const endpoint = await endpointOf(app.database.db, owner, id);
  if (endpoint.status !== 'enabled') {
    throw new AppError(409, 'CONFLICT', 'This endpoint is disabled: it receives nothing.');
  }
  const event = await app.database.db.transaction((tx) =>
    recordEvent(
      tx as Db,
      {
        userId: endpoint.userId,
        livemode: endpoint.livemode,
        type: 'ping' satisfies WebhookEventType,
        object: {
          id: endpoint.id,
          object: 'webhook_endpoint',
          url: endpoint.url,
          message: 'Hello from PrintLoop',
        },
      },
      [endpoint.id],
    ),
  );
  app.webhooks.nudge();
  return event;
}

/**
 * Sends an event again (a new delivery with its own attempts; the same `webhook-id`, so receivers that
 * remember ids see it as the same event) to one endpoint, or to every enabled endpoint that wants it.
 */
export async function redeliver(
  app: FastifyInstance,
  owner: Owner,
  eventId: string,
  endpointId?: string,
): Promise<typeof events.$inferSelect> {
  const db = app.database.db;
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.userId, owner.userId), eq(events.livemode, owner.livemode)))
    .limit(1);
  if (!event) throw new AppError(404, 'NOT_FOUND', `No such event: ${eventId}`);
  let targets: EndpointRow[];
  if (endpointId) {
    const one = await endpointOf(db, owner, endpointId);
    targets = [one];
  } else {
    targets = (await listEndpoints(db, owner)).filter(
      (e) => e.events.includes('*') || e.events.includes(event.type),
    );
  }
  const enabled = targets.filter((e) => e.status === 'enabled');
  if (enabled.length === 0) {
    throw new AppError(409, 'CONFLICT', 'No enabled webhook endpoint receives this event.');
  }
  await db.transaction((tx) =>
    queueDeliveries(
      tx as Db,
      event,
      enabled.map((e) => e.id),
    ),
  );
  app.webhooks.nudge();
  return event;
}

/** The endpoint's recent deliveries with their attempts, newest first (the dashboard's log). */
export async function recentDeliveries(db: Db, endpointId: string, limit = 50) {
  const rows = await db
    .select({ d: webhookDeliveries, type: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
  const ids = rows.map((r) => r.d.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(asc(webhookAttempts.attemptedAt))
    : [];
  return rows.map(({ d, type }) => ({
    id: d.id,
    object: 'webhook_delivery' as const,
    created_at: d.createdAt.toISOString(),
    event_id: d.eventId,
    event_type: type,
    endpoint_id: d.endpointId,
    status: d.status as 'pending' | 'succeeded' | 'failed',
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    attempt_log: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempted_at: a.attemptedAt.toISOString(),
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        response_body: a.responseBody,
        error: a.error,
      })),
  }));
}

/** One delivery of the owner's (for redelivering it from the dashboard). */
export async function deliveryOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ d: webhookDeliveries, e: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'No such delivery');
  return row;
}
