import { lineMigrationTexts, migrationTexts } from "./migrations.generated";

/**
 * The tables that hold one line's rows (its own, and the customer and application its run reads):
 * what an opening copies in, the scale bench copies from its template line, and `clearRows` clears.
 */
export const LINE_ROW_TABLES = [
  "customers",
  "applications",
  "lines",
  "ledger_entries",
  "transactions",
  "statements",
  "notices",
  "idempotency_keys",
  "line_events",
  "signatures",
  "signed_documents",
] as const;

/** The record of signing kept with a line's rows. */
export const SIGNING_TABLES = ["signatures", "signed_documents"] as const;
export type SigningTable = (typeof SIGNING_TABLES)[number];

/**
 * A line's object holds the servicing core's tables that a line's own
 * servicing, postings and desk changes write or read (decision record 032):
 * the same migrations as the shared database, applied in order on the
 * object's first use after each release and kept to those tables, so the
 * core's queries read the same columns wherever a line's rows live; then the
 * objects' own chain, for the tables the shared database no longer has. Every
 * table and index costs an object at least a 4 KB page even when empty,
 * which is why the others are left out.
 */
export const OBJECT_TABLES: ReadonlySet<string> = new Set([
  ...LINE_ROW_TABLES,
  "notes",
  "platform_tokens",
  "outbox",
  "message_records",
  "suppressions",
  "settings",
  "desk_audit",
  "desk_requests",
  "message_handover",
]);

/** A line's rows, table by table, as the object's storage returns and takes them. */
export type LineRows = Record<string, Record<string, SqlStorageValue>[]>;

/** The table a migration statement changes, or null (a PRAGMA); a table rebuild's `__new_` copy counts as its table. */
export function tableOf(statement: string): string | null {
  const s = statement
    .trim()
    .replace(/^--.*$/gm, "")
    .trim();
  const match =
    /^CREATE TABLE [`"]?(\w+)/i.exec(s) ??
    /^CREATE (?:UNIQUE )?INDEX [`"]?\w+[`"]? ON [`"]?(\w+)/i.exec(s) ??
    /^ALTER TABLE [`"]?(\w+)/i.exec(s) ??
    /^DROP TABLE [`"]?(\w+)/i.exec(s) ??
    /^INSERT INTO [`"]?(\w+)/i.exec(s) ??
    /^UPDATE [`"]?(\w+)/i.exec(s) ??
    /^DELETE FROM [`"]?(\w+)/i.exec(s) ??
    /^CREATE TRIGGER [`"]?\w+[`"]? .*? ON [`"]?(\w+)/i.exec(s);
  if (match) return match[1]!.replace(/^__new_/, "");
  if (/^PRAGMA /i.test(s) || s === "") return null;
  throw new Error(`A migration statement the line objects cannot place: ${s.slice(0, 60)}`);
}

/**
 * A migration's statements for a line's object. A table the shared database drops stays in the
 * objects: once every line lives in its object, the shared database drops its copies of the line's
 * tables, and that drop must never reach a line's own ledger. Only a rebuild's drop applies here
 * (drizzle's `__new_` copy of the same table, made in the same migration, replaces it).
 */
export function objectStatements(text: string): string[] {
  const statements = text
    .split("--> statement-breakpoint")
    .flatMap((chunk) => chunk.split(/;\s*\n/))
    .map((statement) => statement.trim())
    // A chunk of comments only is no statement.
    .filter((statement) => statement.replace(/^--.*$/gm, "").trim() !== "");
  const rebuilt = new Set(
    statements.flatMap((s) => /^CREATE TABLE [`"]?__new_(\w+)/i.exec(s.replace(/^--.*$/gm, "").trim())?.[1] ?? []),
  );
  return statements.filter((statement) => {
    const table = tableOf(statement);
    if (table === null) return true;
    if (!OBJECT_TABLES.has(table)) return false;
    return !isDrop(statement) || rebuilt.has(table);
  });
}

const isDrop = (statement: string) => /^DROP TABLE/i.test(statement.replace(/^--.*$/gm, "").trim());
/** The migrations by name (`0023_line_directory`), in order. */
export const objectMigrations: [string, string][] = migrationTexts;

/**
 * The objects' own chain (db/line/migrations, drizzle.line.config.ts): the tables only a line's object
 * holds, changed after the shared database dropped its copies. Applied after the shared chain, under
 * the names `line/<name>`. Its baseline is never applied: the shared chain made those tables.
 */
export const lineMigrations: [string, string][] = lineMigrationTexts.map(([name, text]) => [`line/${name}`, text]);

const isBaseline = (text: string) => /^--\s*baseline: never applied/m.test(text);

/** A migration of the objects' own chain, statement by statement (all of them the object's). */
export function lineStatements(text: string): string[] {
  if (isBaseline(text)) return [];
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^--.*$/gm, "").trim() !== "");
}

/** The shared chain, then the objects' own, as statements an object runs. */
const bothChains = () => [
  ...objectMigrations.map(([name, text]) => [name, objectStatements(text)] as const),
  ...lineMigrations.map(([name, text]) => [name, lineStatements(text)] as const),
];
type Chains = ReturnType<typeof bothChains>;

/** Applies what is missing; each migration and its record in one transaction. */
export function migrateObject(storage: DurableObjectStorage): number {
  const sql = storage.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS object_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied = new Set(
    sql
      .exec<{ name: string }>("SELECT name FROM object_migrations")
      .toArray()
      .map((r) => r.name),
  );
  const chains = bothChains();
  storage.transactionSync(() => addTablesKeptLater(sql, applied, chains));
  let count = 0;
  for (const [name, statements] of chains) {
    if (applied.has(name)) continue;
    storage.transactionSync(() => {
      for (const statement of statements) sql.exec(statement);
      sql.exec("INSERT INTO object_migrations (name, applied_at) VALUES (?, ?)", name, Date.now());
    });
    count++;
  }
  return count;
}

/**
 * A table the objects began to keep after this object was made (the signed agreements joined the
 * line's rows later): built from its statements in the migrations already applied, in their order,
 * so it has the shape a new object's has. A new object has applied none, and builds it as usual.
 */
function addTablesKeptLater(sql: SqlStorage, applied: ReadonlySet<string>, chains: Chains): void {
  const existing = new Set(
    sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((r) => r.name),
  );
  const missing = new Set([...OBJECT_TABLES].filter((table) => !existing.has(table)));
  if (missing.size === 0 || applied.size === 0) return;
  // Both chains: a table's later statements (the issued records' triggers) come with it.
  for (const [name, statements] of chains) {
    if (!applied.has(name)) continue;
    for (const statement of statements) {
      const table = tableOf(statement);
      if (table !== null && missing.has(table)) sql.exec(statement);
    }
  }
}
