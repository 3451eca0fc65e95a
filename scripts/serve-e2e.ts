/**
 * The site as browser tests see it: a fresh local database (migrated and
 * seeded like `npm start`, plus one signed-in test session), the production
 * build, served by wrangler on local workerd. Started by playwright.config.ts.
 */
import { createHash } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { E2E_LOGOUT_SESSION_ID, E2E_PORT, E2E_SESSION_ID, E2E_STATE } from "../tests/e2e/fixtures/constants";
import { ensureDevVars, migrateLocal, run } from "./run";
import { seedLocal } from "./seed";

ensureDevVars();
rmSync(E2E_STATE, { recursive: true, force: true });
await migrateLocal(E2E_STATE);
await seedLocal(E2E_STATE);

// Signed-in borrowers' sessions, so tests can check the signed-in shell.
const now = Date.now();
const data = JSON.stringify({ customerId: "e2e-customer", firstName: "Avery" });
const rows = [E2E_SESSION_ID, E2E_LOGOUT_SESSION_ID].map((id) => {
  const idHash = createHash("sha256").update(id).digest("hex");
  return `INSERT INTO sessions (id_hash, data, created_at, last_seen_at, expires_at) VALUES ('${idHash}', '${data}', ${now}, ${now}, ${now + 11 * 3_600_000});`;
});
writeFileSync(".wrangler/e2e-session.sql", rows.join("\n"));
await run("npx", [
  "wrangler",
  "d1",
  "execute",
  "DB",
  "--local",
  "--persist-to",
  E2E_STATE,
  "--file",
  ".wrangler/e2e-session.sql",
]);

if (!process.env.E2E_SKIP_BUILD) await run("npx", ["react-router", "build"]);
// Lead and reset links point at this server (SITE_ORIGIN), whatever port E2E_PORT chose.
await run(
  "npx",
  [
    "wrangler",
    "dev",
    "--port",
    String(E2E_PORT),
    "--persist-to",
    E2E_STATE,
    "--show-interactive-dev-session=false",
    "--var",
    `SITE_ORIGIN:http://localhost:${E2E_PORT}`,
  ],
  {
    stdio: "inherit",
  },
);
