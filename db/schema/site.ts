import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Server-side sessions. The cookie carries a random id; only its SHA-256
 * lands here, so a copy of the table cannot be replayed as live cookies.
 * Times are epoch milliseconds.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    /** SessionData, its secrets sealed with the site's key (functions/server/sessions/session.ts). */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    /** The absolute end (12 hours after creation), whatever the activity. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_expires_at").on(t.expiresAt)],
);

/** Public HTML documents (terms, privacy, About Us...), seeded from db/documents. */
export const documents = sqliteTable("documents", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  html: text("html").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Who may use the servicing desk, and as what (decision record 021). Cloudflare
 * Access says who a request is (its e-mail); this table says what they may do.
 * No row, or an inactive one: no entry. Operators add rows (docs/operations.md).
 */
export const deskUsers = sqliteTable("desk_users", {
  /** Lower-case e-mail, as Access asserts it. */
  email: text("email").primaryKey(),
  /** agent | supervisor | auditor */
  role: text("role").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  addedAt: integer("added_at").notNull(),
});
