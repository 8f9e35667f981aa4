import { randomBytes } from 'node:crypto';
import type {
  ConnectStoreRequest,
  connectStoreSchema,
  StoreConnectionDto,
  StorePlatform,
  StoreSkuDto,
} from '@printloop/contracts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { products, storeConnections, storeOrders, storePushes, storeSkus } from '../db/schema.js';
import { AppError, badRequest, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { productsBySku } from './placement.js';
import {
  type StoreCredentials,
  StoreError,
  shopify,
  shopifyBaseUrl,
  wooBaseUrl,
  woocommerce,
} from './stores.js';

export type ConnectionRow = typeof storeConnections.$inferSelect;

const policyOf = (app: FastifyInstance) => ({ allowPrivateNetwork: app.config.allowPrivateNetwork });
const clientOf = (platform: string) => (platform === 'shopify' ? shopify : woocommerce);

/** Where a connection's store posts its webhooks: PUBLIC_URL and the incoming route. */
export function webhookUrlOf(app: FastifyInstance, c: { id: string; platform: string }): string {
  return `${app.config.publicUrl}/integrations/${c.platform}/${c.id}/webhooks`;
}

/** The connection's credentials, opened from their sealed form (for calls to the store only). */
export function credentialsOf(app: FastifyInstance, c: ConnectionRow): StoreCredentials {
  const creds = app.vault.openJson(c.credentialsCiphertext);
  return c.platform === 'shopify'
    ? { platform: 'shopify', baseUrl: c.baseUrl, accessToken: creds.access_token ?? '' }
    : {
        platform: 'woocommerce',
        baseUrl: c.baseUrl,
        consumerKey: creds.consumer_key ?? '',
        consumerSecret: creds.consumer_secret ?? '',
      };
}

export function webhookSecretOf(app: FastifyInstance, c: ConnectionRow): string {
  return app.vault.open(c.webhookSecretCiphertext);
}

export function connectionDto(app: FastifyInstance, c: ConnectionRow): StoreConnectionDto {
  return {
    id: c.id,
    platform: c.platform as StorePlatform,
    name: c.name,
    base_url: c.baseUrl,
    status: c.status as 'active' | 'paused',
    webhook_url: webhookUrlOf(app, c),
    webhooks_registered: c.remoteWebhookIds.length > 0,
    secrets_saved: true,
    last_test:
      c.lastTestAt && c.lastTestOk !== null
        ? { at: c.lastTestAt.toISOString(), ok: c.lastTestOk, message: c.lastTestMessage ?? '' }
        : null,
    last_order_at: c.lastOrderAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}

export async function connectionOf(db: Db, userId: string, id: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(storeConnections)
    .where(and(eq(storeConnections.id, id), eq(storeConnections.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Store connection');
  return row;
}

export async function listConnections(db: Db, userId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(storeConnections)
    .where(eq(storeConnections.userId, userId))
    .orderBy(asc(storeConnections.createdAt));
}

const failed = (err: unknown, what: string, param: string) => {
  const msg = err instanceof Error ? err.message : String(err);
  return badRequest(`${what}: ${msg}`, { [param]: `${what}: ${msg}` });
};

/**
 * Connects a store (issue 16): checks the credentials with a cheap read, registers the order webhooks
 * through the store's API to PUBLIC_URL's incoming route, seals the secrets with SECRETS_KEY, and
 * reads the store's SKUs for the mapping table. Nothing is saved unless the store said yes.
 */
export async function connectStore(
  app: FastifyInstance,
  userId: string,
  input: z.output<typeof connectStoreSchema>,
): Promise<ConnectionRow> {
  const policy = policyOf(app);
  const id = newId('sc');
  let creds: StoreCredentials;
  let webhookSecret: string;
  let sealedCreds: string;
  let param: string;
  if (input.platform === 'shopify') {
    const baseUrl = shopifyBaseUrl(input.shop_domain, policy);
    creds = { platform: 'shopify', baseUrl, accessToken: input.access_token };
    webhookSecret = input.webhook_secret;
    sealedCreds = app.vault.sealJson({ access_token: input.access_token });
    param = 'access_token';
  } else {
    const baseUrl = wooBaseUrl(input.site_url, policy);
    creds = {
      platform: 'woocommerce',
      baseUrl,
      consumerKey: input.consumer_key,
      consumerSecret: input.consumer_secret,
    };
    webhookSecret = input.webhook_secret || randomBytes(24).toString('base64url');
    sealedCreds = app.vault.sealJson({
      consumer_key: input.consumer_key,
      consumer_secret: input.consumer_secret,
    });
    param = 'consumer_key';
  }
  const client = clientOf(input.platform);
  let name: string;
  try {
    name = await client.test(policy, creds);
  } catch (err) {
    throw failed(err, 'The store refused the connection', param);
  }
  const uri = webhookUrlOf(app, { id, platform: input.platform });
  let remoteIds: string[];
  try {
    remoteIds =
      input.platform === 'shopify'
        ? await shopify.register(policy, creds, uri)
        : await woocommerce.register(policy, creds, uri, webhookSecret);
  } catch (err) {
    throw failed(err, 'The store’s webhooks could not be registered', param);
  }
  const now = new Date();
  const [row] = await app.database.db
    .insert(storeConnections)
    .values({
      id,
      userId,
      platform: input.platform,
      name: name.slice(0, 255) || creds.baseUrl,
      baseUrl: creds.baseUrl,
      credentialsCiphertext: sealedCreds,
      webhookSecretCiphertext: app.vault.seal(webhookSecret),
      remoteWebhookIds: remoteIds,
      lastTestAt: now,
      lastTestOk: true,
      lastTestMessage: `Connected to ${name}`,
    })
    .returning();
  await syncSkus(app, row!).catch((err: unknown) =>
    app.log.warn({ connection: id, msg: (err as Error).message }, 'store SKUs not read on connect'),
  );
  return row!;
}

/** "Test connection": the store's cheapest read (Shopify's `shop`, WooCommerce's system status). */
export async function testConnection(app: FastifyInstance, c: ConnectionRow) {
  let ok = true;
  let message: string;
  try {
    message = `Connected to ${await clientOf(c.platform).test(policyOf(app), credentialsOf(app, c))}`;
  } catch (err) {
    ok = false;
    message = err instanceof Error ? err.message : String(err);
  }
  await app.database.db
    .update(storeConnections)
    .set({
      lastTestAt: new Date(),
      lastTestOk: ok,
      lastTestMessage: message.slice(0, 500),
      updatedAt: new Date(),
    })
    .where(eq(storeConnections.id, c.id));
  return { ok, message };
}

/** Reads the store's catalogue SKUs into the mapping table. */
export async function syncSkus(app: FastifyInstance, c: ConnectionRow): Promise<number> {
  const list = await clientOf(c.platform).skus(policyOf(app), credentialsOf(app, c));
  const bySku = new Map(list.map((s) => [s.sku.slice(0, 100), s.title.slice(0, 255)]));
  if (bySku.size === 0) return 0;
  const now = new Date();
  await app.database.db
    .insert(storeSkus)
    .values([...bySku].map(([sku, title]) => ({ connectionId: c.id, sku, title, lastSeenAt: now })))
    .onConflictDoUpdate({
      target: [storeSkus.connectionId, storeSkus.sku],
      set: { lastSeenAt: now },
    });
  return bySku.size;
}

/** Removes the connection: its webhooks in the store first (best effort), then every row of it here. */
export async function removeConnection(app: FastifyInstance, c: ConnectionRow): Promise<string | null> {
  let warning: string | null = null;
  if (c.remoteWebhookIds.length > 0) {
    try {
      await clientOf(c.platform).unregister(policyOf(app), credentialsOf(app, c), c.remoteWebhookIds);
    } catch (err) {
      warning = `The store’s webhooks could not be removed (${err instanceof StoreError ? err.message : 'error'}); remove them in the store’s settings. Their deliveries are refused from now on.`;
    }
  }
  await app.database.db.delete(storeConnections).where(eq(storeConnections.id, c.id));
  return warning;
}

export async function setStatus(app: FastifyInstance, c: ConnectionRow, status: 'active' | 'paused') {
  const [row] = await app.database.db
    .update(storeConnections)
    .set({ status, updatedAt: new Date() })
    .where(eq(storeConnections.id, c.id))
    .returning();
  return row!;
}

/** Maps a store SKU to a product by hand (or clears it: the SKU then maps by equal SKU, if any). */
export async function mapSku(app: FastifyInstance, c: ConnectionRow, sku: string, productId: string | null) {
  const db = app.database.db;
  if (productId) {
    const [p] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.id, productId),
          eq(products.userId, c.userId),
          eq(products.livemode, true),
          isNull(products.archivedAt),
        ),
      );
    if (!p) throw new AppError(404, 'NOT_FOUND', 'No such live product.', { product_id: 'No such product' });
  }
  await db
    .insert(storeSkus)
    .values({ connectionId: c.id, sku, productId })
    .onConflictDoUpdate({ target: [storeSkus.connectionId, storeSkus.sku], set: { productId } });
}

/** The mapping table: every SKU of the store, how it maps, and the products it may map to. */
export async function mappingOf(app: FastifyInstance, c: ConnectionRow) {
  const db = app.database.db;
  const skus = await db
    .select()
    .from(storeSkus)
    .where(eq(storeSkus.connectionId, c.id))
    .orderBy(asc(storeSkus.sku))
    .limit(1000);
  const live = await db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(and(eq(products.userId, c.userId), eq(products.livemode, true), isNull(products.archivedAt)))
    .orderBy(asc(products.name))
    .limit(1000);
  const byId = new Map(live.map((p) => [p.id, p]));
  const auto = await productsBySku(
    db,
    c.userId,
    skus.map((s) => s.sku),
  );
  const rows: StoreSkuDto[] = skus.map((s) => {
    const manual = s.productId ? byId.get(s.productId) : undefined;
    const a = auto.get(s.sku);
    const product = manual ?? (a ? { id: a.id, name: a.name, sku: a.sku } : null);
    return {
      sku: s.sku,
      title: s.title,
      mapping: manual ? 'manual' : a ? 'auto' : 'none',
      product: product ?? null,
      last_seen_at: s.lastSeenAt.toISOString(),
    };
  });
  // Unmapped first: they are what needs the seller.
  rows.sort(
    (x, y) => Number(x.mapping !== 'none') - Number(y.mapping !== 'none') || x.sku.localeCompare(y.sku),
  );
  return { skus: rows, products: live };
}

export async function recentStoreOrders(db: Db, connectionId: string) {
  const rows = await db
    .select()
    .from(storeOrders)
    .where(eq(storeOrders.connectionId, connectionId))
    .orderBy(desc(storeOrders.createdAt))
    .limit(50);
  return rows.map((r) => ({
    external_id: r.externalId,
    store_order_id: r.storeOrderId,
    status: r.status as 'placed' | 'skipped' | 'failed' | 'cancelled',
    order_id: r.orderId,
    unmapped: r.unmapped,
    message: r.message,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function recentPushes(db: Db, connectionId: string) {
  const rows = await db
    .select()
    .from(storePushes)
    .where(eq(storePushes.connectionId, connectionId))
    .orderBy(desc(storePushes.createdAt))
    .limit(50);
  return rows.map((p) => ({
    id: p.id,
    order_id: p.orderId,
    external_id: p.externalId,
    status: p.status as 'pending' | 'succeeded' | 'failed',
    attempts: p.attempts,
    tracking_number: p.payload.tracking_number,
    last_status_code: p.lastStatusCode,
    last_error: p.lastError,
    next_attempt_at: p.status === 'pending' ? p.nextAttemptAt.toISOString() : null,
    delivered_at: p.deliveredAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  }));
}

export type { ConnectStoreRequest };
