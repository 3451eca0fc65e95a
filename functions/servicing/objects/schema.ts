/**
 * A line's object holds the servicing core's own tables (decision record
 * 032): the same migrations as the shared database, applied in order on the
 * object's first use after each release, so the core's queries read the same
 * columns wherever a line's rows live. Most tables stay empty in an object;
 * an empty table costs a page of the object's storage, not a row.
 */
const migrationFiles = import.meta.glob<string>("../../../migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The migrations by name (`0023_line_directory`), in order. */
export const objectMigrations: [string, string][] = Object.entries(migrationFiles)
  .map(([path, text]): [string, string] => [
    path
      .split("/")
      .pop()!
      .replace(/\.sql$/, ""),
    text,
  ])
  .sort(([a], [b]) => a.localeCompare(b));

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
  let count = 0;
  for (const [name, text] of objectMigrations) {
    if (applied.has(name)) continue;
    storage.transactionSync(() => {
      for (const statement of text.split("--> statement-breakpoint")) if (statement.trim()) sql.exec(statement);
      sql.exec("INSERT INTO object_migrations (name, applied_at) VALUES (?, ?)", name, Date.now());
    });
    count++;
  }
  return count;
}
