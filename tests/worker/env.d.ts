import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "#server/env";

declare global {
  namespace Cloudflare {
    // `env` from cloudflare:test: the Worker's bindings plus the test-only ones.
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SEED_SQL: string[];
      /** The demo lead partner's test-only signing secret (vitest.config.ts). */
      PARTNER_SECRET_DEMO: string;
      /** How many random lives money-lives.test.ts plays, and from which seed ("" for a random one). */
      MONEY_LIVES: string;
      MONEY_SEED: string;
      /** The private half of the test run's Access key pair (vitest.config.ts): tests sign desk tokens with it. */
      TEST_DESK_ACCESS_PRIVATE_JWK: string;
    }
  }
}
