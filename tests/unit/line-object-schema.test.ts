/**
 * A line's object applies the shared database's migrations kept to the
 * tables a line uses (decision record 032): every statement is placed, and
 * the result is a valid schema with exactly those tables.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import {
  LINE_ROW_TABLES,
  lineMigrations,
  lineStatements,
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

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** Each table's columns and indexes as SQLite describes them, whatever order the columns were added in. */
function shapeOf(db: DatabaseSync, tables: readonly string[]) {
  return Object.fromEntries(
    tables.map((table) => [
      table,
      {
        columns: (db.prepare(`PRAGMA table_info(${table})`).all() as unknown as ColumnInfo[])
          .map(({ name, type, notnull, dflt_value, pk }) => ({ name, type, notnull, dflt_value, pk }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        indexes: (db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number }[])
          .map(({ name, unique }) => ({
            name,
            unique,
            columns: (db.prepare(`PRAGMA index_info(${name})`).all() as { name: string }[]).map((c) => c.name),
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    ]),
  );
}

describe("the objects' own chain (db/line/migrations)", () => {
  const ONLY_OBJECTS = ["ledger_entries", "transactions", "statements", "notices", "line_events"];

  it("starts where the shared chain left the tables only an object holds: its baseline is their shape", () => {
    const shared = new DatabaseSync(":memory:");
    for (const [, text] of objectMigrations) for (const statement of objectStatements(text)) shared.exec(statement);
    const baseline = new DatabaseSync(":memory:");
    const [, baselineText] = lineMigrations.find(([name]) => name === "line/0000_baseline")!;
    for (const statement of baselineText.split("--> statement-breakpoint")) baseline.exec(statement);
    expect(shapeOf(baseline, ONLY_OBJECTS)).toEqual(shapeOf(shared, ONLY_OBJECTS));
    shared.close();
    baseline.close();
  });

  it("never applies its baseline, and applies every statement of a later migration", () => {
    const [, baselineText] = lineMigrations[0]!;
    expect(lineStatements(baselineText)).toEqual([]);
    const later =
      "ALTER TABLE `statements` ADD `notice_version` text;--> statement-breakpoint\nCREATE INDEX `x` ON `notices` (`kind`);";
    expect(lineStatements(later)).toEqual([
      "ALTER TABLE `statements` ADD `notice_version` text;",
      "CREATE INDEX `x` ON `notices` (`kind`);",
    ]);
  });

  it("maps what the shared schema no longer does", async () => {
    const line = await import("../../db/line/tables");
    const shared = { ...(await import("../../db/schema/servicing")), ...(await import("../../db/schema/directory")) };
    const { getTableName, isTable } = await import("drizzle-orm");
    const names = (module: object) =>
      Object.values(module)
        .filter((v) => isTable(v))
        .map((t) => getTableName(t as never));
    expect(names(line).sort()).toEqual([...ONLY_OBJECTS].sort());
    expect(names(shared).filter((name) => ONLY_OBJECTS.includes(name))).toEqual([]);
  });
});

describe("the objects' copy of the migrations", () => {
  it("is what scripts/object-migrations.ts makes of migrations/*.sql and db/line/migrations/*.sql (npm run db:generate)", async () => {
    const { GENERATED, objectMigrationsSource } = await import("../../scripts/object-migrations");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(GENERATED, "utf8")).toBe(objectMigrationsSource());
  });
});
