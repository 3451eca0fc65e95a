import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { transactions } from "#db/line/tables";
import type { deskRequests } from "#db/schema/servicing";
import { keepsRowsHere } from "../book";
import { ServicingError } from "../context";
import type { SigningTable } from "./schema";

/** What a line's object answers (line-ledger.ts), typed where it is used. */
interface LineHome {
  state(lineId: number, nowMs: number): Promise<unknown>;
  setRepaymentMethod(method: "K" | "A"): Promise<void>;
  decideRequest(
    request: typeof deskRequests.$inferSelect,
    decision: { status: "approved" | "rejected"; checker: string; decidedAt: number; decisionReason: string },
    nowMs: number,
  ): Promise<{ status: number; body: unknown }>;
  returnPayment(lineId: number, paymentEntryId: string, nowMs: number): Promise<{ status: number; body: unknown }>;
  rowsOf(tables: string[]): Promise<Record<string, Record<string, SqlStorageValue>[]>>;
}

const homes = new WeakMap<Database, DurableObjectNamespace>();

/**
 * A database handle whose reads of a moved line are answered by the line's object (decision record
 * 032): the desk's views and documents read a moved borrower as they read any other.
 */
export function withLineHomes(db: Database, lines: DurableObjectNamespace | undefined): Database {
  if (lines) homes.set(db, lines);
  return db;
}

export const MOVED_LINE_REFUSAL = "This line was moved to its own store and cannot be changed from here yet.";

/**
 * The state of a line the shared database only remembers as moved, from its object; null for a line
 * whose rows are here. A handle that reads no moved lines (a write's) is refused: the shared
 * database's copy is frozen, and nothing may be written against it.
 */
export async function movedLineState(db: Database, line: { id: number; status: string }, now: Date) {
  if (line.status !== "moved") return null;
  return movedLineCall(homes.get(db), line.id, (home) => home.state(line.id, now.getTime()));
}

/** An object's answer in the core's terms: its body, or its refusal thrown again as a ServicingError. */
export function answeredBody<T>(answer: { status: number; body: unknown }): T {
  if (answer.status === 200) return answer.body as T;
  const refusal = answer.body as { error: string; fields?: Record<string, string> };
  throw new ServicingError(answer.status as ServicingError["status"], refusal.error, refusal.fields);
}

/** One call to a moved line's object, through the handle's registry (`withLineHomes`). */
export function lineHomeCall<T>(db: Database, lineId: number, call: (home: LineHome) => Promise<T>): Promise<T> {
  return movedLineCall(homes.get(db), lineId, call);
}

/** One call to a moved line's object; refused where no object can be reached. */
export function movedLineCall<T>(
  lines: DurableObjectNamespace | undefined,
  lineId: number,
  call: (home: LineHome) => Promise<T>,
): Promise<T> {
  if (!lines) throw new ServicingError(409, MOVED_LINE_REFUSAL);
  return call(lines.get(lines.idFromName(String(lineId))) as unknown as LineHome);
}

/**
 * A line's draw and payment requests, wherever its rows live (development tools: the ledger, the
 * counts). A line never opened has none.
 */
export async function lineRequests(db: Database, line: { id: number; status: string; openedAt: number | null }) {
  if (line.status !== "moved")
    return keepsRowsHere(line)
      ? db.select().from(transactions).where(eq(transactions.lineId, line.id)).orderBy(transactions.id).all()
      : [];
  const rows = await lineHomeCall(db, line.id, (home) => home.rowsOf(["transactions"]));
  return (rows.transactions ?? [])
    .map((t) => ({
      id: Number(t.id),
      code: String(t.code),
      amountCents: Number(t.amount_cents),
      effectiveDate: String(t.effective_date),
      status: String(t.status),
    }))
    .sort((a, b) => a.id - b.id);
}

/** One signing table's rows of a line, as stored (snake_case columns), wherever the line's rows live. */
export async function lineSigningRows(
  db: Database,
  line: { id: number; status: string },
  table: SigningTable,
): Promise<Record<string, SqlStorageValue>[]> {
  if (line.status !== "moved")
    return db.all<Record<string, SqlStorageValue>>(
      sql`SELECT * FROM ${sql.identifier(table)} WHERE line_id = ${line.id} ORDER BY id`,
    );
  const rows = await lineHomeCall(db, line.id, (home) => home.rowsOf([table]));
  return (rows[table] ?? []).sort((a, b) => String(a.id).localeCompare(String(b.id), "en", { numeric: true }));
}

/** A line's signed agreements, each exactly as signed, wherever the line's rows live. */
export async function lineSignedDocuments(db: Database, line: { id: number; status: string }) {
  const rows = await lineSigningRows(db, line, "signed_documents");
  return rows.map((d) => ({
    lineId: Number(d.line_id),
    kind: String(d.kind),
    title: String(d.title),
    html: String(d.html),
    signedAt: Number(d.signed_at),
  }));
}
