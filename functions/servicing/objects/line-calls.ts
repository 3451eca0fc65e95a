import type { Database } from "#db/client";
import { type customers, lines } from "#db/schema/servicing";
import { loadLineState } from "../account-state";
import { readLine } from "../book";
import { ServicingError } from "../context";
import { claimStatement } from "../idempotency";
import { postWithClaimedKey } from "../keyed-posting";
import type { PostingRequest } from "../posting";
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
  | { call: "GetSummary"; customer: CustomerRow; nowMs: number }
  | {
      call: "PostTransaction";
      customer: CustomerRow;
      nowMs: number;
      key: string;
      requestHash: string;
      payload: PostingRequest;
    }
  | { call: "GetStatement"; customer: CustomerRow; nowMs: number; statementId: string };

export interface LineAnswer {
  status: 200 | ServicingError["status"];
  body: unknown;
}

async function objectLine(db: Database) {
  const line = await db.select().from(lines).orderBy(lines.createdAt).get();
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  return { line, records: await readLine(db, line) };
}

async function answer(d1: D1Database, db: Database, input: LineCall): Promise<unknown> {
  const now = new Date(input.nowMs);
  const { customer } = input;
  const { line, records } = await objectLine(db);
  // The directory names this object for the customer's newest line; anything else is refused, not guessed.
  if (line.customerId !== customer.id) throw new ServicingError(403, "This account is not yours.");
  switch (input.call) {
    case "GetSummary":
      return buildSummary(customer, await loadLineState(db, line, now, records), now);
    case "PostTransaction": {
      const claimed = await claimStatement(db, customer.id, input.key, input.requestHash, input.nowMs);
      return postWithClaimedKey(d1, db, {
        customerId: customer.id,
        key: input.key,
        requestHash: input.requestHash,
        claimed: claimed.length === 1,
        payload: input.payload,
        now,
        customer,
        records,
      });
    }
    case "GetStatement": {
      const state = await loadLineState(db, line, now, records);
      const statement = state.book.statements.find((s) => s.id === input.statementId);
      if (!statement) throw new ServicingError(404, "No such statement.");
      return statementPdfAnswer(await statementPdf(customer, state.line, state.book, statement), statement);
    }
  }
}

/** One call in the object: its answer, or its refusal as the core's app would give it. */
export async function answerLineCall(d1: D1Database, db: Database, input: LineCall): Promise<LineAnswer> {
  try {
    return { status: 200, body: await answer(d1, db, input) };
  } catch (error) {
    if (error instanceof ServicingError)
      return { status: error.status, body: { error: error.message, fields: error.fields } };
    throw error;
  }
}
