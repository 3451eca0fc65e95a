import { and, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, idempotencyKeys, lines } from "#db/schema/servicing";
import { loadLineState } from "../account-state";
import { type LineRecords, readLine } from "../book";
import { ServicingError } from "../context";
import { existingClaim, keyTaken, keyWithAnswer } from "../idempotency";
import { payoffProjection } from "../payoff-projection";
import { type PostingRequest, postTransaction } from "../posting";
import { statementPdf, statementPdfAnswer } from "../statement-pdf";
import { buildSummary } from "../summary";

/** A customer as the shared database keeps them: the host reads the row with the caller's token. */
export type CustomerRow = typeof customers.$inferSelect;

/**
 * The calls a line's object answers for the core's Hono app (decision record 032). The host checked
 * the token and read the customer in its one trip to the shared database; the object reads and
 * writes the line's rows in its own storage. Answers cross the object's boundary as plain data.
 */
export type LineCall =
  /** customer null: answered from the object's own copy, which the answer carries back for the host to compare. */
  | { call: "GetSummary"; customer: CustomerRow | null; nowMs: number }
  | {
      call: "PostTransaction";
      customer: CustomerRow;
      nowMs: number;
      key: string;
      requestHash: string;
      payload: PostingRequest;
    }
  | { call: "GetStatement"; customer: CustomerRow; nowMs: number; statementId: string }
  | { call: "GetPayoffProjection"; customer: CustomerRow; nowMs: number; fixedPaymentCents?: number };

export interface LineAnswer {
  status: 200 | ServicingError["status"];
  body: unknown;
  /** The object's copy of the customer the answer used, when the call carried none. */
  customer?: CustomerRow;
}

/** What a read call starts from: the line's owner, the object's copy of that customer, and the line's records. */
interface ObjectRead {
  owner: string | undefined;
  kept: CustomerRow | undefined;
  line: { line: LineRecords["line"]; records: LineRecords } | null;
}

/**
 * The last read of each object's rows, and SQLite's count of rows changed on the object's one
 * connection when it was made (`total_changes()`: every insert, update and delete, whatever wrote it,
 * rolled back or not). While that count stands, nothing was written since, and a summary or a
 * statement (a borrower opening their pages) reads the rows from memory instead of storage. Kept per
 * object (its D1 interface) and lost with it; the engine only reads what it is given.
 */
const lastReads = new WeakMap<D1Database, { changes: number; read: ObjectRead }>();

/** The object's rows as storage holds them now: its line (the first it opened), that line's customer and records. */
async function readRows(db: Database): Promise<ObjectRead> {
  const line = await db.select().from(lines).orderBy(lines.createdAt).get();
  if (!line) return { owner: undefined, kept: undefined, line: null };
  const kept = await db.select().from(customers).where(eq(customers.id, line.customerId)).get();
  return { owner: line.customerId, kept, line: { line, records: await readLine(db, line) } };
}

async function readObject(d1: D1Database, db: Database): Promise<ObjectRead> {
  const changesNow = () => d1.prepare("SELECT total_changes() AS n").first<number>("n");
  const changes = await changesNow();
  const last = lastReads.get(d1);
  if (last && changes !== null && last.changes === changes) return last.read;
  const read = await readRows(db);
  // Counted again after the reads: a read never writes, so an equal count means none slipped in between.
  if (changes !== null && (await changesNow()) === changes) lastReads.set(d1, { changes, read });
  return read;
}

/** Whether the object's copy of a customer is the shared database's row, field for field. */
export const sameCustomerRow = (kept: CustomerRow | undefined, shared: CustomerRow): boolean =>
  kept !== undefined && JSON.stringify(kept) === JSON.stringify(shared);

/**
 * The object's copy of a customer brought up to date with the shared database's row (the borrower's
 * address and phone are changed there): written only when a field differs, so a read rarely writes.
 */
export async function keepCustomerCopy(db: Database, customer: CustomerRow): Promise<void> {
  const kept = await db.select().from(customers).where(eq(customers.id, customer.id)).get();
  if (sameCustomerRow(kept, customer)) return;
  const { id: _id, ...rest } = customer;
  await db.insert(customers).values(customer).onConflictDoUpdate({ target: customers.id, set: rest });
}

async function answer(
  d1: D1Database,
  db: Database,
  input: LineCall,
  customer: CustomerRow,
  read: ObjectRead,
): Promise<unknown> {
  const now = new Date(input.nowMs);
  if (!read.line) throw new ServicingError(404, "This customer has no line of credit.");
  const { line, records } = read.line;
  // The directory names this object for the customer's newest line; anything else is refused, not guessed.
  if (line.customerId !== customer.id) throw new ServicingError(403, "This account is not yours.");
  switch (input.call) {
    case "GetSummary":
      return buildSummary(customer, await loadLineState(db, line, now, records), now);
    case "PostTransaction":
      return postInObject(d1, db, input, customer, records);
    case "GetStatement": {
      const state = await loadLineState(db, line, now, records);
      const statement = state.book.statements.find((s) => s.id === input.statementId);
      if (!statement) throw new ServicingError(404, "No such statement.");
      return statementPdfAnswer(await statementPdf(customer, state.line, state.book, statement), statement);
    }
    case "GetPayoffProjection":
      return { projection: payoffProjection(await loadLineState(db, line, now, records), input.fixedPaymentCents) };
  }
}

/**
 * A draw or a payment in the line's object: the key is recorded with its answer in the posting's own
 * transaction, so an object that throws or is reset mid-posting leaves either both or neither, and a
 * retry with the same key posts once. A repeat gets the first answer; a refusal is kept as the answer.
 */
async function postInObject(
  d1: D1Database,
  db: Database,
  input: Extract<LineCall, { call: "PostTransaction" }>,
  customer: CustomerRow,
  records: LineRecords,
) {
  const { key, requestHash, nowMs } = input;
  const replay = () => existingClaim(db, customer.id, key, requestHash).then(answered);
  const known = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customer.id), eq(idempotencyKeys.key, key)))
    .get();
  if (known) return replay();
  try {
    return await postTransaction(d1, db, customer.id, input.payload, new Date(nowMs), {
      read: { customer, records },
      answered: (answer) => keyWithAnswer(customer.id, key, requestHash, nowMs, 200, answer),
    });
  } catch (error) {
    if (keyTaken(error)) return replay();
    if (error instanceof ServicingError && error.status === 422)
      await db
        .insert(idempotencyKeys)
        .values({
          customerId: customer.id,
          key,
          requestHash,
          responseJson: JSON.stringify({ status: 422, body: { error: error.message, fields: error.fields } }),
          createdAt: nowMs,
        })
        .onConflictDoNothing();
    throw error;
  }
}

/** A recorded answer: the posting's result again, or its refusal again. */
function answered(replay: { status: number; body: unknown }) {
  if (replay.status === 200) return replay.body;
  const refusal = replay.body as { error: string; fields?: Record<string, string> };
  throw new ServicingError(replay.status as 422, refusal.error, refusal.fields);
}

/**
 * One call in the object: its answer, or its refusal as the core's app would give it. A call that
 * carries the customer's row keeps the object's copy up to date (only the line's own customer's); one
 * that carries none is answered from that copy, which the answer carries back for the host to compare.
 */
export async function answerLineCall(d1: D1Database, db: Database, input: LineCall): Promise<LineAnswer> {
  // A posting reads its rows afresh from storage, as it always did; only reads use the last read.
  const read = input.call === "PostTransaction" ? await readRows(db) : await readObject(d1, db);
  const given = input.customer;
  if (given) {
    if (read.owner === given.id) await keepCustomerCopy(db, given);
    return asAnswer(() => answer(d1, db, input, given, read));
  }
  const kept = read.kept;
  if (!kept) return { status: 404, body: { error: "This customer has no line of credit." } };
  return { ...(await asAnswer(() => answer(d1, db, input, kept, read))), customer: kept };
}

/**
 * What the object answers: the body, or a refusal as data (an Error's status would not cross the
 * object's boundary); anything else is thrown on.
 */
export async function asAnswer(run: () => Promise<unknown>): Promise<LineAnswer> {
  try {
    return { status: 200, body: await run() };
  } catch (error) {
    if (error instanceof ServicingError)
      return { status: error.status, body: { error: error.message, fields: error.fields } };
    throw error;
  }
}
