import { randomInt } from 'node:crypto';
import type { OrderAction, OrderStatus } from '@printloop/contracts';
import type { CarrierCode } from '@printloop/quote';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { type ActionResult, applyAction, type OrderRow } from './orders.js';

/** The step a test order takes next on the simulated clock (test orders start queued). */
const NEXT: Partial<Record<OrderStatus, OrderAction>> = {
  queued: 'start_printing',
  printing: 'pack',
  packaging: 'ship',
  shipped: 'deliver',
};

/** A tracking number that says what it is: `TEST` and ten digits. */
export function testTrackingNumber(): string {
  return `TEST${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/**
 * Moves a test-mode order one step on (API.md §4), as the farm would: the same transition, order event,
 * webhooks and emails as a live order, by the system. 404 for a live or unknown order, 409 when it has
 * nothing left to do (delivered or cancelled).
 */
export async function advanceTestOrder(
  app: FastifyInstance,
  orderId: string,
  scope: { ownerId?: string } = {},
): Promise<ActionResult> {
  // Another step may land between reading the status and taking the step (the clock, a second call):
  // then the step is decided again from the new status.
  for (let tries = 0; ; tries++) {
    try {
      return await stepOnce(app, orderId, scope);
    } catch (err) {
      if (!(err instanceof RaceLost) || tries >= 3) throw err instanceof RaceLost ? err.cause : err;
    }
  }
}

class RaceLost extends Error {}

async function stepOnce(
  app: FastifyInstance,
  orderId: string,
  scope: { ownerId?: string },
): Promise<ActionResult> {
  const [order] = await app.database.db
    .select({ status: orders.status, shipping: orders.shipping })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.livemode, false),
        ...(scope.ownerId ? [eq(orders.userId, scope.ownerId)] : []),
      ),
    )
    .limit(1);
  if (!order) throw new AppError(404, 'NOT_FOUND', `No such test order: ${orderId}`);
  const action = NEXT[order.status as OrderStatus];
  if (!action) {
    throw new AppError(409, 'CONFLICT', `This test order is ${order.status}: it has no further step.`);
  }
  const carrier = (order.shipping as OrderRow['shipping']).carrier as CarrierCode;
  const attempt = applyAction(app, {
    orderId,
    ...(scope.ownerId ? { ownerId: scope.ownerId } : {}),
    livemode: false,
    action,
    actor: 'system',
    actorId: null,
    reason: 'Test mode: the simulated clock',
    ...(action === 'ship' ? { carrier, trackingNumber: testTrackingNumber() } : {}),
  });
  return attempt.catch(async (err) => {
    if (err instanceof AppError && err.statusCode === 409) {
      const [now] = await app.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (now && now.status !== order.status) throw new RaceLost('the order moved meanwhile', { cause: err });
    }
    throw err;
  });
}

/**
 * The simulated clock of test mode: every `stepS` seconds each test order still under way moves one
 * step. Runs in every app process; a due order is claimed with `FOR UPDATE SKIP LOCKED` (and its next
 * step pushed a minute ahead while it is worked on), so each order is stepped once however many
 * processes run. The next step time is in the database, so a restart resumes where it was.
 */
export class TestClock {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private running: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly pollMs = 500,
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(() => {})
        .catch((err) => this.app.log.warn({ err }, 'test clock: a tick failed; it will try again'))
        .finally(() => {
          this.running = null;
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Steps every test order that is due; returns how many moved. */
  async tick(): Promise<number> {
    const result = await this.app.database.db.execute(sql`
      update ${orders} set next_step_at = now() + interval '60 seconds'
      where id in (
        select id from ${orders}
        where livemode = false and next_step_at is not null and next_step_at <= now()
        order by next_step_at
        limit 50
        for update skip locked
      )
      returning id`);
    const ids = ((result as unknown as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id);
    let moved = 0;
    for (const id of ids) {
      try {
        await advanceTestOrder(this.app, id);
        moved++;
      } catch (err) {
        // Cancelled or finished meanwhile: it has no next step.
        if (err instanceof AppError && (err.statusCode === 409 || err.statusCode === 404)) {
          await this.app.database.db.update(orders).set({ nextStepAt: null }).where(eq(orders.id, id));
        } else {
          throw err;
        }
      }
    }
    return moved;
  }
}
