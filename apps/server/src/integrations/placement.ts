import type { ShippingAddress } from '@printloop/contracts';
import { colorFor, type FilamentType } from '@printloop/materials';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { type LineParameters, products, storeSkus, user } from '../db/schema.js';
import { findOwnJob } from '../jobs/jobs.js';
import { orderReceivedEmail, sendOrderEmail } from '../orders/emails.js';
import {
  insertOrder,
  type OrderDetail,
  type OrderLineRequest,
  orderContext,
  priceOrder,
} from '../orders/orders.js';

/**
 * Orders that come from a store or a CSV file: each line names a product of the seller (by SKU), printed
 * with the product's default parameters and priced by the server through the same domain code as
 * `POST /v1/orders` (`priceOrder`, then `insertOrder` in the caller's transaction). Always live orders.
 */

export type ProductRow = typeof products.$inferSelect;

/** The seller's live, unarchived products with these SKUs, by SKU. */
export async function productsBySku(
  db: Db,
  userId: string,
  skus: string[],
): Promise<Map<string, ProductRow>> {
  const out = new Map<string, ProductRow>();
  const unique = [...new Set(skus.filter((s) => s.length > 0))];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select()
      .from(products)
      .where(
        and(
          eq(products.userId, userId),
          eq(products.livemode, true),
          isNull(products.archivedAt),
          inArray(products.sku, unique.slice(i, i + 500)),
        ),
      );
    for (const r of rows) if (r.sku) out.set(r.sku, r);
  }
  return out;
}

/**
 * How a connection's SKUs map: a product chosen by hand for the SKU (if it is still live), else the live
 * product with the same SKU.
 */
export async function resolveSkus(
  db: Db,
  userId: string,
  connectionId: string,
  skus: string[],
): Promise<Map<string, ProductRow>> {
  const auto = await productsBySku(db, userId, skus);
  const manual = skus.length
    ? await db
        .select({ sku: storeSkus.sku, product: products })
        .from(storeSkus)
        .innerJoin(products, eq(products.id, storeSkus.productId))
        .where(
          and(
            eq(storeSkus.connectionId, connectionId),
            inArray(storeSkus.sku, [...new Set(skus)]),
            eq(products.userId, userId),
            eq(products.livemode, true),
            isNull(products.archivedAt),
          ),
        )
    : [];
  const out = new Map(auto);
  for (const m of manual) out.set(m.sku, m.product);
  return out;
}

/** The product's default parameters; a product that leaves the colour open is printed in its first colour. */
export function productParameters(p: ProductRow): LineParameters {
  const d = p.defaults;
  const material = d.filamentType as FilamentType;
  const color = d.color ?? colorFor(material, null);
  return { ...d, postProcessing: [...d.postProcessing], color };
}

export async function productLine(
  app: FastifyInstance,
  userId: string,
  product: ProductRow,
  quantity: number,
): Promise<OrderLineRequest> {
  const job = await findOwnJob(app, userId, product.jobId, true, 'File');
  return { job, productId: product.id, parameters: productParameters(product), quantity };
}

/** Express for the services marketplaces call fast; standard otherwise; a rate id (carrier:service) as given. */
export function shippingChoiceOf(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return 'standard';
  if (/^[a-z_]+:(standard|express)$/.test(v)) return v;
  if (/express|expedited|next ?day|priority|second ?day|2 ?day|one ?day|overnight|premium/i.test(v))
    return 'express';
  if (/standard|economy|std|free|regular|first class|second class|tracked|shipping|delivery|post/i.test(v))
    return 'standard';
  return null;
}

export interface PlacedFrom {
  /** 'store' for a connection's order, 'csv' for an imported file. */
  via: 'store' | 'csv';
  externalId: string;
  address: ShippingAddress;
  lines: OrderLineRequest[];
  shippingChoice: string;
  metadata: Record<string, string>;
}

/**
 * Prices and writes one live order of the seller. `inside` runs first in the same transaction and may
 * refuse (return false: nothing is written), e.g. when the store order was already taken.
 */
export async function placeOrderFor(
  app: FastifyInstance,
  userId: string,
  input: PlacedFrom,
  inside?: (tx: Db) => Promise<boolean>,
  after?: (tx: Db, detail: OrderDetail) => Promise<void>,
): Promise<OrderDetail | null> {
  const pricing = await priceOrder(app, userId, true, {
    lines: input.lines,
    address: input.address,
    shippingChoice: input.shippingChoice,
  });
  const placed = await app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as Db;
    if (inside && !(await inside(tx))) return null;
    const detail = await insertOrder(orderContext(app), tx, userId, true, pricing, {
      via: input.via,
      actor: 'customer',
      actorId: userId,
      address: input.address,
      externalId: input.externalId,
      metadata: input.metadata,
    });
    if (after) await after(tx, detail);
    return detail;
  });
  if (placed) {
    app.webhooks.nudge();
    const [owner] = await app.database.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (owner)
      sendOrderEmail(
        app,
        owner.email,
        placed.order,
        orderReceivedEmail(app, placed.order, placed.items, placed.invoices),
      );
  }
  return placed;
}
