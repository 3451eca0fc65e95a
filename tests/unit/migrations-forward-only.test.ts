import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gatesIn } from "#db/release-gates";
import { removalsIn, unsafeRemovals } from "../../scripts/migration-check";

/**
 * Forward-only migrations (docs/operations.md; issue 21): no migration drops
 * or renames a table or column that the previous release may still read.
 */
const migrationsIn = (folder: string) =>
  readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => ({ file, sql: readFileSync(join(folder, file), "utf8") }));
const migrations = migrationsIn("migrations");

const schemaIn = (folder: string) =>
  readdirSync(folder)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(join(folder, f), "utf8"))
    .join("\n");

/** Whether a release's schema (the text of its table definitions) still maps a table, or a `table.column`. */
const mappedBy =
  (schema: string) =>
  (name: string): boolean => {
    const [table, column] = name.split(".");
    const start = schema.indexOf(`sqliteTable("${table}"`);
    if (start < 0) return false;
    if (!column) return true;
    const end = schema.indexOf("sqliteTable(", start + 1);
    return schema.slice(start, end < 0 ? undefined : end).includes(`("${column}"`);
  };
/** The shared database's schema (db/schema/): the line objects' own tables (db/line/) are not its. */
const mapped = mappedBy(schemaIn("db/schema"));

/** Removals made before the first release, when no deployed version could read what they removed. */
const BEFORE_THE_FIRST_RELEASE = new Set(["0009_money_engine.sql:ledger_entries.adjustment_target"]);

describe("migrations are forward-only safe", () => {
  it("no migration drops or renames what the previous release may still read", () => {
    expect(migrations.length).toBeGreaterThan(15);
    expect(unsafeRemovals(migrations, mapped, BEFORE_THE_FIRST_RELEASE)).toEqual([]);
  });

  it("the line objects' own chain drops nothing a borrower's ledger needs (db/line/migrations)", () => {
    const own = migrationsIn("db/line/migrations");
    expect(own.length).toBeGreaterThan(0);
    expect(unsafeRemovals(own, mappedBy(schemaIn("db/line")))).toEqual([]);
  });

  it("names only release gates that exist (db/release-gates.ts)", () => {
    for (const { file, sql } of migrations) expect(() => gatesIn(file, sql), file).not.toThrow();
    expect(() => gatesIn("x.sql", "-- release gate: nobody-knows")).toThrow('no release gate is named "nobody-knows"');
  });

  it("finds drops, renames and a rebuild that loses a column; accepts a vouched-for drop of what nothing maps", () => {
    const base = {
      file: "0001.sql",
      sql: "CREATE TABLE `a` (`id` integer PRIMARY KEY, `old` text, `kept` text);\nCREATE TABLE `b` (`id` integer);",
    };
    const cases: Array<[string, string]> = [
      ["ALTER TABLE `a` DROP COLUMN `old`;", "drop column"],
      ["ALTER TABLE `a` RENAME COLUMN `old` TO `new`;", "rename column"],
      ["ALTER TABLE `b` RENAME TO `c`;", "rename table"],
      ["DROP TABLE `b`;", "drop table"],
      [
        "CREATE TABLE `__new_a` (`id` integer PRIMARY KEY, `kept` text);--> statement-breakpoint\nINSERT INTO `__new_a` SELECT id, kept FROM `a`;--> statement-breakpoint\nDROP TABLE `a`;--> statement-breakpoint\nALTER TABLE `__new_a` RENAME TO `a`;",
        "rebuild loses column",
      ],
    ];
    for (const [sql, how] of cases) {
      const found = unsafeRemovals([base, { file: "0002.sql", sql }], () => false);
      expect(
        found.map((r) => r.how),
        sql,
      ).toEqual([how]);
    }
    // A rebuild that keeps every column is no removal.
    const keeps =
      "CREATE TABLE `__new_a` (`id` integer PRIMARY KEY, `old` text, `kept` text, `more` text);--> statement-breakpoint\nDROP TABLE `a`;--> statement-breakpoint\nALTER TABLE `__new_a` RENAME TO `a`;";
    expect(removalsIn("0002.sql", keeps, new Map([["a", ["id", "old", "kept"]]]))).toEqual([]);
    // Vouched for and unmapped: accepted. Vouched for but still mapped by this release: refused.
    const vouched = {
      file: "0002.sql",
      sql: "-- forward-only: a.old unused since v2026.11\nALTER TABLE `a` DROP COLUMN `old`;",
    };
    expect(unsafeRemovals([base, vouched], () => false)).toEqual([]);
    expect(unsafeRemovals([base, vouched], (n) => n === "a.old")).toHaveLength(1);
  });
});
