/** Applies D1 migrations to the local database: tsx scripts/migrate.ts */
import { migrateLocal } from "./run";

await migrateLocal();
