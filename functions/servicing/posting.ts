import type { Database } from "#db/client";
import { achEffectiveDate, drawFundingDate, easternDateTime } from "#domain/calendar";
import { formatClock, formatMoney } from "#domain/format";
import { cycleOf, type LineState, loadCustomerState, loadLineState, stateTagOf } from "./account-state";
import type { LineRecords } from "./book";
import { ServicingError } from "./context";
import { customerById } from "./customers";
import { drawEntry, drawRefusal, type PostingRefusal, paymentRefusal } from "./engine/index";
import { eventWrite } from "./events";
import { type GuardedWrite, guardedBatch, insertRow } from "./guarded";
import { outgoingFor } from "./outgoing";
import { newTransactionId } from "./posting-ids";
import { type TemplatedMessage, templates } from "./templates";

export { newTransactionId } from "./posting-ids";

export interface PostingRequest {
  applNo: number;
  transactionDate: string;
  transactionAmount: number;
  transactionCode: "D" | "P";
  /** A summary's stateTag the posting is conditional on (decision record 020). */
  ifStateTag?: string;
}

export interface PostingResult {
  paymentTransactionId: number;
  statusDescription: string;
  effectiveDate: string;
}

/** How often a posting re-reads and retries when another one won the race. */
const MAX_ATTEMPTS = 4;
const money = (cents: number) => formatMoney(cents, { cents: true });

function refuse(refusal: PostingRefusal | null): void {
  if (!refusal) return;
  throw new ServicingError(
    422,
    refusal.message,
    refusal.field
      ? {
          [refusal.field]:
            refusal.field === "transactionDate" ? "Outside the payment window or not a business day." : refusal.message,
        }
      : undefined,
  );
}

/**
 * The servicing note every draw leaves (spec file 3, section 4: "a draw is
 * recorded with a note", amount and time, not urgent), in Eastern time like
 * the cut-offs the agents quote.
 */
export function drawNote(amountCents: number, requestedAt: Date): string {
  const { date, ...time } = easternDateTime(requestedAt);
  return `Draw request of ${money(amountCents)} on ${date} at ${formatClock(time)} Eastern`;
}

/**
 * Draws post to the ledger at once (the credit is used from the moment of the
 * request) and fund by the cut-off rules; payments wait as pending until their
 * date. Two postings racing on one line cannot both pass their checks: each
 * re-reads and retries when the line changed under it (decision record 005).
 * The borrower gets an e-mail confirming what was recorded.
 */
export async function postTransaction(
  d1: D1Database,
  db: Database,
  customerId: string,
  request: PostingRequest,
  now: Date,
  {
    confirmByEmail = true,
    read,
    answered,
  }: {
    confirmByEmail?: boolean;
    /** The customer and their line's records, when the caller read them in its own first batch. */
    read?: { customer: Awaited<ReturnType<typeof customerById>>; records: LineRecords };
    /** A write recording the answer (the Idempotency-Key's), made in the posting's own batch. */
    answered?: (result: PostingResult) => GuardedWrite | GuardedWrite[];
  } = {},
): Promise<PostingResult> {
  const customer = read?.customer ?? (await customerById(db, customerId));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // The caller's read serves the first attempt; a retry (another posting won the line) reads again.
    const state =
      attempt === 0 && read
        ? await loadLineState(db, read.records.line, now, read.records)
        : await loadCustomerState(db, customerId, now);
    if (state.line.id !== request.applNo) throw new ServicingError(403, "This account is not yours.");
    // Reviewed against a summary that is no longer the account's: nothing posts, the caller reads again.
    if (request.ifStateTag && request.ifStateTag !== stateTagOf(state, now))
      throw new ServicingError(412, "The account changed since it was reviewed.");
    const id = newTransactionId();
    const at = now.getTime();
    const amount = request.transactionAmount;
    if (request.transactionCode === "D") {
      if (request.transactionDate !== state.today)
        throw new ServicingError(422, "A draw is requested for today.", { transactionDate: "Must be today." });
      refuse(drawRefusal(state.figures, amount, customer.state));
      const funding = drawFundingDate(now);
      const row = drawEntry(id, amount, cycleOf(state.line), state.today, at);
      const drawn = { paymentTransactionId: id, statusDescription: "Draw request received", effectiveDate: funding };
      const confirmation = templates.drawReceived(customer, {
        cents: amount,
        feeCents: row.feeCents ?? 0,
        fundingDate: funding,
        id,
        bank: bankAccount(state),
      });
      // The draw request, its ledger row and its note are one batch: all saved, or none.
      const won = await writeWithConfirmation(d1, db, state.line, confirmByEmail ? confirmation : null, [
        insertRow("transactions", {
          id,
          line_id: state.line.id,
          code: "D",
          amount_cents: amount,
          effective_date: funding,
          status: "pending",
          created_at: at,
        }),
        insertRow("ledger_entries", {
          id: row.id,
          line_id: state.line.id,
          kind: row.kind,
          amount_cents: amount,
          fee_cents: row.feeCents,
          reference: id,
          effective_date: row.effectiveDate,
          posted_at: at,
          description: `Draw request ${id}`,
        }),
        insertRow("notes", { customer_id: customerId, note: drawNote(amount, now), is_urgent: 0, created_at: at }),
        eventWrite(
          state.line.id,
          {
            kind: "draw",
            day: state.today,
            data: { transactionId: id, amountCents: amount, feeCents: row.feeCents ?? 0 },
          },
          at,
        ),
        ...(answered ? [answered(drawn)].flat() : []),
      ]);
      if (!won) continue;
      return drawn;
    }
    refuse(paymentRefusal(state.figures, amount, request.transactionDate, achEffectiveDate(now, false)));
    const scheduled = {
      paymentTransactionId: id,
      statusDescription: "Payment scheduled",
      effectiveDate: request.transactionDate,
    };
    const confirmation = templates.paymentScheduled(customer, {
      cents: amount,
      date: request.transactionDate,
      id,
      bank: bankAccount(state),
    });
    const won = await writeWithConfirmation(d1, db, state.line, confirmByEmail ? confirmation : null, [
      insertRow("transactions", {
        id,
        line_id: state.line.id,
        code: "P",
        amount_cents: amount,
        effective_date: request.transactionDate,
        status: "pending",
        created_at: at,
      }),
      ...(answered ? [answered(scheduled)].flat() : []),
    ]);
    if (!won) continue;
    return scheduled;
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}

const bankAccount = (state: LineState) =>
  `your bank account ending in ${state.application?.bankAccountLast4 ?? "on file"}`;

/**
 * The posting's guarded batch, with its confirmation's record in it when the
 * sender can (then the answer waits for no message trips of its own). A
 * confirmation is best effort either way: the money movement is recorded, and
 * a lost e-mail must not undo or repeat it. False when another posting won.
 */
async function writeWithConfirmation(
  d1: D1Database,
  db: Database,
  line: LineState["line"],
  confirmation: TemplatedMessage | null,
  writes: GuardedWrite[],
): Promise<boolean> {
  const outgoing = outgoingFor(db);
  const batched = confirmation ? outgoing.inBatch(confirmation) : null;
  const changes = await guardedBatch(d1, line, [...writes, ...(batched?.writes ?? [])]);
  if (!changes) return false;
  const sending = batched
    ? batched.written(changes.slice(writes.length))
    : confirmation
      ? outgoing.send(confirmation)
      : null;
  await sending?.catch(() => undefined);
  return true;
}
