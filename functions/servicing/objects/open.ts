import { eq, getTableColumns } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { applications, customers, idempotencyKeys, lines, signatures, signedDocuments } from "#db/schema/servicing";
import { lineLocationHint, requestLocationHint } from "#domain/rules/location";
import { type ServicingContext, ServicingError } from "../context";
import type { LineLedger } from "./line-ledger";
import type { OpeningAnswer, OpeningInput } from "./opening-here";
import type { LineRows } from "./schema";

/** Rows as the database stores them (column names, booleans as 0 and 1), from drizzle's typed rows. */
function storedRows(table: SQLiteTable, rows: Record<string, unknown>[]): LineRows[string] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) =>
    Object.fromEntries(
      columns.map(([key, column]) => [
        column.name,
        row[key] === null || row[key] === undefined ? null : (column.mapToDriverValue(row[key]) as SqlStorageValue),
      ]),
    ),
  );
}

export interface SignedOpening {
  line: { id: number; applicationId: number; customerId: string };
  requestedDrawCents: number;
  /** The site's own rows the signing changes (preferences, the application's draw, the repayment method). */
  siteWrites: BatchItem<"sqlite">[];
  signature: OpeningInput["signature"];
  documents: OpeningInput["documents"];
  note: string | null;
}

/**
 * A signed line opens in its own object, never in the
 * shared database (decision record 032), in four steps:
 * 1. one D1 batch writes the site's rows and reads the rows the line opens from;
 * 2. the object, created near the request that signed (its `Client-Region`, else the address),
 *    writes the record of signing and the opening in one transaction;
 * 3. one D1 batch, guarded by the line still awaiting its signature, names the object in the
 *    directory, marks the line moved and opened, and keeps the draw's note;
 * 4. the object hands its events over and sets its alarm (else the sweeper finds it, unarmed).
 * A failure before 3 leaves the line awaiting its signature, and signing again completes the
 * opening the object holds (never a second). A line withdrawn meanwhile is cleared from the object.
 */
export async function openInObject(c: ServicingContext, opening: SignedOpening): Promise<OpeningAnswer> {
  const db = c.var.db;
  const { line } = opening;
  const read = await db.batch([
    ...opening.siteWrites,
    db.select().from(customers).where(eq(customers.id, line.customerId)),
    db.select().from(applications).where(eq(applications.id, line.applicationId)),
    db.select().from(lines).where(eq(lines.id, line.id)),
    db.select().from(idempotencyKeys).where(eq(idempotencyKeys.customerId, line.customerId)),
    db.select().from(signatures).where(eq(signatures.lineId, line.id)),
    db.select().from(signedDocuments).where(eq(signedDocuments.lineId, line.id)),
  ] as unknown as [BatchItem<"sqlite">]);
  const [customerRows, applicationRows, lineRows, keyRows, signatureRows, documentRows] = read.slice(
    opening.siteWrites.length,
  ) as Record<string, unknown>[][];
  const rows: LineRows = {
    customers: storedRows(customers, customerRows!),
    applications: storedRows(applications, applicationRows!),
    lines: storedRows(lines, lineRows!),
    idempotency_keys: storedRows(idempotencyKeys, keyRows!),
    signatures: storedRows(signatures, signatureRows!),
    signed_documents: storedRows(signedDocuments, documentRows!),
  };
  const nowMs = c.var.now.getTime();
  const address = String(rows.customers![0]?.state ?? "");
  const locationHint = requestLocationHint(c.req.header("Client-Region")) ?? lineLocationHint(address);
  const namespace = c.env.LINES as DurableObjectNamespace<LineLedger>;
  const stub = namespace.get(namespace.idFromName(String(line.id)), { locationHint });
  const answer = await stub.open({
    lineId: line.id,
    nowMs,
    requestedDrawCents: opening.requestedDrawCents,
    rows,
    signature: opening.signature,
    documents: opening.documents,
  });
  if (!(await switchedOver(c.env.DB, line, { locationHint, nowMs, note: opening.note }))) {
    await stub.clearRows(line.id);
    throw new ServicingError(409, "This line is not awaiting a signature.");
  }
  // The line is open and named: a hand-over or alarm lost here must not turn that into a refusal.
  // The directory's entry has no alarm yet, so the sweeper wakes the line within one run, and its
  // servicing hands the events over and sets the alarm.
  await stub.settle(nowMs).catch((error: unknown) => {
    console.error("opening settled later", error instanceof Error ? error.name : "unknown");
  });
  return answer;
}

/**
 * The shared database told, in one batch that hangs on its first statement: the line, still
 * awaiting its signature, is marked moved and opened under a new version, and only where that
 * version stands does the directory name the object, the record of signing the line held
 * (OpenLine's) leave, and the draw's note stay. False when the line no longer awaits a signature
 * and was not opened by a twin of this request.
 */
async function switchedOver(
  d1: D1Database,
  line: SignedOpening["line"],
  { locationHint, nowMs, note }: { locationHint: string; nowMs: number; note: string | null },
): Promise<boolean> {
  const version = `moved:${crypto.randomUUID()}`;
  const guard = "(SELECT version FROM lines WHERE id = ?) = ?";
  const entry = { lineId: line.id, customerId: line.customerId, locationHint, status: "open" };
  const results = await d1.batch([
    d1
      .prepare(
        "UPDATE lines SET status = 'moved', opened_at = ?, version = ? WHERE id = ? AND status = 'awaiting_esign'",
      )
      .bind(nowMs, version, line.id),
    homeInDirectory(d1, entry, [guard, line.id, version]),
    d1.prepare(`DELETE FROM signatures WHERE line_id = ? AND ${guard}`).bind(line.id, line.id, version),
    d1.prepare(`DELETE FROM signed_documents WHERE line_id = ? AND ${guard}`).bind(line.id, line.id, version),
    ...(note
      ? [
          d1
            .prepare(`INSERT INTO notes (customer_id, note, is_urgent, created_at) SELECT ?, ?, 0, ? WHERE ${guard}`)
            .bind(line.customerId, note, nowMs, line.id, version),
        ]
      : []),
  ]);
  if (results[0]!.meta.changes === 1) return true;
  const now = await d1.prepare("SELECT status FROM lines WHERE id = ?").bind(line.id).first<string>("status");
  return now === "moved";
}

/**
 * The directory's entry naming a line's own object as its home, written only where `guard` (SQL
 * and its values) holds: an opening's switch-over (a demo line's too), each in its guarded batch.
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
