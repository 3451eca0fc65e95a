import type { Hono } from "hono";
import { devApi } from "./dev";
import type { ApiEnv } from "./types";

/**
 * The development tools API, mounted at /api/dev. Preview and production
 * builds resolve this module to dev-tools.deployed.ts instead (vite.config.ts,
 * decision record 011), so their bundles hold none of the tools' code.
 */
export const devToolsApi: Hono<ApiEnv> | null = devApi;
