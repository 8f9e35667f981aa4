/**
 * The production dashboard (`/dashboard`, issue 13): for operators the whole farm, for a customer their
 * own production. Every figure comes from orders, order events and the farm's plates; nothing is sampled.
 */
import { z } from 'zod';
import { farmStateSchema, printerSchema } from './farm.js';
import { ORDER_STATUSES } from './order-lifecycle.js';

/** SPEC.md's stage targets (minutes). */
export const STAGE_TARGETS = {
  order_to_print: 30,
  print_to_package: 60,
  package_to_ship: 30,
  total: 120,
} as const;
export type Stage = keyof typeof STAGE_TARGETS;
export const STAGES = Object.keys(STAGE_TARGETS) as Stage[];

/** SPEC.md's priorities: express shipping is high. */
export const DASHBOARD_PRIORITIES = ['high', 'normal'] as const;

/** The active orders table's filter and page. `status` defaults to every active status. */
export const dashboardQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    priority: z.enum(DASHBOARD_PRIORITIES).optional(),
    /** Matches the order id, the customer's email (operators) or a file name. */
    q: z.string().trim().max(100).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const dashboardOrderRowSchema = z.object({
  id: z.string(),
  /** The customer's email: operators only (null for a customer's own view). */
  customer: z.string().nullable(),
  /** The first item's file name, with "+ N more" for the others. */
  product: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Printed plates over all plates, 0 to 1 (running plates count by their elapsed time). */
  progress: z.number(),
  /** Seconds until its last plate is printed by the plan; null when not in the farm. */
  remaining_seconds: z.number().nullable(),
  total_amount: z.number(),
  currency: z.literal('GBP'),
  created_at: z.string(),
  priority: z.enum(DASHBOARD_PRIORITIES),
});

export const stageTimingSchema = z.object({
  stage: z.enum(['order_to_print', 'print_to_package', 'package_to_ship', 'total']),
  target_minutes: z.number(),
  /** Median over the last 7 days, from the order events; null without data. */
  median_minutes: z.number().nullable(),
  samples: z.number(),
  verdict: z.enum(['ahead', 'behind', 'no_data']),
});

const pointSchema = z.object({ t: z.string(), value: z.number() });

export const dashboardSchema = z.object({
  scope: z.enum(['farm', 'customer']),
  generated_at: z.string(),
  cards: z.object({
    orders_today: z.number(),
    in_production: z.number(),
    shipped_today: z.number(),
    /** Pence, live orders placed this month (cancelled excluded). */
    revenue_this_month: z.number(),
  }),
  /** The farm's capacity (operators), null for a customer. */
  capacity: farmStateSchema.shape.capacity.nullable(),
  /** Business days a new standard order would take to dispatch now. */
  lead_time_days: z.number().nullable(),
  /** Operators: every printer with its print; null for a customer. */
  printers: z.array(printerSchema).nullable(),
  orders: z.object({
    data: z.array(dashboardOrderRowSchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  }),
  stage_timings: z.array(stageTimingSchema),
  charts: z.object({
    /** Orders placed per hour, the last 24 hours (24 points, oldest first). */
    orders_24h: z.array(pointSchema),
    /** Orders that started printing per day, the last 30 days. */
    print_volume_30d: z.array(pointSchema),
    /** The same per month, the last 12 months. */
    print_volume_12m: z.array(pointSchema),
  }),
});

export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
export type DashboardDto = z.infer<typeof dashboardSchema>;
export type DashboardOrderRow = z.infer<typeof dashboardOrderRowSchema>;
export type StageTiming = z.infer<typeof stageTimingSchema>;
