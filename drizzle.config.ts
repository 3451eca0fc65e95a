import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL here; wrangler applies it (d1 migrations).
export default defineConfig({
  dialect: "sqlite",
  schema: [
    "./db/schema/site.ts",
    "./db/schema/servicing.ts",
    "./db/schema/leads.ts",
    "./db/schema/directory.ts",
    "./db/schema/notices.ts",
  ],
  out: "./migrations",
  migrations: { prefix: "index" },
});
