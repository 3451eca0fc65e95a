/**
 * A line's object applies the shared database's migrations kept to the
 * tables a line uses (decision record 032): every statement is placed, and
 * the result is a valid schema with exactly those tables.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import {
  LINE_ROW_TABLES,
  OBJECT_TABLES,
  objectMigrations,
  objectStatements,
  tableOf,
} from "../../functions/servicing/objects/schema";

describe("a line's object schema", () => {
  it("places every statement of every migration", () => {
    for (const [, text] of objectMigrations) expect(() => objectStatements(text)).not.toThrow();
    expect(tableOf("ALTER TABLE `__new_lines` RENAME TO `lines`")).toBe("lines");
    expect(tableOf("CREATE UNIQUE INDEX `x` ON `desk_audit` (`actor`)")).toBe("desk_audit");
  });

  it("builds exactly the line's tables, in order, on SQLite", () => {
    const db = new DatabaseSync(":memory:");
    for (const [, text] of objectMigrations) for (const statement of objectStatements(text)) db.exec(statement);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all()
      .map((r) => (r as { name: string }).name);
    db.close();
    expect(tables).toEqual([...OBJECT_TABLES].sort());
  });

  it("keeps a table the shared database drops, and applies a rebuild's drop", () => {
    const drop =
      "-- forward-only: ledger_entries unused\nDROP TABLE `ledger_entries`;--> statement-breakpoint\nDROP TABLE `sessions`;";
    expect(objectStatements(drop)).toEqual([]);
    const rebuild = [
      "CREATE TABLE `__new_notices` (`id` text PRIMARY KEY NOT NULL);",
      "INSERT INTO `__new_notices`(`id`) SELECT `id` FROM `notices`;",
      "DROP TABLE `notices`;",
      "ALTER TABLE `__new_notices` RENAME TO `notices`;",
    ].join("--> statement-breakpoint\n");
    expect(objectStatements(rebuild)).toHaveLength(4);
    expect(objectStatements(rebuild)[2]).toMatch(/^DROP TABLE `notices`/);
  });

  it("holds every table a line's rows are copied into", () => {
    expect(LINE_ROW_TABLES.filter((t) => !OBJECT_TABLES.has(t))).toEqual([]);
  });
});

describe("the objects' copy of the migrations", () => {
  it("is what scripts/object-migrations.ts makes of migrations/*.sql (npm run db:generate)", async () => {
    const { GENERATED, objectMigrationsSource } = await import("../../scripts/object-migrations");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(GENERATED, "utf8")).toBe(objectMigrationsSource());
  });
});
