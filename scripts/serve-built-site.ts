import { existsSync, rmSync } from "node:fs";
import { ensureDevVars, migrateLocal, run } from "./run";
import { seedLocal } from "./seed";

/**
 * The production build (made by the browser tests' server, scripts/serve-e2e.ts,
 * which playwright.config.ts starts first) served by wrangler on local workerd,
 * on a port and a fresh state of its own: migrated and seeded like `npm start`
 * (documents, the demo lead partner). `vars` override the Worker's vars.
 * Used by the servers of the test projects that must not share a database
 * with the parallel browser tests.
 */
export async function serveBuiltSite({
  port,
  state,
  vars = {},
}: {
  port: number;
  state: string;
  vars?: Record<string, string>;
}): Promise<void> {
  ensureDevVars();
  rmSync(state, { recursive: true, force: true });
  await migrateLocal(state);
  await seedLocal(state);
  // Run alone (the browser tests' server reused, or not started), the build may be missing.
  if (!existsSync("build/server")) await run("npx", ["react-router", "build"]);
  await run(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(port),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      // Lead and reset links point at this server, unless `vars` say otherwise.
      ...Object.entries({
        SITE_ORIGIN: `http://localhost:${port}`,
        ...vars,
      }).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { stdio: "inherit" },
  );
}
