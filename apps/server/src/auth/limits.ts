/**
 * A fixed-window counter per key (e.g. per email address), kept in memory. With several app
 * processes each counts on its own; put a shared store here when scaling out.
 */
export class KeyedLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Count one attempt; false when the key is over its limit for the current window. */
  take(key: string, now = Date.now()): boolean {
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  retryAfterSeconds(key: string, now = Date.now()): number {
    const e = this.hits.get(key);
    return e ? Math.max(1, Math.ceil((e.resetAt - now) / 1000)) : 0;
  }

  private prune(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const k of this.hits.keys()) {
      if (this.hits.size < this.maxKeys) break;
      this.hits.delete(k);
    }
  }
}
