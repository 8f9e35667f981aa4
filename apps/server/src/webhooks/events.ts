import type { WebhookEventType } from '@printloop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { reusableQuery } from '../db/insert-rows.js';
import { events, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export type EventRow = typeof events.$inferSelect;

export interface NewEvent {
  userId: string;
  livemode: boolean;
  type: WebhookEventType;
  /** The order it is about: its deliveries to an endpoint go out one at a time, in order. */
  orderId?: string | null;
  object: Record<string, unknown>;
  previousAttributes?: Record<string, unknown>;
}

/** The enabled endpoints of an account and mode (asked with every event: built once, insert-rows.ts). */
const enabledEndpoints = reusableQuery<
  { userId: string; livemode: boolean },
  { id: string; events: string[] }
>((db) =>
  db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, sql.placeholder('userId')),
        eq(webhookEndpoints.livemode, sql.placeholder('livemode')),
        eq(webhookEndpoints.status, 'enabled'),
      ),
    ),
);

/** Endpoints of this account and mode that want this event type. */
export async function subscribers(tx: Db, e: { userId: string; livemode: boolean; type: string }) {
  const rows = await enabledEndpoints(tx, { userId: e.userId, livemode: e.livemode });
  return rows.filter((r) => r.events.includes('*') || r.events.includes(e.type));
}

/**
 * Records an event and a pending delivery for every endpoint that wants it, in the caller's transaction
 * (API.md §4): the change, its event and its deliveries commit together or not at all, so a crash can
 * lose none of them. The delivery worker drains them afterwards.
 */
export async function recordEvent(tx: Db, e: NewEvent, only?: string[]): Promise<EventRow> {
  const written = eventRow(e);
  // Only the columns the database fills are read back (not the whole object it was just sent). The
  // insert and the subscribers' query are independent: sent together (one trip on the embedded database).
  const [[made], targets] = await Promise.all([
    tx.insert(events).values(written).returning({ seq: events.seq, createdAt: events.createdAt }),
    only ?? subscribers(tx, e).then((rows) => rows.map((s) => s.id)),
  ]);
  const event: EventRow = { ...written, ...made! };
  await queueDeliveries(tx, event, targets);
  return event;
}

/**
 * An event's row as `recordEvent` writes it (its sequence number and time are the database's), for a
 * caller that writes it with its other rows (then `subscribers` and `queueDeliveries`, in the same
 * transaction).
 */
export function eventRow(e: NewEvent) {
  return {
    id: newId('evt'),
    userId: e.userId,
    livemode: e.livemode,
    type: e.type,
    orderId: e.orderId ?? null,
    data: {
      object: e.object,
      ...(e.previousAttributes ? { previous_attributes: e.previousAttributes } : {}),
    },
  } satisfies typeof events.$inferInsert;
}

/** Pending deliveries of an event to endpoints (new ones: a redelivery is a delivery of its own). */
export async function queueDeliveries(
  tx: Db,
  event: Pick<EventRow, 'id' | 'orderId'>,
  endpointIds: string[],
) {
  if (endpointIds.length === 0) return [];
  return tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        id: newId('whd'),
        eventId: event.id,
        endpointId,
        orderKey: event.orderId ?? event.id,
      })),
    )
    .returning();
}

/** The event object (API.md §1): also the body of its webhook deliveries. */
export function eventDto(e: EventRow) {
  return {
    id: e.id,
    object: 'event' as const,
    created_at: e.createdAt.toISOString(),
    livemode: e.livemode,
    type: e.type as WebhookEventType,
    data: e.data,
  };
}
