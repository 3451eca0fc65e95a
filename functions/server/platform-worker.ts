/**
 * The embedded platform on its own, as an upstream API would be: used by
 * `npm run platform`, the upstream contract tests and the fault tests (HTTP
 * on a local port). The product's Worker never mounts this; it calls the core
 * in-process.
 */
import { Hono } from "hono";
import { servicingApp } from "#servicing";
import { devApi } from "./api/dev";
import { health } from "./api/health";
import type { ApiEnv } from "./api/types";
import type { Env } from "./env";

export { LineLedger, PasscodeVault } from "#servicing";

/**
 * The platform's own liveness check and development tools (seed, fresh
 * borrowers, outbox, record counts, clock; 404 outside development): a site
 * pointed at this platform keeps none of these tables, so tests seed and read
 * them here. The call catalogue has no /api/ path, so nothing is shadowed.
 */
const platformTools = new Hono<ApiEnv>().basePath("/api").route("/health", health).route("/dev", devApi);

export default {
  fetch: (request, env, ctx) =>
    new URL(request.url).pathname.startsWith("/api/")
      ? platformTools.fetch(request, env, ctx)
      : servicingApp.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
