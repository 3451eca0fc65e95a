import { lineLocationHint } from "#domain/rules/location";
import type { CoreEnv } from "../env";
import type { LineLedger } from "./line-ledger";
import { homeInDirectory } from "./open";
import type { LineRows } from "./schema";

/**
 * The rows a demo line written in the shared database a moment ago opens from: the line, its
 * customer and application, the customer's idempotency keys and the record of signing. A line's
 * ledger, statements, notices and events are never written there (decision record 032).
 */
async function openingRows(d1: D1Database, lineId: number): Promise<LineRows | null> {
  const line = await d1
    .prepare("SELECT * FROM lines WHERE id = ?")
    .bind(lineId)
    .first<Record<string, SqlStorageValue>>();
  if (!line) return null;
  const byLine = (table: string) => d1.prepare(`SELECT * FROM ${table} WHERE line_id = ?`).bind(lineId);
  const [customers, applications, keys, signatures, documents] = await d1.batch<Record<string, SqlStorageValue>>([
    d1.prepare("SELECT * FROM customers WHERE id = ?").bind(line.customer_id),
    d1.prepare("SELECT * FROM applications WHERE id = ?").bind(line.application_id),
    d1.prepare("SELECT * FROM idempotency_keys WHERE customer_id = ?").bind(line.customer_id),
    byLine("signatures"),
    byLine("signed_documents"),
  ]);
  return {
    customers: customers!.results,
    applications: applications!.results,
    lines: [line],
    idempotency_keys: keys!.results,
    signatures: signatures!.results,
    signed_documents: documents!.results,
  };
}

/**
 * Development: a line written in the shared database a moment ago with no history yet (a demo
 * borrower, a test's copy of one) opens in its own object and is given its history there by
 * `history`, as production's lines open in theirs; then, in one batch guarded by the line's version,
 * the directory names the object, the shared `lines` row is marked moved and its record of signing
 * leaves, and the line is serviced through `nowMs` with its alarm set.
 */
export async function openWithHistory(
  env: CoreEnv,
  lineId: number,
  nowMs: number,
  history: (stub: DurableObjectStub<LineLedger>) => Promise<unknown>,
): Promise<void> {
  const rows = await openingRows(env.DB, lineId);
  const line = rows?.lines?.[0];
  if (!rows || !line) throw new Error(`Line ${lineId} is not in the shared database.`);
  const locationHint = lineLocationHint(String(rows.customers?.[0]?.state ?? ""));
  const lines = env.LINES as DurableObjectNamespace<LineLedger>;
  const stub = lines.get(lines.idFromName(String(lineId)), { locationHint });
  await stub.loadAfresh(lineId, rows);
  await history(stub);
  if (!(await switchOver(env.DB, line, locationHint))) throw new Error(`Line ${lineId} changed while it opened.`);
  await stub.service(nowMs);
}

/** The switch-over, in one batch guarded by the version the line was read at; false when it changed since. */
async function switchOver(d1: D1Database, line: Record<string, SqlStorageValue>, locationHint: string) {
  const lineId = Number(line.id);
  const movedVersion = `moved:${crypto.randomUUID()}`;
  const entry = { lineId, customerId: String(line.customer_id), locationHint, status: String(line.status) };
  const guard = "(SELECT version FROM lines WHERE id = ?) = ?";
  const flipped = await d1.batch([
    homeInDirectory(d1, entry, [guard, lineId, line.version]),
    d1
      .prepare("UPDATE lines SET status = 'moved', version = ? WHERE id = ? AND version = ?")
      .bind(movedVersion, lineId, line.version),
    ...["signatures", "signed_documents"].map((table) =>
      d1.prepare(`DELETE FROM ${table} WHERE line_id = ? AND ${guard}`).bind(lineId, lineId, movedVersion),
    ),
  ]);
  return flipped[1]!.meta.changes === 1;
}
