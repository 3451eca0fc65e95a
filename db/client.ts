import { drizzle } from "drizzle-orm/d1";

/**
 * A drizzle handle on D1, with no schema bound: each room imports its own
 * tables (the site db/schema/site.ts and leads.ts, the servicing core
 * db/schema/servicing.ts) and nothing uses drizzle's relational queries.
 */
export type Database = ReturnType<typeof database>;

export function database(d1: D1Database) {
  return drizzle(d1);
}
