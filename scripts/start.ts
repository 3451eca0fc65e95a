/**
 * `npm start`: local D1 migrations, seed, build, then serve the built Worker
 * on local workerd at http://localhost:8787 (PORT overrides). Offline.
 */
import { ensureDevVars, LOCAL_STATE, migrateLocal, run } from "./run";
import { seedLocal } from "./seed";

const port = process.env.PORT ?? "8787";

ensureDevVars();
await migrateLocal();
await seedLocal();
await run("npx", ["react-router", "build"]);
await run("npx", ["wrangler", "dev", "--port", port, "--persist-to", LOCAL_STATE, "--show-interactive-dev-session=false"], {
  stdio: "inherit",
});
