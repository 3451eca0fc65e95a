import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "#server/durable-objects/rate-limiter";
import { rateLimit, rateLimitPolicies } from "#server/http/rate-limit";

const policy = { limit: 3, windowMs: 60_000 };

function limiter(key: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
}

describe("RateLimiter Durable Object", () => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    const stub = limiter(`burst-${crypto.randomUUID()}`);
    const start = 1_800_000_000_000; // aligned to a window start
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await stub.hit(policy, start + i));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[2]!.remaining).toBe(0);
    expect(verdicts[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(verdicts[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("slides: the previous window still counts in proportion to its overlap", async () => {
    const stub = limiter(`slide-${crypto.randomUUID()}`);
    const start = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) expect((await stub.hit(policy, start + i)).allowed).toBe(true);
    // 10% into the next window, 90% of the 3 previous hits still weigh (2.7).
    expect((await stub.hit(policy, start + 66_000)).allowed).toBe(false);
    // 70% into it, only 30% weigh (0.9): room for two more.
    expect((await stub.hit(policy, start + 102_000)).allowed).toBe(true);
    expect((await stub.hit(policy, start + 102_001)).allowed).toBe(true);
    expect((await stub.hit(policy, start + 102_002)).allowed).toBe(false);
    // Two windows later everything has slid out.
    expect((await stub.hit(policy, start + 240_000)).allowed).toBe(true);
  });

  it("keeps separate counts per key", async () => {
    const a = limiter(`a-${crypto.randomUUID()}`);
    const b = limiter(`b-${crypto.randomUUID()}`);
    const t = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) await a.hit(policy, t + i);
    expect((await a.hit(policy, t + 10)).allowed).toBe(false);
    expect((await b.hit(policy, t + 10)).allowed).toBe(true);
  });

  it("keeps counting after the object is evicted from memory (state in storage)", async () => {
    const stub = limiter(`persist-${crypto.randomUUID()}`);
    const t = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) await stub.hit(policy, t + i);
    await runInDurableObject(stub, async (instance: RateLimiter) => {
      // Drop the in-memory copy, as an eviction would.
      (instance as unknown as { state: undefined }).state = undefined;
    });
    expect((await stub.hit(policy, t + 20)).allowed).toBe(false);
  });

  it("reset forgets the key", async () => {
    const stub = limiter(`reset-${crypto.randomUUID()}`);
    const t = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) await stub.hit(policy, t + i);
    await stub.reset();
    expect((await stub.hit(policy, t + 5)).allowed).toBe(true);
  });

  it("rateLimit() namespaces keys by policy", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const first = await rateLimit(env, "apiPerIp", ip);
    expect(first.allowed).toBe(true);
    expect(first.remaining).toBe(rateLimitPolicies.apiPerIp.limit - 1);
    const other = await rateLimit(env, "formPostPerIp", ip);
    expect(other.remaining).toBe(rateLimitPolicies.formPostPerIp.limit - 1);
  });
});

describe("application rate limits per client IP", () => {
  it("refuse the 21st decision and the 31st SSN check in an hour", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 200)}`;
    const decisions = [];
    for (let i = 0; i < 21; i++) decisions.push((await rateLimit(env, "decisionPerIp", ip)).allowed);
    expect(decisions.filter(Boolean)).toHaveLength(20);
    expect(decisions.at(-1)).toBe(false);
    const checks = [];
    for (let i = 0; i < 31; i++) checks.push((await rateLimit(env, "ssnCheckPerIp", ip)).allowed);
    expect(checks.filter(Boolean)).toHaveLength(30);
    expect(checks.at(-1)).toBe(false);
  });
});

describe("failure-only limits", () => {
  it("peek answers without counting", async () => {
    const stub = limiter(`peek-${crypto.randomUUID()}`);
    const t = 1_800_000_000_000;
    for (let i = 0; i < 5; i++) expect((await stub.peek(policy, t + i)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await stub.hit(policy, t + 10 + i);
    expect((await stub.peek(policy, t + 20)).allowed).toBe(false);
  });
});

describe("every door's policy", () => {
  // Each policy has its own Durable Object, so they are exercised side by side
  // (about a thousand sequential hits in all would be slow on a busy machine).
  it("allows exactly its limit in a window and refuses the next request with a retry time", async () => {
    await Promise.all(
      Object.entries(rateLimitPolicies).map(async ([name, policy]) => {
        const stub = limiter(`${name}:policy-${crypto.randomUUID()}`);
        const t = Math.ceil(Date.now() / policy.windowMs) * policy.windowMs;
        let allowed = 0;
        let refused = null;
        for (let i = 0; i <= policy.limit; i++) {
          const verdict = await stub.hit(policy, t + i);
          if (verdict.allowed) allowed++;
          else refused = verdict;
        }
        expect({ name, allowed }).toEqual({ name, allowed: policy.limit });
        expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
      }),
    );
  }, 60_000);
});
