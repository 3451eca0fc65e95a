import type { withDevTools as mountingDevTools } from "./dev-tools";

/** Stands in for dev-tools.ts in preview and production builds: no development tools. */
export const withDevTools: typeof mountingDevTools = (api) => api;
