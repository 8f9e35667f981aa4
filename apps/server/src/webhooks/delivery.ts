import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { postOutbound } from '../http/fetch-url.js';
import { newId } from '../lib/ids.js';
import { eventDto } from './events.js';
import { type SecretBox, signWebhook } from './secrets.js';

export interface DispatcherOptions {
  /** Seconds to wait after each failed attempt; after the last, the delivery has failed. */
  retryScheduleS: number[];
  timeoutS: number;
  /** Requests in flight at once in this process. */
  concurrency: number;
  allowPrivateNetwork: boolean;
  /** How often an idle worker looks for due deliveries (default 500 ms). */
  pollMs?: number;
  /** How long a claimed delivery is held (default twice the timeout and 5 s: longer than any attempt). */
  leaseS?: number;
}

const KEEP_BYTES = 1024;

/**
 * Another kind of durable delivery drained by the same loop (store tracking pushes, issue 16): rows
 * claimed with a lease like webhook deliveries, and attempted one by one, sharing the concurrency.
 */
export interface DeliveryQueue {
  readonly name: string;
  claim(limit: number): Promise<{ id: string; attempts: number }[]>;
  attempt(id: string, attempt: number): Promise<void>;
}

/**
 * The webhook delivery worker (API.md §4; docs/decisions/0006-webhook-delivery.md). Deliveries are rows;
 * every app process runs this worker, which claims due rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (so no attempt is made twice at once, across processes), posts them signed, records the attempt, and
 * schedules a retry or marks the end. One order's events go to an endpoint one at a time, in order.
 * At least once: a crash mid-attempt leaves the row claimed until its lease ends, then it is tried again.
 */
export class WebhookDispatcher {
  private inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private draining = false;
  private readonly queues: DeliveryQueue[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly box: SecretBox,
    private readonly opts: DispatcherOptions,
  ) {}

  /** Drains another kind of delivery in the same loop. */
  addQueue(queue: DeliveryQueue) {
    this.queues.push(queue);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.later(0);
  }

  /** Stops claiming; waits for a claim under way and the attempts in flight (each ends within the timeout). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  /** New deliveries were committed: look soon rather than at the next poll. */
  nudge() {
    if (!this.stopped) this.later(20);
  }

  private later(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  /** The claim under way, if any (the database must not close under it). */
  private ticking: Promise<void> | null = null;

  private tick() {
    this.ticking ??= this.drainAndReschedule().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async drainAndReschedule() {
    this.timer = null;
    if (this.stopped || this.draining) return;
    this.draining = true;
    let claimed = 0;
    try {
      claimed = await this.drainOnce();
    } catch (err) {
      this.app.log.warn({ err }, 'webhook worker: claiming failed; it will try again');
    } finally {
      this.draining = false;
    }
    // A full batch means more are probably due: look again as soon as there is room.
    this.later(claimed > 0 ? 10 : (this.opts.pollMs ?? 500));
  }

  /** Claims what is due (as many as there is room for) and starts those attempts. Returns how many. */
  async drainOnce(): Promise<number> {
    const room = this.opts.concurrency - this.inFlight.size;
    if (room <= 0) return 0;
    const own = {
      name: 'webhook',
      claim: (n: number) => this.claim(n),
      attempt: (id: string, a: number) => this.attempt(id, a),
    };
    let claimed = 0;
    for (const queue of [own, ...this.queues]) {
      const left = room - claimed;
      if (left <= 0) break;
      const rows = await queue.claim(left);
      for (const r of rows) {
        const p = queue
          .attempt(r.id, r.attempts)
          .catch((err) =>
            this.app.log.error({ err, delivery: r.id }, `${queue.name} attempt failed to record`),
          );
        this.inFlight.add(p);
        void p.finally(() => {
          this.inFlight.delete(p);
          this.later(0);
        });
      }
      claimed += rows.length;
    }
    return claimed;
  }

  /** For tests and scripts: drain until nothing is due and nothing is in flight. */
  async drainUntilIdle(maxMs = 30_000) {
    const end = Date.now() + maxMs;
    for (;;) {
      const n = await this.drainOnce();
      if (n === 0 && this.inFlight.size === 0) return;
      if (this.inFlight.size > 0) await Promise.race([...this.inFlight]);
      if (Date.now() > end) throw new Error('webhook deliveries still pending');
    }
  }

  private async claim(limit: number): Promise<{ id: string; attempts: number }[]> {
    const db = this.app.database.db;
    const result = await db.execute(sql`
      update ${webhookDeliveries}
      set locked_until = now() + make_interval(secs => ${this.opts.leaseS ?? this.opts.timeoutS * 2 + 5}),
          attempts = attempts + 1,
          updated_at = now()
      where id in (
        select d.id from ${webhookDeliveries} d
        join ${webhookEndpoints} e on e.id = d.endpoint_id and e.status = 'enabled'
        where d.status = 'pending'
          and d.next_attempt_at <= now()
          and (d.locked_until is null or d.locked_until < now())
          and not exists (
            select 1 from ${webhookDeliveries} p
            where p.endpoint_id = d.endpoint_id and p.order_key = d.order_key
              and p.status = 'pending' and p.seq < d.seq
          )
        order by d.seq
        limit ${limit}
        for update of d skip locked
      )
      returning id, attempts`);
    const rows = (result as unknown as { rows?: { id: string; attempts: number }[] }).rows ?? [];
    return rows.map((r) => ({ id: r.id, attempts: Number(r.attempts) }));
  }

  private async attempt(id: string, attempt: number) {
    const db = this.app.database.db;
    const [row] = await db
      .select({ event: events, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id))
      .limit(1);
    if (!row) return; // the endpoint or the event was deleted meanwhile
    const body = JSON.stringify(eventDto(row.event));
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook(
      this.box.open(row.endpoint.secretCiphertext),
      row.event.id,
      timestamp,
      body,
    );
    const outcome = await postOutbound(
      row.endpoint.url,
      { allowPrivateNetwork: this.opts.allowPrivateNetwork },
      {
        headers: {
          'webhook-id': row.event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature,
        },
        body,
        timeoutMs: this.opts.timeoutS * 1000,
        keepBytes: KEEP_BYTES,
      },
    );
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const gone = outcome.status === 410;
    const schedule = this.opts.retryScheduleS;
    const last = attempt > schedule.length;
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        id: newId('wha'),
        deliveryId: id,
        statusCode: outcome.status,
        durationMs: outcome.durationMs,
        responseBody: outcome.body || null,
        error: outcome.error,
      });
      const common = {
        lockedUntil: null,
        lastStatusCode: outcome.status,
        lastError: ok ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        updatedAt: new Date(),
      };
      if (ok) {
        await tx
          .update(webhookDeliveries)
          .set({ ...common, status: 'succeeded', deliveredAt: new Date() })
          .where(eq(webhookDeliveries.id, id));
      } else if (gone) {
        // 410 Gone: the receiver asks us to stop; the endpoint is disabled and its queue ends.
        await tx
          .update(webhookEndpoints)
          .set({
            status: 'disabled',
            disabledReason: `Disabled after it answered 410 Gone on ${new Date().toISOString()}`,
            updatedAt: new Date(),
          })
          .where(eq(webhookEndpoints.id, row.endpoint.id));
        await tx
          .update(webhookDeliveries)
          .set({ ...common, status: 'failed' })
          .where(eq(webhookDeliveries.id, id));
        await tx
          .update(webhookDeliveries)
          .set({ status: 'failed', lastError: 'The endpoint was disabled (410 Gone)', updatedAt: new Date() })
          .where(
            and(eq(webhookDeliveries.endpointId, row.endpoint.id), eq(webhookDeliveries.status, 'pending')),
          );
      } else if (last) {
        await tx
          .update(webhookDeliveries)
          .set({ ...common, status: 'failed' })
          .where(eq(webhookDeliveries.id, id));
      } else {
        const waitS = schedule[attempt - 1]!;
        await tx
          .update(webhookDeliveries)
          .set({ ...common, nextAttemptAt: new Date(Date.now() + waitS * 1000) })
          .where(eq(webhookDeliveries.id, id));
      }
    });
    this.app.log.info(
      { delivery: id, event: row.event.id, status: outcome.status, ms: outcome.durationMs, attempt },
      ok ? 'webhook delivered' : 'webhook attempt failed',
    );
  }
}
