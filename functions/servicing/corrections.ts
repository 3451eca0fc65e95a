import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, lines } from "#db/schema/servicing";
import { loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { type LedgerEntry, returnEntry, returnProblem, returnProblemMessages } from "./engine/index";
import { eventWrite } from "./events";
import { type GuardedWrite, insertRow, updateRows, writeIfUnchanged } from "./guarded";
import { answeredBody, lineHomeCall } from "./objects/homes";
import { outgoingFor } from "./outgoing";
import { newTransactionId } from "./posting-ids";
import { templates } from "./templates";

/**
 * Corrections never edit a row. A returned payment (insufficient funds, up to
 * two business days after it posts) gets a payment_return row dated the day
 * of the return that cancels it; the engine replays the allocation without
 * it, so what it paid is unpaid again and standing follows (0-decisions.md,
 * "Returns"). A mistaken charge gets a reversal row.
 */
export async function returnPayment(
  db: Database,
  lineId: number,
  paymentEntryId: string,
  now: Date,
): Promise<{ amountCents: number; returnedOn: string }> {
  const line = await db.select().from(lines).where(eq(lines.id, lineId)).get();
  if (!line) throw new ServicingError(404, "No such line.");
  // A moved line's return is the same correction, made in its object (decision record 032).
  if (line.status === "moved") return returnedInLine(db, lineId, paymentEntryId, now);
  for (let attempt = 0; attempt < 4; attempt++) {
    const state = await loadLineState(db, line, now);
    const problem = returnProblem(state.book, paymentEntryId, state.today);
    if (problem) throw new ServicingError(problem === "unknown" ? 404 : 422, returnProblemMessages[problem]);
    const payment = state.book.entries.find((e) => e.id === paymentEntryId)!;
    const row = returnEntry(payment, newTransactionId(), state.today, now.getTime());
    const transactionId = payment.origin === "one_time" ? payment.reference : null;
    const won = await writeIfUnchanged(db.$client, state.line, [
      reversingRow(row, lineId, "Returned payment"),
      ...(transactionId ? [updateRows("transactions", { status: "returned" }, "id = ?", [transactionId])] : []),
      eventWrite(
        lineId,
        {
          kind: "payment_returned",
          day: state.today,
          data: { entryId: paymentEntryId, amountCents: row.amountCents, origin: payment.origin ?? null },
        },
        row.postedAt,
      ),
    ]);
    if (!won) continue;
    await notifyReturn(db, line.customerId, row.amountCents, payment.effectiveDate);
    return { amountCents: row.amountCents, returnedOn: row.effectiveDate };
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}

async function returnedInLine(db: Database, lineId: number, paymentEntryId: string, now: Date) {
  const answer = await lineHomeCall(db, lineId, (home) => home.returnPayment(lineId, paymentEntryId, now.getTime()));
  return answeredBody<{ amountCents: number; returnedOn: string }>(answer);
}

/** The guarded insert of a row that cancels another (a return, a desk correction), with its ledger description. */
export function reversingRow(row: LedgerEntry, lineId: number, description: string): GuardedWrite {
  return insertRow("ledger_entries", {
    id: row.id,
    line_id: lineId,
    kind: row.kind,
    amount_cents: row.amountCents,
    effective_date: row.effectiveDate,
    posted_at: row.postedAt,
    reverses_id: row.reversesId,
    reference: row.reference,
    description,
  });
}

async function notifyReturn(db: Database, customerId: string, amountCents: number, postedOn: string): Promise<void> {
  const customer = await db.select().from(customers).where(eq(customers.id, customerId)).get();
  if (!customer) return;
  await outgoingFor(db).send(templates.paymentReturned(customer, { cents: amountCents, postedOn }));
}

export async function reverseEntry(
  db: Database,
  lineId: number,
  entryId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const line = await db.select().from(lines).where(eq(lines.id, lineId)).get();
  if (!line) throw new ServicingError(404, "No such line.");
  const state = await loadLineState(db, line, now);
  const entry = state.book.entries.find((e) => e.id === entryId);
  if (!entry) throw new ServicingError(404, "No such ledger row on this line.");
  const won = await writeIfUnchanged(db.$client, state.line, [
    insertRow("ledger_entries", {
      id: `X${entryId}`,
      line_id: lineId,
      kind: "reversal",
      amount_cents: entry.amountCents,
      effective_date: state.today,
      posted_at: now.getTime(),
      reverses_id: entry.id,
      reference: newTransactionId(),
      description: reason,
    }),
  ]);
  if (!won) throw new ServicingError(409, "The account is busy. Please try again.");
}
