import { z } from 'zod';

/**
 * Adding a webhook endpoint (API.md §4 and §5): the event types and the request the web form and the
 * server both check. A module of its own, like api-keys.ts, so the developers page takes these without
 * the public API's other schemas. The endpoint, event and delivery objects are in v1.ts.
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The events an endpoint subscribes to by name (`ping` is sent on request, whatever it subscribes to). */
export const SUBSCRIBABLE_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
] as const satisfies readonly WebhookEventType[];

/** The body of POST /v1/webhook_endpoints. */
export const createWebhookEndpointSchema = z
  .object({
    url: z.string().trim().min(1).max(2048).describe('https URL that receives POSTed events'),
    events: z
      .array(
        z.enum([...WEBHOOK_EVENT_TYPES, '*'], {
          error: `Event types are ${WEBHOOK_EVENT_TYPES.join(', ')} or *`,
        }),
      )
      .min(1)
      .max(WEBHOOK_EVENT_TYPES.length + 1)
      .optional()
      .meta({ default: ['*'] }),
    description: z.string().trim().max(200).optional(),
  })
  .strict();

/** The body of POST /api/webhook-endpoints (the dashboard): the same, and the mode it is added in. */
export const createSessionWebhookEndpointSchema = createWebhookEndpointSchema.extend({
  mode: z.enum(['test', 'live'], { error: 'mode is test or live' }),
});

export type CreateWebhookEndpointRequest = z.input<typeof createSessionWebhookEndpointSchema>;
