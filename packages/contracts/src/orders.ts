import { z } from 'zod';
import { shippingAddressOutputSchema, shippingAddressSchema, vatNumberSchema } from './address.js';
import { ORDER_ACTIONS, ORDER_ACTORS, ORDER_STATUSES } from './order-lifecycle.js';

/**
 * Orders as the web app and the public API see them (API.md §1): prefixed ids, money in integer pence
 * in fields ending `_amount` with `currency` beside them, dates ISO 8601 (UTC).
 */

export const CARRIER_CODES = ['royal_mail', 'dpd', 'dhl', 'fedex', 'ups'] as const;

const money = z.number().int();

export const orderParametersSchema = z.object({
  material: z.string(),
  color: z.string().nullable(),
  layer_height: z.number(),
  infill: z.number(),
  print_speed: z.number(),
  supports: z.boolean(),
  post_processing: z.array(z.string()),
  units: z.string(),
});

export const orderItemSchema = z.object({
  id: z.string(),
  object: z.literal('order_item'),
  file_id: z.string(),
  quote_id: z.string().nullable(),
  product_id: z.string().nullable(),
  file_name: z.string(),
  dimensions: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  parameters: orderParametersSchema,
  quantity: z.number().int(),
  unit_amount: money,
  subtotal_amount: money,
  discount_amount: money,
  total_amount: money,
  currency: z.literal('GBP'),
  estimate: z.object({ print_time_s: z.number(), filament_g: z.number(), layers: z.number() }),
});

export const orderShippingSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  carrier_name: z.string(),
  service: z.string(),
  amount: money,
  currency: z.literal('GBP'),
  estimated_days: z.object({ min: z.number().int(), max: z.number().int() }),
  weight_g: z.number().int(),
  parcels: z.number().int(),
});

export const orderEventSchema = z.object({
  id: z.string(),
  object: z.literal('order_event'),
  created_at: z.string(),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES),
  action: z.string(),
  actor: z.enum(ORDER_ACTORS),
  actor_name: z.string().nullable(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

export const orderDocumentSchema = z.object({
  kind: z.enum(['quote', 'proforma', 'invoice']),
  number: z.string(),
  url: z.string(),
  status: z.string(),
  issued_at: z.string(),
  due_date: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.string(),
  object: z.literal('order'),
  created_at: z.string(),
  livemode: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(orderItemSchema),
  shipping_address: shippingAddressOutputSchema,
  shipping: orderShippingSchema,
  items_amount: money,
  discount_amount: money,
  fulfillment_amount: money,
  shipping_amount: money,
  net_amount: money,
  tax_amount: money,
  total_amount: money,
  currency: z.literal('GBP'),
  tax: z.object({
    kind: z.enum(['standard', 'reverse_charge', 'export']),
    rate: z.number(),
    label: z.string(),
    note: z.string().nullable(),
    vat_number: z.string().nullable(),
  }),
  payment_terms: z.enum(['prepay', 'net30']),
  lead_time_days: z.number().int(),
  estimated_delivery: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  external_id: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  price_table_version: z.string(),
  /** On the detail view: the timeline, oldest first. */
  events: z.array(orderEventSchema).optional(),
  /** On the detail view: the order's documents. */
  documents: z.array(orderDocumentSchema).optional(),
  /** Operators' views: whose order it is. */
  customer: z.object({ id: z.string(), email: z.string() }).optional(),
});
export type OrderDto = z.infer<typeof orderSchema>;
export type OrderItemDto = z.infer<typeof orderItemSchema>;
export type OrderEventDto = z.infer<typeof orderEventSchema>;

export const orderListSchema = z.object({
  object: z.literal('list'),
  data: z.array(orderSchema),
  has_more: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Requests of the web app (session routes).

/** `shipping_service`: a rate id ("royal_mail:standard") or a service ("standard", "express"). */
const shippingChoice = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z_]+(:[a-z_]+)?$/, { error: 'Please choose a shipping option' });

export const checkoutRequestSchema = z
  .object({
    quote_id: z.uuid({ error: 'Quote not found' }),
    shipping_address: shippingAddressSchema,
    shipping_service: shippingChoice.optional(),
    vat_number: vatNumberSchema,
  })
  .strict();
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const placeOrderRequestSchema = checkoutRequestSchema
  .extend({
    shipping_service: shippingChoice,
    /** The total the page showed; if the server's price differs, nothing is placed (409 PRICE_CHANGED). */
    expected_total_amount: z.number().int().min(0).optional(),
  })
  .strict();
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

export const shippingOptionSchema = orderShippingSchema.omit({ weight_g: true, parcels: true }).extend({
  estimated_delivery: z.string(),
});

/** What the checkout shows before the order is placed. */
export const checkoutPreviewSchema = z.object({
  quote_id: z.string(),
  items: z.array(orderItemSchema.omit({ id: true, object: true })),
  shipping_options: z.array(shippingOptionSchema),
  shipping: shippingOptionSchema,
  lead_time_days: z.number().int(),
  estimated_delivery: z.string(),
  tax: orderSchema.shape.tax,
  items_amount: money,
  discount_amount: money,
  fulfillment_amount: money,
  shipping_amount: money,
  net_amount: money,
  tax_amount: money,
  total_amount: money,
  currency: z.literal('GBP'),
  /** When the saved quote expired and was priced again: its old and new totals (before shipping and VAT). */
  repriced: z.object({ previous_total_amount: money, total_amount: money, reason: z.string() }).nullable(),
  payment_terms: z.enum(['prepay', 'net30']),
  price_table_version: z.string(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

export const orderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    external_id: z.string().trim().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    starting_after: z
      .string()
      .regex(/^ord_[A-Za-z0-9]+$/)
      .optional(),
    ending_before: z
      .string()
      .regex(/^ord_[A-Za-z0-9]+$/)
      .optional(),
  })
  .strict();

export const opsOrderListQuerySchema = orderListQuerySchema
  .extend({
    /** Text search: order id, customer email, recipient name or external id. */
    q: z.string().trim().min(1).max(100).optional(),
    livemode: z.enum(['true', 'false']).optional(),
  })
  .strict();

export const cancelOrderRequestSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();

export const orderActionRequestSchema = z
  .object({
    action: z.enum(ORDER_ACTIONS),
    carrier: z.enum(CARRIER_CODES).optional(),
    tracking_number: z
      .string()
      .trim()
      .min(4, { error: 'Please enter the tracking number' })
      .max(64)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, {
        error: 'A tracking number has letters, digits, spaces and dashes only',
      })
      .optional(),
    reason: z.string().trim().max(500).optional(),
    /** Payment reference (record_payment). */
    reference: z.string().trim().max(100).optional(),
  })
  .strict();
export type OrderActionRequest = z.input<typeof orderActionRequestSchema>;

export const orderIdParamsSchema = z.object({
  id: z.string().regex(/^ord_[A-Za-z0-9]{1,40}$/, { error: 'Order not found' }),
});
export const orderDocumentParamsSchema = orderIdParamsSchema.extend({
  document: z
    .string()
    .regex(/^(quote|INV-\d{4}-\d{6}|PRO-\d{4}-\d{6})\.pdf$/, { error: 'Document not found' }),
});

export const billingTermsRequestSchema = z.object({ terms: z.enum(['prepay', 'net30']) }).strict();
