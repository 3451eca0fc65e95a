/**
 * Before a release applies migrations, the gates its pending migrations name
 * (db/release-gates.ts) are asked of the environment's database; one that
 * still counts anything stops the release, nothing changed. Pending: the
 * migration files the database's `d1_migrations` table does not list.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gatesIn, RELEASE_GATES, type ReleaseGateName } from "#db/release-gates";
import type { Shell } from "./deploy-shell";
import { commands, type DeployTarget } from "./deploy-steps";

/** wrangler's table of applied migrations (its default name; wrangler.toml sets no other). */
const APPLIED = "SELECT name FROM d1_migrations";

/** The rows of the first statement of `wrangler d1 execute --json`'s answer. */
export function rowsOf<T>(output: string): T[] {
  const parsed = JSON.parse(output) as Array<{ results?: T[] }> | { results?: T[] };
  return (Array.isArray(parsed) ? parsed[0]?.results : parsed.results) ?? [];
}

export interface Migration {
  file: string;
  sql: string;
}

export function migrationFiles(directory = "migrations"): Migration[] {
  return readdirSync(directory)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => ({ file, sql: readFileSync(join(directory, file), "utf8") }));
}

/** The gates of the migrations not yet applied, each once, with the file that names it first. */
export function pendingGates(
  migrations: readonly Migration[],
  applied: ReadonlySet<string>,
): Map<ReleaseGateName, string> {
  const gates = new Map<ReleaseGateName, string>();
  for (const { file, sql } of migrations.filter((m) => !applied.has(m.file)))
    for (const gate of gatesIn(file, sql)) if (!gates.has(gate)) gates.set(gate, file);
  return gates;
}

const stem = (file: string) => file.replace(/\.sql$/, "");

/**
 * The drops that would ship with the release that stopped reading what they drop: a pending
 * migration's `-- forward-only: <name> unused since <migration>` line naming a migration of this
 * repository that is pending too. Applied together, the version serving now (which still reads it)
 * would run on the schema without it, during the ramp and after a rollback (docs/operations.md). A
 * new database (nothing applied) has no version serving, and nothing waits.
 */
export function dropsTooEarly(migrations: readonly Migration[], applied: ReadonlySet<string>) {
  if (applied.size === 0) return [];
  const known = new Set(migrations.map((m) => stem(m.file)));
  const pending = new Set(migrations.filter((m) => !applied.has(m.file)).map((m) => stem(m.file)));
  return migrations
    .filter((m) => pending.has(stem(m.file)))
    .flatMap(({ file, sql }) =>
      [...sql.matchAll(/^--\s*forward-only:\s*([\w.]+)\s+unused since\s+(\S+)/gim)].map(([, name, since]) => ({
        file,
        name: name!,
        since: stem(since!),
      })),
    )
    .filter(({ since }) => known.has(since) && pending.has(since));
}

/**
 * Refuses while a pending migration's gate is closed, or while a pending drop would ship with the
 * release that stopped reading what it drops. A dry run prints the reads it would make; it cannot
 * know what they answer.
 */
export async function checkReleaseGates(
  shell: Shell,
  target: DeployTarget,
  migrations = migrationFiles(),
): Promise<void> {
  const applied = await shell.read(commands.query(target, APPLIED));
  const names = new Set(applied === undefined ? [] : rowsOf<{ name: string }>(applied).map((r) => r.name));
  const early = applied === undefined ? undefined : dropsTooEarly(migrations, names)[0];
  if (early)
    throw new Error(
      `${early.file} drops ${early.name}, unused since ${early.since}, which this release would apply too: the version serving ${target.environment} now still reads it. Promote a release with ${early.since} but not ${early.file} first, and this one once that release serves all traffic past the rollback window. Nothing was changed.`,
    );
  for (const [gate, file] of pendingGates(migrations, names)) {
    const { sql, refusal } = RELEASE_GATES[gate];
    const answer = await shell.read(commands.query(target, sql));
    const n = answer === undefined ? 0 : Number(rowsOf<{ n: number }>(answer)[0]?.n ?? Number.NaN);
    if (n !== 0)
      throw new Error(
        `${file} waits for its release gate "${gate}" in ${target.environment}: ${Number.isNaN(n) ? "the database's answer could not be read." : refusal(n)} Nothing was changed.`,
      );
  }
}
