/**
 * `npm test`: the whole suite. Unit tests in Node, worker tests inside
 * workerd and contract tests (vitest projects), then the deploy project
 * (builds every environment), then browser tests in Chromium against the
 * built site (Playwright starts it: scripts/serve-e2e.ts).
 */
import { run } from "./run";

const env = { VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" };

await run("npx", ["react-router", "typegen"]);
await run("npx", ["tsc", "-p", "."]);
await run("npx", ["vitest", "run"], { env });
await run("npx", ["playwright", "test"], { env });
