import { CARRIERS, type CarrierCode } from '@printloop/quote';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { storeConnections, storeOrders, storePushes } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { DeliveryQueue } from '../webhooks/delivery.js';
import { alertSeller } from './alerts.js';
import { credentialsOf } from './connections.js';
import { StoreError, shopify, woocommerce } from './stores.js';

type OrderLike = {
  id: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

/**
 * An order that came from a store shipped: its tracking is owed to the store. Written in the ship's own
 * transaction (like the order's webhook events), so it cannot be lost; the worker delivers it.
 */
export async function queueStorePushes(tx: Db, order: OrderLike): Promise<number> {
  if (!order.trackingNumber || !order.carrier) return 0;
  const from = await tx
    .select({
      connectionId: storeOrders.connectionId,
      storeOrderId: storeOrders.storeOrderId,
      externalId: storeOrders.externalId,
    })
    .from(storeOrders)
    .where(and(eq(storeOrders.orderId, order.id), eq(storeOrders.status, 'placed')));
  if (from.length === 0) return 0;
  const carrier = order.carrier as CarrierCode;
  await tx.insert(storePushes).values(
    from.map((f) => ({
      id: newId('spu'),
      connectionId: f.connectionId,
      orderId: order.id,
      storeOrderId: f.storeOrderId,
      externalId: f.externalId,
      payload: {
        carrier,
        carrier_name: CARRIERS[carrier] ?? carrier,
        tracking_number: order.trackingNumber!,
        tracking_url: order.trackingUrl ?? '',
      },
    })),
  );
  return from.length;
}

export interface PushQueueOptions {
  retryScheduleS: number[];
  timeoutS: number;
  allowPrivateNetwork: boolean;
  leaseS?: number;
}

/**
 * The second kind of delivery the webhook worker drains (docs/decisions/0008-store-connectors.md):
 * tracking to Shopify (`fulfillmentCreate`) or WooCommerce (completed + a note). Same claim (FOR UPDATE
 * SKIP LOCKED and a lease), same retry schedule; the last failure alerts the seller.
 */
export class StorePushQueue implements DeliveryQueue {
  readonly name = 'store push';
  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: PushQueueOptions,
  ) {}

  async claim(limit: number): Promise<{ id: string; attempts: number }[]> {
    const result = await this.app.database.db.execute(sql`
      update ${storePushes}
      set locked_until = now() + make_interval(secs => ${this.opts.leaseS ?? this.opts.timeoutS * 4 + 5}),
          attempts = attempts + 1,
          updated_at = now()
      where id in (
        select p.id from ${storePushes} p
        where p.status = 'pending'
          and p.next_attempt_at <= now()
          and (p.locked_until is null or p.locked_until < now())
        order by p.seq
        limit ${limit}
        for update of p skip locked
      )
      returning id, attempts`);
    const rows = (result as unknown as { rows?: { id: string; attempts: number }[] }).rows ?? [];
    return rows.map((r) => ({ id: r.id, attempts: Number(r.attempts) }));
  }

  async attempt(id: string, attempt: number): Promise<void> {
    const app = this.app;
    const db = app.database.db;
    const [row] = await db
      .select({ push: storePushes, conn: storeConnections })
      .from(storePushes)
      .innerJoin(storeConnections, eq(storeConnections.id, storePushes.connectionId))
      .where(eq(storePushes.id, id))
      .limit(1);
    if (!row) return;
    const { push, conn } = row;
    const policy = {
      allowPrivateNetwork: this.opts.allowPrivateNetwork,
      timeoutMs: this.opts.timeoutS * 1000,
    };
    const t = {
      company: push.payload.carrier_name,
      number: push.payload.tracking_number,
      url: push.payload.tracking_url,
    };
    const progress = { ...push.progress };
    const mark = async (step: string, value: string) => {
      progress[step] = value;
      await db.update(storePushes).set({ progress, updatedAt: new Date() }).where(eq(storePushes.id, id));
    };
    let error: string | null = null;
    let status: number | null = 200;
    try {
      const creds = credentialsOf(app, conn);
      if (conn.platform === 'shopify') {
        if (!progress.fulfillment)
          await mark('fulfillment', await shopify.fulfil(policy, creds, push.storeOrderId, t));
      } else {
        await woocommerce.fulfil(policy, creds, push.storeOrderId, t, progress, mark);
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      status = err instanceof StoreError ? err.status : null;
    }
    const common = { lockedUntil: null, lastStatusCode: status, lastError: error, updatedAt: new Date() };
    const schedule = this.opts.retryScheduleS;
    if (!error) {
      await db
        .update(storePushes)
        .set({ ...common, status: 'succeeded', deliveredAt: new Date() })
        .where(eq(storePushes.id, id));
    } else if (attempt > schedule.length) {
      await db
        .update(storePushes)
        .set({ ...common, status: 'failed' })
        .where(eq(storePushes.id, id));
      await alertSeller(app, {
        userId: conn.userId,
        connectionId: conn.id,
        kind: 'tracking_failed',
        subject: `Tracking for order ${push.externalId} did not reach your store`,
        message: `Order ${push.externalId} shipped (${t.company} ${t.number}), but the store refused the tracking after ${attempt} attempts: ${error}. Add it in the store by hand: ${t.url}`,
        orderId: push.orderId,
        externalId: push.externalId,
      });
    } else {
      await db
        .update(storePushes)
        .set({ ...common, nextAttemptAt: new Date(Date.now() + schedule[attempt - 1]! * 1000) })
        .where(eq(storePushes.id, id));
    }
    app.log.info(
      { push: id, connection: conn.id, attempt, status, ok: !error },
      error ? 'store tracking push failed' : 'store tracking pushed',
    );
  }
}
