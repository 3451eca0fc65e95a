import { database } from "#db/client";
import { lineLocationHint, requestLocationHint } from "#domain/rules/location";
import { customerById } from "../customers";
import type { CoreEnv } from "../env";
import { figureDifferences, lineFigures } from "./figures";
import type { CustomerRow } from "./line-calls";
import type { LineLedger } from "./line-ledger";
import { type LineRows, MOVED_OUT_TABLES, SIGNING_TABLES } from "./schema";

export interface MoveOptions {
  dryRun?: boolean;
  /** The instant the figures are compared at (the servicing clock). */
  nowMs: number;
  /** Where the request that opened the line came from ("US-WA", the `Client-Region` header), if the edge said. */
  clientRegion?: string | null;
  /** Tests only: what the object is given instead of the rows read (a copy that loses a row must be refused). */
  alter?: (rows: LineRows) => LineRows | Promise<LineRows>;
}

export interface MoveOutcome {
  lineId: number;
  outcome:
    | "moved"
    | "already moved"
    | "not yet opened"
    | "would move"
    | "refused"
    | "changed during the move"
    | "no such line";
  rows?: number;
  /** What differed, for a refused line: the summary's fields, or "statements". */
  differences?: string[];
}

/** A line's rows in the shared database, table by table, as the object's `replaceRows` takes them. */
async function sharedRows(d1: D1Database, lineId: number): Promise<LineRows | null> {
  const line = await d1
    .prepare("SELECT * FROM lines WHERE id = ?")
    .bind(lineId)
    .first<Record<string, SqlStorageValue>>();
  if (!line) return null;
  const byLine = (table: string) => d1.prepare(`SELECT * FROM ${table} WHERE line_id = ?`).bind(lineId);
  const [customers, applications, entries, transactions, statements, notices, keys, events, signatures, documents] =
    await d1.batch<Record<string, SqlStorageValue>>([
      d1.prepare("SELECT * FROM customers WHERE id = ?").bind(line.customer_id),
      d1.prepare("SELECT * FROM applications WHERE id = ?").bind(line.application_id),
      byLine("ledger_entries"),
      byLine("transactions"),
      byLine("statements"),
      byLine("notices"),
      d1.prepare("SELECT * FROM idempotency_keys WHERE customer_id = ?").bind(line.customer_id),
      byLine("line_events"),
      byLine("signatures"),
      byLine("signed_documents"),
    ]);
  return {
    customers: customers!.results,
    applications: applications!.results,
    lines: [line],
    ledger_entries: entries!.results,
    transactions: transactions!.results,
    statements: statements!.results,
    notices: notices!.results,
    idempotency_keys: keys!.results,
    line_events: events!.results,
    signatures: signatures!.results,
    signed_documents: documents!.results,
  };
}

const count = (rows: LineRows) => Object.values(rows).reduce((n, list) => n + list.length, 0);

/**
 * Moves one line from the shared database into its own object (decision record 032): copies its
 * rows in one transaction of the object, compares every figure of its summary, every issued
 * statement and the record of signing there with the shared database's, and only then, in one
 * batch guarded by the line's version, names the object in the directory, marks the shared `lines`
 * row moved (a posting or run that read the line before re-reads it and is refused) and deletes
 * the line's other rows there. A line that differs, or changed meanwhile, is emptied from the
 * object and stays in the shared database; running again resumes where it stopped.
 */
export async function moveLine(env: CoreEnv, lineId: number, options: MoveOptions): Promise<MoveOutcome> {
  const rows = await sharedRows(env.DB, lineId);
  if (!rows) return { lineId, outcome: "no such line" };
  const line = rows.lines![0]!;
  if (line.status === "moved") return { lineId, outcome: "already moved" };
  // A line not yet signed is still the site's to open: it moves once it is open.
  if (line.opened_at === null) return { lineId, outcome: "not yet opened" };
  if (options.dryRun) return { lineId, outcome: "would move", rows: count(rows) };
  const customer: CustomerRow = await customerById(database(env.DB), String(line.customer_id));
  const now = new Date(options.nowMs);
  const before = (await lineFigures(database(env.DB), lineId, customer, now))!;
  const lines = env.LINES as DurableObjectNamespace<LineLedger>;
  // Created near the borrower: the first `get` with a hint places the object (decision record 032).
  const locationHint = requestLocationHint(options.clientRegion) ?? lineLocationHint(customer.state);
  const stub = lines.get(lines.idFromName(String(lineId)), { locationHint });
  const given = options.alter ? await options.alter(rows) : rows;
  await stub.replaceRows(lineId, given);
  const differences = [
    ...figureDifferences(before, await stub.figures(lineId, customer, options.nowMs)),
    ...recordDifferences(rows, await stub.rowsOf([...SIGNING_TABLES])),
  ];
  if (differences.length > 0) {
    await stub.clearRows(lineId);
    return { lineId, outcome: "refused", differences };
  }
  if (!(await switchOver(env.DB, line, locationHint))) {
    await stub.clearRows(lineId);
    return { lineId, outcome: "changed during the move" };
  }
  await stub.setNextAlarm(now, options.nowMs - Date.now());
  return { lineId, outcome: "moved", rows: count(given) };
}

/**
 * Development: a line written in the shared database a moment ago with no history yet (a demo
 * borrower, a test's copy of one) opens in its own object and is given its history there by
 * `history`, as production's lines open in theirs; then, in one batch guarded by the line's version,
 * the directory names the object and the shared copy is marked moved and emptied, and the line is
 * serviced through `nowMs` with its alarm set. Nothing is compared: the history is made where it lives.
 */
export async function openWithHistory(
  env: CoreEnv,
  lineId: number,
  nowMs: number,
  history: (stub: DurableObjectStub<LineLedger>) => Promise<unknown>,
): Promise<void> {
  const rows = await sharedRows(env.DB, lineId);
  const line = rows?.lines?.[0];
  if (!rows || !line) throw new Error(`Line ${lineId} is not in the shared database.`);
  const locationHint = lineLocationHint(String(rows.customers?.[0]?.state ?? ""));
  const lines = env.LINES as DurableObjectNamespace<LineLedger>;
  const stub = lines.get(lines.idFromName(String(lineId)), { locationHint });
  await stub.replaceRows(lineId, rows);
  await history(stub);
  if (!(await switchOver(env.DB, line, locationHint))) throw new Error(`Line ${lineId} changed while it opened.`);
  await stub.service(nowMs);
}

/**
 * The switch-over, in one batch guarded by the version the line was read at: the directory names the
 * line's object, the shared `lines` row is marked moved under a new version (a posting or run that
 * read the line before re-reads it and is refused) and the line's other rows there are deleted.
 * False when the line changed since it was read: nothing was switched.
 */
async function switchOver(d1: D1Database, line: Record<string, SqlStorageValue>, locationHint: string) {
  const lineId = Number(line.id);
  const movedVersion = `moved:${crypto.randomUUID()}`;
  const entry = { lineId, customerId: String(line.customer_id), locationHint, status: String(line.status) };
  const flipped = await d1.batch([
    homeInDirectory(d1, entry, ["(SELECT version FROM lines WHERE id = ?) = ?", lineId, line.version]),
    d1
      .prepare("UPDATE lines SET status = 'moved', version = ? WHERE id = ? AND version = ?")
      .bind(movedVersion, lineId, line.version),
    ...sharedCopyDeletes(d1, lineId, movedVersion),
  ]);
  return flipped[1]!.meta.changes === 1;
}

/** The signing tables whose rows in the object are not exactly the shared database's. */
function recordDifferences(shared: LineRows, kept: LineRows): string[] {
  const same = (a: LineRows[string] = [], b: LineRows[string] = []) =>
    JSON.stringify(a.map((row) => JSON.stringify(row)).sort()) ===
    JSON.stringify(b.map((row) => JSON.stringify(row)).sort());
  return SIGNING_TABLES.filter((table) => !same(shared[table], kept[table]));
}

/**
 * The line's own rows the object now holds, taken out of the shared database in the batch that
 * switches the line over, so no borrower's ledger, statements, notices, events or signed agreements
 * grow it. Each delete applies only if that batch's guarded update did (the line carries the version
 * it set): a move refused or raced deletes nothing.
 */
function sharedCopyDeletes(d1: D1Database, lineId: number, movedVersion: string) {
  return MOVED_OUT_TABLES.map((table) =>
    d1
      .prepare(`DELETE FROM ${table} WHERE line_id = ? AND (SELECT version FROM lines WHERE id = ?) = ?`)
      .bind(lineId, lineId, movedVersion),
  );
}

/**
 * The directory's entry naming a line's own object as its home, written only where `guard` (SQL
 * and its values) holds: the move's and the opening's switch-over, each in its guarded batch.
 */
export function homeInDirectory(
  d1: D1Database,
  entry: { lineId: number; customerId: string; locationHint: string; status: string },
  [guard, ...values]: [string, ...unknown[]],
): D1PreparedStatement {
  return d1
    .prepare(
      "INSERT INTO line_directory (line_id, customer_id, store, object_name, location_hint, status, updated_at) " +
        `SELECT ?, ?, 'object', ?, ?, ?, ? WHERE ${guard} ` +
        "ON CONFLICT (line_id) DO UPDATE SET store = 'object', object_name = excluded.object_name, " +
        "location_hint = excluded.location_hint, status = excluded.status, updated_at = excluded.updated_at",
    )
    .bind(
      entry.lineId,
      entry.customerId,
      String(entry.lineId),
      entry.locationHint,
      entry.status,
      Date.now(),
      ...values,
    );
}

export interface MoveBatch {
  outcomes: MoveOutcome[];
  /** The last line id looked at: the next batch starts after it (null when none was left). */
  after: number | null;
}

/**
 * The next `limit` lines still in the shared database after line `after`, moved one by one in id
 * order (`npm run db:move-lines`). A refused line, or one whose move failed, stays behind; the run
 * goes on past it.
 */
export async function moveLines(
  env: CoreEnv,
  { after, limit, ...options }: MoveOptions & { after: number; limit: number },
): Promise<MoveBatch> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM lines WHERE status != 'moved' AND opened_at IS NOT NULL AND id > ? ORDER BY id LIMIT ?",
  )
    .bind(after, limit)
    .all<{ id: number }>();
  return { outcomes: await moveEach(env, results, options), after: results.at(-1)?.id ?? null };
}

/** Lines moved one by one, in the order given; one whose move throws is refused and passed. */
async function moveEach(env: CoreEnv, ids: { id: number }[], options: MoveOptions): Promise<MoveOutcome[]> {
  const outcomes: MoveOutcome[] = [];
  for (const { id } of ids) outcomes.push(await moveLine(env, id, options).catch((e) => failedMove(id, e)));
  return outcomes;
}

/**
 * A line whose move threw (a row the figures cannot be read from): refused like a line that differs,
 * so one broken line never stops the rest. The directory still names D1: nothing was switched over.
 */
function failedMove(lineId: number, error: unknown): MoveOutcome {
  const reason = error instanceof Error ? `${error.name}: ${error.message.slice(0, 120)}` : "unknown error";
  return { lineId, outcome: "refused", differences: [`the move failed (${reason})`] };
}

/**
 * Every opened line of one customer (or of every customer) still in the shared database, moved:
 * the tests of a line opened before the objects move their borrowers so. A refused line, or one
 * whose move throws, stays in D1 and is reported.
 */
export async function moveOpenedLinesOf(env: CoreEnv, customerId: string | null, nowMs: number) {
  const { results } = await env.DB.prepare(
    "SELECT id FROM lines WHERE status != 'moved' AND opened_at IS NOT NULL AND (?1 IS NULL OR customer_id = ?1) ORDER BY id",
  )
    .bind(customerId)
    .all<{ id: number }>();
  return moveEach(env, results, { nowMs });
}
