import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { exportJWK, generateKeyPair } from "jose";
import { defineConfig } from "vitest/config";
import { documentSeedSql } from "#db/seed/documents";
import { demoPartnerSeedSql } from "#db/seed/partners";

/**
 * Projects: `unit` runs pure modules in Node; `contract` the platform client
 * over HTTP; `worker` runs inside workerd with real D1 and Durable Object
 * bindings from wrangler.toml, with the migrations applied and the documents
 * seeded in its setup file; `deploy` builds every environment.
 */
/** Node runs no Durable Objects: the unit and contract projects load `cloudflare:workers` from a stand-in (tests/support). */
const nodeCloudflareWorkers = {
  "cloudflare:workers": fileURLToPath(new URL("./tests/support/cloudflare-workers-in-node.ts", import.meta.url)),
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // The servicing desk's Cloudflare Access, played by the tests: a key pair made for this run; the Worker is
  // given the public half as its pinned key set, the tests the private half to sign tokens (tests/worker/desk-*.test.ts).
  const access = await generateKeyPair("RS256", { extractable: true });
  const accessPublic = { ...(await exportJWK(access.publicKey)), kid: "test-access", alg: "RS256", use: "sig" };
  return {
    test: {
      // One test file per core. vitest's own default for a run is one fewer than the cores, which on a
      // two-core machine is a single file at a time: each worker file then waits for workerd to start and
      // for its modules, with the other core idle (decision record 032, "The suite's length").
      maxWorkers: availableParallelism(),
      projects: [
        {
          test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
          resolve: { alias: nodeCloudflareWorkers },
        },
        {
          // Builds for development, preview and production (about a minute and
          // a half): after the other projects, so it does not slow their
          // timed tests on a two-core machine.
          test: {
            name: "deploy",
            include: ["tests/deploy/**/*.test.ts"],
            environment: "node",
            testTimeout: 120_000,
            sequence: { groupOrder: 1 },
          },
        },
        {
          // The platform contract over real HTTP: the embedded platform on a local port.
          test: {
            name: "contract",
            include: ["tests/contract/**/*.contract.test.ts"],
            environment: "node",
            globalSetup: ["./tests/contract/global-setup.ts"],
            testTimeout: 20_000,
            hookTimeout: 120_000,
          },
          resolve: { alias: nodeCloudflareWorkers },
        },
        {
          plugins: [
            cloudflareTest({
              main: "./tests/worker/entry.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // A second database: the lagging read replica of tests/worker/helpers/replica.ts.
                d1Databases: { DB_REPLICA: "replica-for-tests" },
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  TEST_SEED_SQL: [...documentSeedSql(), ...demoPartnerSeedSql()],
                  // Test-only key material; real environments set the secret.
                  SSN_ENCRYPTION_KEY: "test-only-ssn-key-0123456789abcdef0123456789",
                  // The site's own session seal key (decision record 014), deliberately not the SSN key.
                  SESSION_SEAL_KEY: "test-only-session-seal-key-fedcba9876543210fedcba",
                  PARTNER_SECRET_DEMO: "test-only-demo-partner-secret-0123456789abcdef",
                  DESK_ACCESS_ISSUER: "https://ridgeline-test.cloudflareaccess.com",
                  DESK_ACCESS_AUD: "test-desk-audience",
                  DESK_ACCESS_JWKS: JSON.stringify({ keys: [accessPublic] }),
                  TEST_DESK_ACCESS_PRIVATE_JWK: JSON.stringify({
                    ...(await exportJWK(access.privateKey)),
                    kid: "test-access",
                  }),
                  DESK_DEV_KEY: "test-only-desk-development-key-0123456789abcdef",
                  // Lives played through the whole platform (tests/worker/money-lives.test.ts; npm run verify:money -- --full).
                  MONEY_LIVES: process.env.MONEY_LIVES ?? "3",
                  MONEY_SEED: process.env.MONEY_SEED ?? "",
                },
              },
            }),
            // Pages: `virtual:react-router/server-build`, so worker tests reach loaders and actions too.
            reactRouter(),
          ],
          test: {
            name: "worker",
            // Stylesheet `?url` imports resolve to real URLs (not ""), as in the build.
            css: { include: [/.+/] },
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["./tests/worker/setup.ts"],
            // A guard against a hung test, not a speed target: a test that signs in a fresh borrower can pass 5 s
            // when the two cores are busy (speed targets live in `npm run bench`).
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
