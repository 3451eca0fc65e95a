import type { Env } from "../../functions/env";

declare module "cloudflare:test" {
  interface ProvidedEnv extends Env {
    TEST_MIGRATIONS: D1Migration[];
    TEST_SEED_SQL: string[];
  }
}
