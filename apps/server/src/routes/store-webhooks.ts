import { STORE_PLATFORMS } from '@printloop/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { storeConnections } from '../db/schema.js';
import { webhookSecretOf } from '../integrations/connections.js';
import {
  cancelStoreOrder,
  fromShopify,
  fromWooCommerce,
  type InboundOutcome,
  receiveStoreOrder,
  WOO_CANCEL_STATUSES,
  WOO_PLACE_STATUSES,
} from '../integrations/inbound.js';
import { signatureMatches } from '../integrations/secrets.js';

const MAX_BODY = 2 * 1024 * 1024;

/**
 * The stores' incoming webhooks (issue 16): `POST /integrations/shopify/{connectionId}/webhooks` and
 * `POST /integrations/woocommerce/{connectionId}/webhooks`. The body is read raw, and its signature
 * (`X-Shopify-Hmac-Sha256` / `X-WC-Webhook-Signature`: base64 HMAC-SHA256 of the raw body with the
 * connection's webhook secret) is checked in constant time before anything is parsed or stored: a bad one
 * is a 401. Outside /api, so no session and no Origin check; the signature is the authentication.
 */
export const storeWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Raw bytes for every content type, in this plugin only: the signature is over the exact body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { platform: string; id: string } }>(
    '/integrations/:platform/:id/webhooks',
    { bodyLimit: MAX_BODY, config: { rateLimit: { max: 1200, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { platform, id } = request.params;
      if (!(STORE_PLATFORMS as readonly string[]).includes(platform) || id.length > 40) {
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such store connection.' } });
      }
      const [conn] = await app.database.db
        .select()
        .from(storeConnections)
        .where(and(eq(storeConnections.id, id), eq(storeConnections.platform, platform)))
        .limit(1);
      if (!conn) {
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such store connection.' } });
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const contentType = String(request.headers['content-type'] ?? '');

      // WooCommerce's first delivery after a webhook is saved is a form-encoded ping (`webhook_id=…`), unsigned.
      if (
        platform === 'woocommerce' &&
        contentType.startsWith('application/x-www-form-urlencoded') &&
        /^webhook_id=\d{1,20}$/.test(raw.toString('utf8').trim())
      ) {
        request.log.info({ connection: conn.id }, 'woocommerce webhook ping');
        return reply.code(200).send({ received: true, ping: true });
      }

      const header = platform === 'shopify' ? 'x-shopify-hmac-sha256' : 'x-wc-webhook-signature';
      if (!signatureMatches(webhookSecretOf(app, conn), raw, request.headers[header])) {
        request.log.warn({ connection: conn.id }, 'store webhook with a bad signature refused');
        return reply
          .code(401)
          .send({ error: { code: 'UNAUTHENTICATED', message: 'The signature does not match.' } });
      }
      if (conn.status !== 'active') {
        return reply
          .code(200)
          .send({ received: true, outcome: 'ignored', reason: 'The connection is paused.' });
      }
      let payload: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        payload = parsed as Record<string, unknown>;
      } catch {
        return reply
          .code(400)
          .send({ error: { code: 'VALIDATION_ERROR', message: 'The body is not a JSON object.' } });
      }

      let result: InboundOutcome;
      if (platform === 'shopify') {
        const topic = String(request.headers['x-shopify-topic'] ?? '');
        const order = fromShopify(payload);
        if (topic === 'orders/cancelled' || (topic === 'orders/create' && payload.cancelled_at)) {
          result = await cancelStoreOrder(app, conn, order);
        } else if (topic === 'orders/create') {
          result = await receiveStoreOrder(app, conn, order);
        } else {
          result = { outcome: 'ignored', message: `Topic ${topic || '(none)'} is not used.` };
        }
        request.log.info(
          {
            connection: conn.id,
            topic,
            webhook: String(request.headers['x-shopify-webhook-id'] ?? ''),
            outcome: result.outcome,
          },
          'shopify webhook',
        );
      } else {
        const topic = String(request.headers['x-wc-webhook-topic'] ?? '');
        const order = fromWooCommerce(payload);
        const status = String(payload.status ?? '');
        if (topic !== 'order.created' && topic !== 'order.updated') {
          result = { outcome: 'ignored', message: `Topic ${topic || '(none)'} is not used.` };
        } else if (WOO_CANCEL_STATUSES.has(status)) {
          result = await cancelStoreOrder(app, conn, order);
        } else if (WOO_PLACE_STATUSES.has(status)) {
          result = await receiveStoreOrder(app, conn, order);
        } else {
          result = {
            outcome: 'ignored',
            message: `Orders are placed once paid; this one is ${status || 'without a status'}.`,
          };
        }
        request.log.info(
          { connection: conn.id, topic, status, outcome: result.outcome },
          'woocommerce webhook',
        );
      }
      // A 2xx for every order we decided about (placed, skipped, failed and told): the store need not retry.
      return reply.code(200).send({ received: true, ...result });
    },
  );
};
