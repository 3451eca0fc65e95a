import { applyD1Migrations, env } from "cloudflare:test";

// Migrations as wrangler applies them, then the same seed `npm start` uses.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// The lagging replica's schema (tests/worker/helpers/replica.ts copies the rows when a test asks).
await applyD1Migrations(env.DB_REPLICA!, env.TEST_MIGRATIONS);
await env.DB.batch(env.TEST_SEED_SQL.map((sql) => env.DB.prepare(sql)));
