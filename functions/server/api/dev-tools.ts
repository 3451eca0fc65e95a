import type { Hono, Schema } from "hono";
import { devApi } from "./dev";
import type { ApiEnv } from "./types";

/**
 * Mounts the development tools API at /api/dev. Preview and production
 * builds resolve this module to dev-tools.deployed.ts instead (vite.config.ts,
 * decision record 011), so their bundles hold neither the tools nor the mount.
 */
export function withDevTools<App extends Hono<ApiEnv, Schema, string>>(api: App): App {
  api.route("/dev", devApi);
  return api;
}
