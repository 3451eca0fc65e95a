import type { RateLimiter } from "./durable-objects/rate-limiter";

/** Bindings and vars every environment of wrangler.toml provides. */
export interface Env {
  DB: D1Database;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  ENVIRONMENT: "development" | "preview" | "production";
}
