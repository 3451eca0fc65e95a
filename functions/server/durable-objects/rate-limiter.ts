import { DurableObject } from "cloudflare:workers";

export interface RateLimitPolicy {
  /** Requests allowed within one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  /** Seconds until a refused caller may try again (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * One instance per key (idFromName). A sliding-window counter: the count of
 * the previous fixed window is weighted by how much of it still overlaps the
 * sliding window, which smooths bursts at window edges without storing a log
 * of every hit. State is kept in memory and mirrored to storage so an evicted
 * instance keeps counting.
 */
export class RateLimiter extends DurableObject {
  private state: { windowStart: number; current: number; previous: number } | undefined;

  /** Would one more hit be allowed? Counts nothing (failure-only limits check first, count on failure). */
  async peek(policy: RateLimitPolicy, now: number = Date.now()): Promise<RateLimitVerdict> {
    return this.evaluate(policy, now, false);
  }

  async hit(policy: RateLimitPolicy, now: number = Date.now()): Promise<RateLimitVerdict> {
    return this.evaluate(policy, now, true);
  }

  private async evaluate(policy: RateLimitPolicy, now: number, count: boolean): Promise<RateLimitVerdict> {
    const { limit, windowMs } = policy;
    const state = this.state ??
      (await this.ctx.storage.get<typeof this.state>("w")) ?? {
        windowStart: now - (now % windowMs),
        current: 0,
        previous: 0,
      };
    const windowStart = now - (now % windowMs);
    if (windowStart !== state.windowStart) {
      const windowsPassed = (windowStart - state.windowStart) / windowMs;
      state.previous = windowsPassed === 1 ? state.current : 0;
      state.current = 0;
      state.windowStart = windowStart;
    }
    const overlap = 1 - (now - windowStart) / windowMs;
    const weighted = state.previous * overlap + state.current;
    // Count this request too: allowed only if it keeps the rate within the limit.
    const allowed = weighted + 1 <= limit;
    if (allowed && count) state.current += 1;
    this.state = state;
    if (count) await this.ctx.storage.put("w", state);
    // Retry when enough of the previous window has slid out, or at the latest
    // when the current window ends.
    const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    return {
      allowed,
      remaining: Math.max(0, Math.floor(limit - weighted - (allowed && count ? 1 : 0))),
      retryAfterSeconds,
    };
  }

  /** Forget the key (e.g. after a successful sign-in clears failed attempts). */
  async reset(): Promise<void> {
    this.state = undefined;
    await this.ctx.storage.deleteAll();
  }
}
