import { defineConfig } from "drizzle-kit";

// The tables only a line's Durable Object holds (decision record 032): their own migration chain,
// which each object applies after the shared database's (functions/servicing/objects/schema.ts).
// drizzle-kit only generates SQL here; the objects apply it.
export default defineConfig({
  dialect: "sqlite",
  schema: ["./db/line/tables.ts"],
  out: "./db/line/migrations",
  migrations: { prefix: "index" },
});
