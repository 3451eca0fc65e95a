import { createMiddleware } from "hono/factory";
import { clientInfo } from "../http/client-info";
import { rateLimit, type RateLimitPolicyName } from "../http/rate-limit";
import { getSession } from "../sessions/session";
import type { ApiEnv } from "./types";

/** Reads the caller's IP/country once and exposes it as `c.var.client`. */
export const withClient = createMiddleware<ApiEnv>(async (c, next) => {
  c.set("client", clientInfo(c.req.raw));
  await next();
});

/** The same session lookup loaders and actions use, as `c.var.session`. */
export const withSession = createMiddleware<ApiEnv>(async (c, next) => {
  c.set("session", await getSession(c.env.DB, c.req.raw));
  await next();
});

/** Refuses with 429 and Retry-After once the caller's IP passes the policy. */
export function limitPerIp(policy: RateLimitPolicyName) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const verdict = await rateLimit(c.env, policy, c.var.client.ip);
    if (!verdict.allowed) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return c.json({ error: "Too many requests. Please wait a moment and try again." }, 429);
    }
    c.header("RateLimit-Remaining", String(verdict.remaining));
    await next();
  });
}
