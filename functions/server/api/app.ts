import { Hono } from "hono";
import { embeddedUnsubscribe } from "#platform";
import { apiBodies, clientErrorAnswer } from "./body-limits";
import { calendarApi } from "./calendar";
import { withDevTools } from "./dev-tools";
import { documentsApi } from "./documents";
import { geo } from "./geo";
import { health } from "./health";
import { leadsApi } from "./leads";
import { limitPerIp, withClient } from "./middleware";
import { openApiRoute } from "./openapi";
import { passkeysApi } from "./passkeys";
import type { ApiEnv } from "./types";
import { webhooksApi } from "./webhooks";

/**
 * The JSON API under /api: one small sub-app per resource, and the
 * development tools in development builds only (none at all in deployed ones).
 */
export const api = withDevTools(
  new Hono<ApiEnv>()
    .basePath("/api")
    .use(withClient)
    // Before every route (leads included): JSON only and a size cap per route (body-limits.ts).
    .use(apiBodies)
    .route("/health", health)
    // Before the per-IP limit: partners post from few addresses and have their
    // own budget (counted after the signature), plus a per-IP limit on refusals.
    .route("/leads", leadsApi)
    .use(limitPerIp("apiPerIp"))
    .route("/openapi.json", openApiRoute)
    .route("/geo", geo)
    .route("/documents", documentsApi)
    .route("/calendar", calendarApi)
    .route("/passkeys", passkeysApi)
    .route("/webhooks", webhooksApi)
    // One-click unsubscribe from a marketing e-mail (RFC 8058): posted by the mailbox provider, form-encoded.
    .route("/unsubscribe", embeddedUnsubscribe),
)
  .notFound((c) => c.json({ error: "Not found" }, 404))
  .onError((err, c) => {
    // A caller's mistake Hono raised (malformed JSON in a validator) keeps its 4xx: not our failure.
    const refused = clientErrorAnswer(err, c);
    if (refused) return refused;
    // Log the failure without request data (no personal data in logs).
    console.error("api error", err instanceof Error ? err.name : "unknown");
    return c.json({ error: "Something went wrong. Please try again." }, 500);
  });

export type Api = typeof api;
