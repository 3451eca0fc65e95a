/**
 * The Worker under test: the real API and Durable Objects. Pages need the
 * React Router build and are tested against the built site (tests/e2e).
 */
import { api } from "../../functions/api/app";
import type { Env } from "../../functions/env";

export { PasscodeVault } from "../../functions/durable-objects/passcode-vault";
export { RateLimiter } from "../../functions/durable-objects/rate-limiter";

export default {
  fetch: (request, env, ctx) => api.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
