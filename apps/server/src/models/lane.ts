import { tooManyRequests, unavailable } from '../lib/errors.js';

export interface LaneOptions {
  /** What the lane does, for messages: one and many ("model analysis", "model analyses"). */
  name: readonly [string, string];
  /** Tasks running at once (one per worker thread). */
  concurrency: number;
  /** Tasks waiting, all users together; beyond it a new task is refused with 503. */
  maxQueued: number;
  /** Tasks one user may have running or waiting; beyond it a new task is refused with 429. */
  maxPerUser: number;
  /** Tasks one user may have running at once (default: all of `concurrency`); the rest wait their turn
   * while other users' tasks use the free threads. */
  maxRunningPerUser?: number;
  /** What a refusal tells the client to wait, in seconds. */
  retryAfterS?: number;
}

interface Pending {
  start: () => void;
  reject: (err: unknown) => void;
}

/**
 * A fair queue in front of a worker pool. Tasks start only when a worker is free, so a task's time
 * limit counts its running time, never its wait. Waiting tasks are served round-robin between users:
 * one user's pile of uploads delays another user's task by at most the tasks already running, not by
 * the whole pile. Each user has a cap on tasks in flight (429 beyond it) and the queue is bounded
 * (503 when it is full).
 */
export class FairLane {
  private running = 0;
  private queued = 0;
  /** Waiting tasks per user; the Map's order is the round-robin order. */
  private readonly waiting = new Map<string, Pending[]>();
  private readonly perUser = new Map<string, number>();
  private readonly runningPerUser = new Map<string, number>();

  constructor(private readonly opts: LaneOptions) {}

  /** Whether anyone but `user` has a task running or waiting here. */
  busyWithOthers(user: string): boolean {
    for (const [u, n] of this.perUser) if (u !== user && n > 0) return true;
    return false;
  }

  get stats() {
    return { running: this.running, queued: this.queued, users: this.perUser.size };
  }

  /** Run `task` for `user` when a slot is free (in fair order). Refuses at once when over a limit. */
  run<T>(user: string, task: () => Promise<T>): Promise<T> {
    const inFlight = this.perUser.get(user) ?? 0;
    const retry = this.opts.retryAfterS ?? 2;
    if (inFlight >= this.opts.maxPerUser) {
      return Promise.reject(
        tooManyRequests(
          `You already have ${inFlight} ${this.opts.name[inFlight === 1 ? 0 : 1]} in progress. Please wait for ${inFlight === 1 ? 'it' : 'them'} to finish.`,
          retry,
        ),
      );
    }
    if (this.queued >= this.opts.maxQueued && !(this.running < this.opts.concurrency && this.mayRun(user))) {
      return Promise.reject(
        unavailable('The server is busy right now. Please try again in a few seconds.', retry),
      );
    }
    this.perUser.set(user, inFlight + 1);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.runningPerUser.set(user, (this.runningPerUser.get(user) ?? 0) + 1);
        let settled: Promise<T>;
        try {
          settled = task();
        } catch (err) {
          settled = Promise.reject(err);
        }
        settled.then(resolve, reject).finally(() => {
          this.running--;
          const stillRunning = (this.runningPerUser.get(user) ?? 1) - 1;
          if (stillRunning <= 0) this.runningPerUser.delete(user);
          else this.runningPerUser.set(user, stillRunning);
          const left = (this.perUser.get(user) ?? 1) - 1;
          if (left <= 0) this.perUser.delete(user);
          else this.perUser.set(user, left);
          this.dispatch();
        });
      };
      const list = this.waiting.get(user);
      if (list) list.push({ start, reject });
      else this.waiting.set(user, [{ start, reject }]);
      this.queued++;
      this.dispatch();
    });
  }

  private mayRun(user: string): boolean {
    return (this.runningPerUser.get(user) ?? 0) < (this.opts.maxRunningPerUser ?? this.opts.concurrency);
  }

  private dispatch() {
    while (this.running < this.opts.concurrency && this.queued > 0) {
      // The user who has waited longest for a turn goes first (if they may run one more task now);
      // after a turn they go to the back.
      let chosen: [string, Pending[]] | null = null;
      for (const entry of this.waiting) {
        if (this.mayRun(entry[0])) {
          chosen = entry;
          break;
        }
      }
      if (!chosen) return;
      const [user, list] = chosen;
      const next = list.shift()!;
      this.waiting.delete(user);
      if (list.length > 0) this.waiting.set(user, list);
      this.queued--;
      next.start();
    }
  }

  /** Refuse everything still waiting (at shutdown). */
  drain(err: unknown) {
    for (const list of this.waiting.values()) for (const p of list) p.reject(err);
    this.waiting.clear();
    this.queued = 0;
  }
}
