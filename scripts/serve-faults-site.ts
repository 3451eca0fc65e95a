/**
 * The fault tests' site: the production build (made by the browser tests'
 * server, scripts/serve-e2e.ts, which playwright.config.ts starts first),
 * served on its own port and state, with the upstream transport pointed at
 * the fault proxy and a short platform timeout so a `hang` fails fast.
 */
import { existsSync, rmSync } from "node:fs";
import { EMBEDDED_MERCHANT_ID } from "../functions/platform/merchant";
import { FAULTS_PROXY_URL, FAULTS_SITE_PORT, FAULTS_SITE_STATE, FAULTS_TIMEOUT_MS } from "../tests/faults-e2e/fixtures/constants";
import { ensureDevVars, migrateLocal, run } from "./run";
import { seedLocal } from "./seed";

ensureDevVars();
rmSync(FAULTS_SITE_STATE, { recursive: true, force: true });
// The site's own tables (sessions, documents); the platform's data lives behind the proxy.
await migrateLocal(FAULTS_SITE_STATE);
await seedLocal(FAULTS_SITE_STATE);

// Run alone (the browser tests' server reused, or not started), the build may be missing.
if (!existsSync("build/server")) await run("npx", ["react-router", "build"]);
const vars = { PLATFORM_API_BASE: `${FAULTS_PROXY_URL}/`, PLATFORM_MERCHANT_ID: EMBEDDED_MERCHANT_ID, PLATFORM_TIMEOUT_MS: String(FAULTS_TIMEOUT_MS) };
await run(
  "npx",
  [
    "wrangler", "dev", "--port", String(FAULTS_SITE_PORT), "--persist-to", FAULTS_SITE_STATE, "--show-interactive-dev-session=false",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ],
  { stdio: "inherit" },
);
