import { createMiddleware } from "hono/factory";
import { clientInfo } from "../http/client-info";
import { type RateLimitPolicyName, rateLimit } from "../http/rate-limit";
import { expiredSessionCookie } from "../sessions/cookie";
import { openRequestSession } from "../sessions/request-session";
import type { ApiEnv } from "./types";

/** Reads the caller's IP/country once and exposes it as `c.var.client`. */
export const withClient = createMiddleware<ApiEnv>(async (c, next) => {
  c.set("client", clientInfo(c.req.raw));
  await next();
});

/** Hono throws when a request came without one (api.request in tests): the platform then runs without waitUntil. */
function executionContext(c: { readonly executionCtx: unknown }): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

/**
 * The same session lookup loaders and actions use (the platform token kept
 * alive with it), as `c.var.session` and `c.var.tokens`; once answered, the
 * token the handler's calls rotated is written back, refusals included.
 */
export const withSession = createMiddleware<ApiEnv>(async (c, next) => {
  const current = await openRequestSession(c.env, c.req.raw, executionContext(c));
  c.set("session", current.session);
  c.set("sessionEnded", current.ended);
  c.set("tokens", current.tokens);
  try {
    await next();
    if (current.ended) c.res.headers.append("Set-Cookie", expiredSessionCookie());
  } finally {
    await current.tokens.persist(c.env);
  }
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
