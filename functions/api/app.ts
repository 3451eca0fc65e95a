import { Hono } from "hono";
import { calendarApi } from "./calendar";
import { withDevTools } from "./dev-tools";
import { documentsApi } from "./documents";
import { geo } from "./geo";
import { health } from "./health";
import { leadsApi } from "./leads";
import { openApiRoute } from "./openapi";
import { passkeysApi } from "./passkeys";
import { limitPerIp, withClient } from "./middleware";
import type { ApiEnv } from "./types";

/**
 * The JSON API under /api: one small sub-app per resource, and the
 * development tools in development builds only (none at all in deployed ones).
 */
export const api = withDevTools(
  new Hono<ApiEnv>()
    .basePath("/api")
    .use(withClient)
    .route("/health", health)
    // Before the per-IP limit: partners post from few addresses and have their
    // own budget (counted after the signature), plus a per-IP limit on refusals.
    .route("/leads", leadsApi)
    .use(limitPerIp("apiPerIp"))
    .route("/openapi.json", openApiRoute)
    .route("/geo", geo)
    .route("/documents", documentsApi)
    .route("/calendar", calendarApi)
    .route("/passkeys", passkeysApi),
)
  .notFound((c) => c.json({ error: "Not found" }, 404))
  .onError((err, c) => {
    // Log the failure without request data (no personal data in logs).
    console.error("api error", err instanceof Error ? err.name : "unknown");
    return c.json({ error: "Something went wrong. Please try again." }, 500);
  });

export type Api = typeof api;
