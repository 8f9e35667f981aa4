/**
 * The production floor's session routes (operators only): the fleet, the queue as the scheduler plans
 * it, and the actions an operator confirms from a printer's card.
 */
import { z } from 'zod';

export const PRINTER_STATUS_VALUES = ['idle', 'printing', 'maintenance', 'offline'] as const;
/** What an operator may set; `printing` comes from starting a print. */
export const SETTABLE_PRINTER_STATUSES = ['idle', 'maintenance', 'offline'] as const;
/** The filaments a printer can hold (the materials of the catalogue). */
export const FARM_MATERIALS = ['PLA', 'ABS', 'PETG', 'TPU'] as const;

const colorSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9 -]{0,29}$/, { error: 'A lower-case colour name, e.g. black' });
const volumeSchema = z.object({
  x: z.number().min(10).max(2000),
  y: z.number().min(10).max(2000),
  z: z.number().min(10).max(2000),
});

export const printerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const createPrinterSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, { error: 'Letters, digits, - and _, starting with a letter' }),
    model: z.string().trim().min(1).max(40).default('house'),
    volume: volumeSchema.optional(),
    material: z.enum(FARM_MATERIALS),
    color: colorSchema,
  })
  .strict();

export const updatePrinterSchema = z
  .object({
    name: createPrinterSchema.shape.name.optional(),
    material: z.enum(FARM_MATERIALS).optional(),
    color: colorSchema.optional(),
    status: z.enum(SETTABLE_PRINTER_STATUSES).optional(),
  })
  .strict();

export const startPrintSchema = z.object({ job_id: z.string().min(1).max(64).optional() }).strict();
export const failPrintSchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

const runningJobSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  copies: z.number(),
  attempt: z.number(),
  started_at: z.string(),
  print_seconds: z.number(),
  /** Elapsed over estimated, 0 to 1. */
  progress: z.number(),
  remaining_seconds: z.number(),
});

export const printerSchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  volume: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  material: z.string(),
  color: z.string(),
  status: z.enum(PRINTER_STATUS_VALUES),
  job: runningJobSchema.nullable(),
  /** When it is free again by the plan (ISO), or null when it is out of service. */
  free_at: z.string().nullable(),
});

export const farmJobSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_item_id: z.string(),
  plate: z.number(),
  attempt: z.number(),
  copies: z.number(),
  material: z.string(),
  color: z.string(),
  express: z.boolean(),
  print_seconds: z.number(),
  queued_at: z.string(),
  planned: z
    .object({ printer_id: z.string(), start: z.string(), end: z.string(), change_seconds: z.number() })
    .nullable(),
});

export const farmStateSchema = z.object({
  printers: z.array(printerSchema),
  queue: z.array(farmJobSchema),
  capacity: z.object({
    total_printers: z.number(),
    active_printers: z.number(),
    busy_printers: z.number(),
    /** Busy printers over enabled printers, 0 to 1. */
    current_capacity: z.number(),
    queued_jobs: z.number(),
    queued_orders: z.number(),
    /** When the current queue is empty (ISO). */
    estimated_completion: z.string(),
    /** Queued jobs no enabled printer can take. */
    unschedulable_jobs: z.number(),
  }),
});

export type PrinterDto = z.infer<typeof printerSchema>;
export type FarmJobDto = z.infer<typeof farmJobSchema>;
export type FarmStateDto = z.infer<typeof farmStateSchema>;
