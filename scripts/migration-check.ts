/**
 * Forward-only migrations (docs/operations.md, "D1 migrations: first, and
 * backward compatible"; issue 21): a migration is applied before the version
 * that needs it serves, and a rollback returns to the previous version on the
 * new schema. So no migration may drop or rename a table or column that the
 * previous release still reads. The checker finds every drop and rename
 * (drizzle-kit's table rebuilds included: `__new_x` copied, `x` dropped,
 * `__new_x` renamed, which loses the columns not copied) and accepts one only
 * when the migration says, in a `-- forward-only: <name> unused since
 * <release>` line, that no release that can still serve reads it, and the
 * code of this release does not map it either.
 */
export interface Removal {
  file: string;
  /** `table` or `table.column`. */
  name: string;
  how: "drop table" | "drop column" | "rename table" | "rename column" | "rebuild loses column";
}

const statementsOf = (sql: string) =>
  sql
    .split(/--> statement-breakpoint|;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);

const unquote = (name: string) => name.replace(/[`"[\]]/g, "");

/** The columns a CREATE TABLE names. */
function createdColumns(statement: string): string[] {
  const body = statement.slice(statement.indexOf("(") + 1, statement.lastIndexOf(")"));
  return body
    .split(/,(?![^(]*\))/)
    .map((part) => part.trim())
    .filter((part) => !/^(PRIMARY|FOREIGN|UNIQUE|CHECK|CONSTRAINT)\b/i.test(part))
    .map((part) => unquote(part.split(/\s+/)[0] ?? ""));
}

const NAME = String.raw`([\x60"\w[\]]+)`;
const pattern = (source: string) => new RegExp(`^${source.replaceAll("%N", NAME)}`, "i");

/** Every removal in one migration's SQL, given the columns each table had before it (updated as it goes). */
export function removalsIn(file: string, sql: string, tables: Map<string, string[]>): Removal[] {
  const found: Removal[] = [];
  const rebuilt = new Map<string, string[]>();
  const remove = (name: string, how: Removal["how"]) => found.push({ file, name, how });
  const rules: Array<[RegExp, (names: string[], statement: string) => void]> = [
    [
      pattern(String.raw`CREATE TABLE\s+(?:IF NOT EXISTS\s+)?%N`),
      ([table], statement) => {
        const columns = createdColumns(statement);
        if (table!.startsWith("__new_")) rebuilt.set(table!.slice("__new_".length), columns);
        else tables.set(table!, columns);
      },
    ],
    [
      pattern(String.raw`ALTER TABLE\s+%N\s+ADD(?:\s+COLUMN)?\s+%N`),
      ([table, column]) => tables.set(table!, [...(tables.get(table!) ?? []), column!]),
    ],
    [
      pattern(String.raw`ALTER TABLE\s+%N\s+DROP(?:\s+COLUMN)?\s+%N`),
      ([table, column]) => {
        remove(`${table}.${column}`, "drop column");
        tables.set(
          table!,
          (tables.get(table!) ?? []).filter((c) => c !== column),
        );
      },
    ],
    [
      pattern(String.raw`ALTER TABLE\s+%N\s+RENAME\s+(?:COLUMN\s+)?%N\s+TO\s+%N`),
      ([table, from]) => remove(`${table}.${from}`, "rename column"),
    ],
    [
      pattern(String.raw`ALTER TABLE\s+%N\s+RENAME\s+TO\s+%N`),
      ([from, to]) => {
        if (from !== `__new_${to}`) return void remove(from!, "rename table");
        const after = rebuilt.get(to!) ?? [];
        for (const column of (tables.get(to!) ?? []).filter((c) => !after.includes(c)))
          remove(`${to}.${column}`, "rebuild loses column");
        tables.set(to!, after);
      },
    ],
    [
      pattern(String.raw`DROP TABLE\s+(?:IF EXISTS\s+)?%N`),
      // A rebuild's drop is judged by what its rename keeps.
      ([table]) => void (rebuilt.has(table!) || remove(table!, "drop table")),
    ],
  ];
  for (const statement of statementsOf(sql)) {
    for (const [rule, apply] of rules) {
      const m = statement.match(rule);
      if (!m) continue;
      apply(m.slice(1).map(unquote), statement);
      break;
    }
  }
  return found;
}

/** The names a migration's `-- forward-only: <name> unused since <release>` lines vouch for. */
export function vouchedIn(sql: string): Set<string> {
  return new Set([...sql.matchAll(/^--\s*forward-only:\s*([\w.]+)\s+unused since\s+\S+/gim)].map((m) => m[1]!));
}

/**
 * The removals no release can survive: not vouched for, or vouched for but
 * still mapped by this release's schema (`mapped` says whether a table or
 * `table.column` is).
 */
export function unsafeRemovals(
  migrations: ReadonlyArray<{ file: string; sql: string }>,
  mapped: (name: string) => boolean,
  before: ReadonlySet<string> = new Set(),
): Removal[] {
  const tables = new Map<string, string[]>();
  return migrations.flatMap(({ file, sql }) => {
    const vouched = vouchedIn(sql);
    return removalsIn(file, sql, tables).filter(
      (r) => !before.has(`${r.file}:${r.name}`) && (!vouched.has(r.name) || mapped(r.name)),
    );
  });
}
