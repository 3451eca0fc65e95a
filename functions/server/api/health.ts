import { Hono } from "hono";
import { catalogue, memoryTokenHolder, platformClient, usesUpstream } from "#platform";
import type { Env } from "../env";
import { rateLimit } from "../http/rate-limit";
import type { ApiEnv } from "./types";

/**
 * Liveness for load balancers and the benchmark: `GET /api/health` touches no
 * storage and has no rate limit (probes come often from few addresses).
 *
 * `GET /api/health?deep=1` (issue 21) checks every part a request needs, each
 * timed: D1 read and write, both Durable Objects, the platform (embedded or
 * upstream: a merchant token and a call), and names the version and commit.
 * 200 when all answer, 503 naming the ones that did not (by name only).
 * Rate limited per IP (each check writes a row and makes a platform token).
 */
type Check = { ok: boolean; ms: number };

async function timed(part: () => Promise<unknown>): Promise<Check> {
  const started = Date.now();
  try {
    await part();
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    console.error("health check failed", error instanceof Error ? error.name : "unknown");
    return { ok: false, ms: Date.now() - started };
  }
}

/** Each part a request needs, checked side by side. */
export async function deepChecks(env: Env, now: number): Promise<Record<string, Check>> {
  const [d1Read, d1Write, passcodes, platform] = await Promise.all([
    timed(() => env.DB.prepare("SELECT COUNT(*) AS n FROM settings").first()),
    timed(() =>
      env.DB.prepare(
        "INSERT INTO settings (key, value) VALUES ('health.deep', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
        .bind(String(now))
        .run(),
    ),
    timed(() => env.PASSCODES.get(env.PASSCODES.idFromName("health-probe")).status(now)),
    timed(() => platformClient(env, memoryTokenHolder()).call(catalogue.misc.IovationConfig, {})),
  ]);
  return { d1Read, d1Write, passcodes, platform };
}

export const health = new Hono<ApiEnv>().get("/", async (c) => {
  if (c.req.query("deep") === undefined) return c.json({ status: "ok" });
  // The rate limit is the RateLimiter Durable Object's check too: down, it is reported, not obeyed.
  let verdict: Awaited<ReturnType<typeof rateLimit>> | undefined;
  const limiter = await timed(async () => {
    verdict = await rateLimit(c.env, "healthDeepPerIp", c.var.client.ip);
  });
  if (verdict && !verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    return c.json({ error: "Too many requests. Please wait a moment and try again." }, 429);
  }
  const checks = { rateLimiter: limiter, ...(await deepChecks(c.env, Date.now())) };
  const failed = Object.entries(checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  const meta = c.env.CF_VERSION_METADATA;
  const body = {
    status: failed.length === 0 ? "ok" : "failing",
    failed,
    checks,
    platform: usesUpstream(c.env) ? "upstream" : "embedded",
    version: { id: meta?.id ?? null, tag: meta?.tag ?? null },
  };
  c.header("Cache-Control", "no-store");
  return c.json(body, failed.length === 0 ? 200 : 503);
});
