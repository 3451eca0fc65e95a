import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { documentSeedSql } from "./db/seed/documents";

/**
 * Two projects: `unit` runs pure modules in Node; `worker` runs inside
 * workerd with real D1 and Durable Object bindings from wrangler.toml, with
 * the migrations applied and the documents seeded in its setup file.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      projects: [
        {
          test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
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
        },
        {
          plugins: [
            cloudflareTest({
              main: "./tests/worker/entry.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  TEST_SEED_SQL: documentSeedSql(),
                  // Test-only key material; real environments set the secret.
                  SSN_ENCRYPTION_KEY: "test-only-ssn-key-0123456789abcdef0123456789",
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
          },
        },
      ],
    },
  };
});
