/**
 * Seeds a local D1 database (migrations must be applied first):
 *   tsx scripts/seed.ts [--persist-to DIR]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { documentSeedSql } from "#db/seed/documents";
import { demoPartnerSeedSql } from "#db/seed/partners";
import { LOCAL_STATE, run } from "./run";

export async function seedLocal(persistTo = LOCAL_STATE): Promise<void> {
  mkdirSync(".wrangler", { recursive: true });
  const file = join(".wrangler", "seed.sql");
  writeFileSync(file, [...documentSeedSql(), ...demoPartnerSeedSql()].join("\n"));
  await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, "--persist-to", persistTo]);
  console.log("Seeded documents and the demo lead partner.");
}

if (import.meta.main) {
  const persistIndex = process.argv.indexOf("--persist-to");
  await seedLocal(persistIndex > 0 ? process.argv[persistIndex + 1] : undefined);
}
