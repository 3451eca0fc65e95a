/**
 * Serves the embedded platform alone on a local port, like an upstream
 * platform API (default 8794; PLATFORM_PORT overrides). Point the product at
 * it with PLATFORM_API_BASE=http://localhost:8794/ and PLATFORM_MERCHANT_ID=ridgeline-embedded.
 */
import { ensureDevVars, migrateLocal, run } from "./run";

export const PLATFORM_STATE = ".wrangler/platform-state";

export async function preparePlatform(state = PLATFORM_STATE): Promise<void> {
  ensureDevVars();
  await migrateLocal(state, "platform.wrangler.toml");
}

export function platformArgs(port: string, state = PLATFORM_STATE): string[] {
  return [
    "wrangler",
    "dev",
    "-c",
    "platform.wrangler.toml",
    "--port",
    port,
    "--persist-to",
    state,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  ];
}

if (import.meta.main) {
  await preparePlatform();
  await run("npx", platformArgs(process.env.PLATFORM_PORT ?? "8794"), { stdio: "inherit" });
}
