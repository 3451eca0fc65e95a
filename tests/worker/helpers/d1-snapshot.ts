import { env } from "cloudflare:test";
import { expect } from "vitest";

/**
 * "Nothing was written", proved by reading D1 itself: every table listed from
 * sqlite_master, its row count and a digest of its rows, before and after.
 * A digest (not only a count) also catches an UPDATE of someone's row.
 *
 * Two tables change on requests that write nothing a borrower owns; each is
 * still counted, and the exclusion is only as wide as the reason:
 *
 * - `sessions`: the caller's own server-side session. Every request with a
 *   session moves its last-seen time, and page actions keep the caller's
 *   own form state (a draft, a password flow, the rotated platform token)
 *   there, as a cookie would. Its row COUNT is still compared: a refused
 *   request must not create (or end) a session.
 * - `platform_tokens`: every platform call answers a fresh bearer token for
 *   the caller and shortens the old one (rotation by design, README "The
 *   platform"), so a signed-in borrower's refused form post that reads the
 *   summary adds a row. A token is the caller's credential, not data; the
 *   table is neither digested nor counted.
 *
 * Internal tables (sqlite_*, _cf_*, d1_migrations) are not product data.
 */
const NOT_PRODUCT_DATA = /^(sqlite_|_cf_|d1_migrations$)/;
const COUNTED_ONLY = new Set(["sessions"]);
const ROTATED_PER_CALL = new Set(["platform_tokens"]);

export type Snapshot = Record<string, string>;

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...bytes.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

let tableNames: string[] | undefined;

/** The product's tables, read from sqlite_master (once: migrations ran before the tests). */
export async function productTables(): Promise<string[]> {
  if (tableNames) return tableNames;
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{
    name: string;
  }>();
  tableNames = results.map((r) => r.name).filter((name) => !NOT_PRODUCT_DATA.test(name));
  return tableNames;
}

/**
 * Per table, `rows:<count> <digest>` (`rows:<count>` for sessions). Tables
 * named in `mayChange` are left out: the few endpoints whose one job is a
 * write whatever the body (a passkey ceremony's challenge) name it.
 */
export async function snapshot(mayChange: readonly string[] = []): Promise<Snapshot> {
  const tables = (await productTables()).filter((t) => !ROTATED_PER_CALL.has(t) && !mayChange.includes(t));
  // One round trip: every count and every table's rows in a stable order.
  const statements = tables.flatMap((t) => [
    env.DB.prepare(`SELECT COUNT(*) AS n FROM "${t}"`),
    env.DB.prepare(COUNTED_ONLY.has(t) ? "SELECT 1 WHERE 0" : `SELECT * FROM "${t}" ORDER BY rowid`),
  ]);
  const answers = await env.DB.batch(statements);
  const shot: Snapshot = {};
  for (const [i, t] of tables.entries()) {
    const count = (answers[2 * i]!.results[0] as { n: number }).n;
    shot[t] = COUNTED_ONLY.has(t)
      ? `rows:${count}`
      : `rows:${count} ${await digest(JSON.stringify(answers[2 * i + 1]!.results))}`;
  }
  return shot;
}

/** The tables whose count or rows differ between two snapshots, with both readings. */
export function changedTables(before: Snapshot, after: Snapshot): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const t of Object.keys(before)) if (before[t] !== after[t]) changed[t] = `${before[t]} -> ${after[t]}`;
  return changed;
}

/** Runs `act` and fails, naming the tables, if any product table changed. */
export async function expectNoWrites<T>(
  act: () => Promise<T>,
  mayChange: readonly string[] = [],
  message = "",
): Promise<T> {
  const before = await snapshot(mayChange);
  const result = await act();
  expect(changedTables(before, await snapshot(mayChange)), `D1 tables changed ${message}`).toEqual({});
  return result;
}

/** `rows:<count> <digest>` per named query, in one round trip (e.g. one borrower's rows in every table). */
export async function digestRows(queries: Record<string, D1PreparedStatement>): Promise<Record<string, string>> {
  const names = Object.keys(queries);
  const answers = await env.DB.batch(names.map((n) => queries[n]!));
  const out: Record<string, string> = {};
  for (const [i, n] of names.entries())
    out[n] = `rows:${answers[i]!.results.length} ${await digest(JSON.stringify(answers[i]!.results))}`;
  return out;
}
