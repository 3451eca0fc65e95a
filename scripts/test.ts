/**
 * `npm test`: the whole suite. Biome's lint and format check and the rooms'
 * rules (dependency-cruiser), then unit tests in Node, worker tests inside
 * workerd and contract tests (vitest projects), then the deploy project
 * (builds every environment), then browser tests in Chromium against the
 * built site (Playwright starts it: scripts/serve-e2e.ts).
 */
import { run } from "./run";

const env = { VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" };

// Lint, format and the rooms' doors first: the quickest to fail.
await run("npm", ["run", "--silent", "lint"]);
await run("npx", ["react-router", "typegen"]);
await run("npx", ["tsc", "-p", "."]);
await run("npx", ["vitest", "run"], { env });
await run("npx", ["playwright", "test"], { env });
