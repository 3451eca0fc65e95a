import type { devToolsApi as developmentTools } from "./dev-tools";

/** Stands in for dev-tools.ts in preview and production builds: no development tools. */
export const devToolsApi: typeof developmentTools = null;
