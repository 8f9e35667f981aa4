import { type ShippingAddress, STORE_PLATFORM_NAMES, shippingAddressSchema } from '@printloop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { orders, storeConnections, storeOrders, storeSkus } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { applyAction } from '../orders/orders.js';
import { alertSeller } from './alerts.js';
import { placeOrderFor, productLine, resolveSkus, shippingChoiceOf } from './placement.js';

export type ConnectionRow = typeof storeConnections.$inferSelect;

/** A store's order, whatever the store: what placing or cancelling ours needs. */
export interface StoreOrderInput {
  storeOrderId: string;
  externalId: string;
  lines: { sku: string; title: string | null; quantity: number }[];
  address: Record<string, string | undefined>;
  shippingService: string | null;
}

export type InboundOutcome =
  | { outcome: 'placed'; orderId: string; unmapped: number }
  | { outcome: 'duplicate'; orderId: string | null }
  | { outcome: 'skipped' | 'failed'; message: string }
  | { outcome: 'cancelled'; orderId: string | null }
  | { outcome: 'cancel_refused'; orderId: string; message: string }
  | { outcome: 'ignored'; message: string };

const str = (v: unknown): string =>
  (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '').trim();
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(', ');

/** Shopify's order payload (orders/create, orders/cancelled) as a store order. */
export function fromShopify(o: Record<string, unknown>): StoreOrderInput {
  const a = (o.shipping_address ?? o.billing_address ?? {}) as Record<string, unknown>;
  const items = (Array.isArray(o.line_items) ? o.line_items : []) as Record<string, unknown>[];
  const lines0 = (Array.isArray(o.shipping_lines) ? o.shipping_lines : []) as Record<string, unknown>[];
  return {
    storeOrderId: str(o.id),
    externalId: str(o.name) || `#${str(o.order_number)}`,
    lines: items.map((i) => ({
      sku: str(i.sku),
      title: str(i.title) || str(i.name) || null,
      quantity: Number(i.quantity) || 0,
    })),
    address: {
      name: str(a.name) || joined(a.first_name, a.last_name).replace(', ', ' '),
      street: joined(a.address1, a.address2),
      city: str(a.city),
      postal_code: str(a.zip),
      country: str(a.country_code),
      state: str(a.province) || undefined,
      phone: str(a.phone) || undefined,
      email: str(o.email) || str(o.contact_email) || undefined,
    },
    shippingService: lines0[0] ? str(lines0[0].title) || str(lines0[0].code) : null,
  };
}

/** WooCommerce's order payload (order.created, order.updated) as a store order. */
export function fromWooCommerce(o: Record<string, unknown>): StoreOrderInput {
  const ship = (o.shipping ?? {}) as Record<string, unknown>;
  const bill = (o.billing ?? {}) as Record<string, unknown>;
  const a = str(ship.address_1) ? ship : bill;
  const items = (Array.isArray(o.line_items) ? o.line_items : []) as Record<string, unknown>[];
  const lines0 = (Array.isArray(o.shipping_lines) ? o.shipping_lines : []) as Record<string, unknown>[];
  return {
    storeOrderId: str(o.id),
    externalId: str(o.number) || str(o.id),
    lines: items.map((i) => ({
      sku: str(i.sku),
      title: str(i.name) || null,
      quantity: Number(i.quantity) || 0,
    })),
    address: {
      name: [str(a.first_name), str(a.last_name)].filter(Boolean).join(' ') || str(a.company),
      street: joined(a.address_1, a.address_2),
      city: str(a.city),
      postal_code: str(a.postcode),
      country: str(a.country),
      state: str(a.state) || undefined,
      phone: str(a.phone) || str(bill.phone) || undefined,
      email: str(bill.email) || undefined,
    },
    shippingService: lines0[0] ? str(lines0[0].method_title) : null,
  };
}

/** WooCommerce statuses whose orders are paid and wanted: placed on order.created or order.updated. */
export const WOO_PLACE_STATUSES = new Set(['processing', 'on-hold', 'completed']);
/** WooCommerce statuses that cancel ours. */
export const WOO_CANCEL_STATUSES = new Set(['cancelled', 'refunded']);

function firstIssue(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const i = err.issues[0];
  return i ? `${i.path.join('.') || 'address'}: ${i.message}` : 'invalid address';
}

async function recordOutcome(
  db: Db,
  conn: ConnectionRow,
  input: StoreOrderInput,
  status: 'skipped' | 'failed' | 'cancelled',
  message: string | null,
  unmapped: StoreOrderInput['lines'],
): Promise<boolean> {
  const rows = await db
    .insert(storeOrders)
    .values({
      id: newId('sto'),
      connectionId: conn.id,
      storeOrderId: input.storeOrderId,
      externalId: input.externalId.slice(0, 100),
      status,
      message,
      unmapped,
    })
    .onConflictDoNothing()
    .returning({ id: storeOrders.id });
  return rows.length > 0;
}

/**
 * A store order arrived (issue 16): the lines whose SKU maps to a product become one live order of the
 * seller, once per store order whatever the number of deliveries (the unique store order row is taken in
 * the same transaction as the order). Unmapped lines are skipped and the seller told.
 */
export async function receiveStoreOrder(
  app: FastifyInstance,
  conn: ConnectionRow,
  input: StoreOrderInput,
): Promise<InboundOutcome> {
  const db = app.database.db;
  const store = STORE_PLATFORM_NAMES[conn.platform as 'shopify'];
  if (!input.storeOrderId) return { outcome: 'ignored', message: 'The payload has no order id.' };
  const [seen] = await db
    .select({ orderId: storeOrders.orderId })
    .from(storeOrders)
    .where(and(eq(storeOrders.connectionId, conn.id), eq(storeOrders.storeOrderId, input.storeOrderId)))
    .limit(1);
  if (seen) return { outcome: 'duplicate', orderId: seen.orderId };

  // Every SKU the store sends is listed in the mapping table.
  const now = new Date();
  const seenSkus = new Map<string, string | null>();
  for (const l of input.lines) if (l.sku) seenSkus.set(l.sku.slice(0, 100), l.title?.slice(0, 255) ?? null);
  if (seenSkus.size > 0) {
    await db
      .insert(storeSkus)
      .values([...seenSkus].map(([sku, title]) => ({ connectionId: conn.id, sku, title, lastSeenAt: now })))
      .onConflictDoUpdate({
        target: [storeSkus.connectionId, storeSkus.sku],
        set: { lastSeenAt: now, title: sql`coalesce(excluded.title, ${storeSkus.title})` },
      });
  }

  const bySku = await resolveSkus(db, conn.userId, conn.id, [...seenSkus.keys()]);
  const mapped = input.lines.filter((l) => l.sku && bySku.has(l.sku) && l.quantity > 0);
  const unmapped = input.lines.filter((l) => !mapped.includes(l));
  const unmappedText = unmapped
    .map((l) => `${l.quantity} × ${l.title ?? 'untitled'} (SKU ${l.sku || 'none'})`)
    .join('; ');

  if (mapped.length === 0) {
    const message = `No line of ${store} order ${input.externalId} maps to a PrintLoop product, so nothing was placed: ${unmappedText}. Map these SKUs on the connection's page.`;
    if (await recordOutcome(db, conn, input, 'skipped', message, unmapped)) {
      await alertSeller(app, {
        userId: conn.userId,
        connectionId: conn.id,
        kind: 'unmapped',
        subject: `${store} order ${input.externalId}: nothing to print`,
        message,
        externalId: input.externalId,
      });
    }
    return { outcome: 'skipped', message };
  }

  const fail = async (why: string): Promise<InboundOutcome> => {
    const message = `${store} order ${input.externalId} could not be placed: ${why}`;
    if (await recordOutcome(db, conn, input, 'failed', message, unmapped)) {
      await alertSeller(app, {
        userId: conn.userId,
        connectionId: conn.id,
        kind: 'order_failed',
        subject: `${store} order ${input.externalId} was not placed`,
        message,
        externalId: input.externalId,
      });
    }
    return { outcome: 'failed', message };
  };

  const address = shippingAddressSchema.safeParse(input.address);
  if (!address.success) return fail(`the shipping address is not complete (${firstIssue(address.error)}).`);
  const shippingChoice = shippingChoiceOf(input.shippingService) ?? 'standard';

  let placed: Awaited<ReturnType<typeof placeOrderFor>>;
  try {
    const lines = [];
    for (const l of mapped) lines.push(await productLine(app, conn.userId, bySku.get(l.sku)!, l.quantity));
    placed = await placeOrderFor(
      app,
      conn.userId,
      {
        via: 'store',
        externalId: input.externalId.slice(0, 100),
        address: address.data as ShippingAddress,
        lines,
        shippingChoice,
        metadata: { store: conn.platform, store_connection: conn.id, store_order_id: input.storeOrderId },
      },
      async (tx) => {
        const taken = await tx
          .insert(storeOrders)
          .values({
            id: newId('sto'),
            connectionId: conn.id,
            storeOrderId: input.storeOrderId,
            externalId: input.externalId.slice(0, 100),
            status: 'placed',
            unmapped,
          })
          .onConflictDoNothing()
          .returning({ id: storeOrders.id });
        return taken.length > 0;
      },
      async (tx, detail) => {
        await tx
          .update(storeOrders)
          .set({ orderId: detail.order.id, updatedAt: new Date() })
          .where(
            and(eq(storeOrders.connectionId, conn.id), eq(storeOrders.storeOrderId, input.storeOrderId)),
          );
        await tx
          .update(storeConnections)
          .set({ lastOrderAt: new Date() })
          .where(eq(storeConnections.id, conn.id));
      },
    );
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return fail(err.message);
    throw err;
  }
  if (!placed) {
    const [row] = await db
      .select({ orderId: storeOrders.orderId })
      .from(storeOrders)
      .where(and(eq(storeOrders.connectionId, conn.id), eq(storeOrders.storeOrderId, input.storeOrderId)));
    return { outcome: 'duplicate', orderId: row?.orderId ?? null };
  }
  if (unmapped.length > 0) {
    await alertSeller(app, {
      userId: conn.userId,
      connectionId: conn.id,
      kind: 'unmapped',
      subject: `${store} order ${input.externalId}: some lines were skipped`,
      message: `${store} order ${input.externalId} became PrintLoop order ${placed.order.id}, without these lines, whose SKUs map to no product: ${unmappedText}. Fulfil them yourself, or map the SKUs for the next orders.`,
      orderId: placed.order.id,
      externalId: input.externalId,
    });
  }
  return { outcome: 'placed', orderId: placed.order.id, unmapped: unmapped.length };
}

/**
 * The store cancelled an order: ours is cancelled while the lifecycle allows it (until printing
 * starts); later, the seller is alerted. A cancellation before the order arrived keeps it from being placed.
 */
export async function cancelStoreOrder(
  app: FastifyInstance,
  conn: ConnectionRow,
  input: Pick<StoreOrderInput, 'storeOrderId' | 'externalId'>,
): Promise<InboundOutcome> {
  const db = app.database.db;
  const store = STORE_PLATFORM_NAMES[conn.platform as 'shopify'];
  if (!input.storeOrderId) return { outcome: 'ignored', message: 'The payload has no order id.' };
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.connectionId, conn.id), eq(storeOrders.storeOrderId, input.storeOrderId)))
    .limit(1);
  if (!row) {
    await recordOutcome(
      db,
      conn,
      { ...input, lines: [], address: {}, shippingService: null },
      'cancelled',
      `Cancelled in ${store} before it reached PrintLoop.`,
      [],
    );
    return { outcome: 'cancelled', orderId: null };
  }
  if (!row.orderId) {
    if (row.status !== 'cancelled') {
      await db
        .update(storeOrders)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(eq(storeOrders.id, row.id));
    }
    return { outcome: 'cancelled', orderId: null };
  }
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  if (!order || order.status === 'cancelled') return { outcome: 'cancelled', orderId: row.orderId };
  try {
    await applyAction(app, {
      orderId: row.orderId,
      ownerId: conn.userId,
      action: 'cancel',
      actor: 'customer',
      actorId: conn.userId,
      reason: `Cancelled in ${store} (order ${input.externalId || row.externalId})`,
    });
    return { outcome: 'cancelled', orderId: row.orderId };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
    const message = `${store} cancelled order ${row.externalId}, but PrintLoop order ${row.orderId} could not be cancelled: ${err.message} Contact us if it must be stopped, or let it ship.`;
    await alertSeller(app, {
      userId: conn.userId,
      connectionId: conn.id,
      kind: 'cancel_refused',
      subject: `${store} order ${row.externalId} was cancelled too late`,
      message,
      orderId: row.orderId,
      externalId: row.externalId,
    });
    return { outcome: 'cancel_refused', orderId: row.orderId, message };
  }
}
