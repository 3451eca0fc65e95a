import type { Database } from "#db/client";
import { cancelMessages, paymentCancellable } from "#domain/rules/payments";
import { loadCustomerState } from "./account-state";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { auditedUnder, auditRecord, type DeskActor, requireActingRole } from "./desk";
import { guardedBatch, insertRow, updateRows } from "./guarded";
import { answerWrite, claimKey, recordAnswer, releaseKey } from "./idempotency";
import { type PostingResult, postTransaction } from "./posting";

/**
 * A one-time payment taken by phone (issue 20): the portal's payment, under
 * the same rules (the minimum, the payoff, the window, the pending cap: the
 * posting's own checks), posted for the borrower by a desk user who read
 * them the authorization. The key's answer and the audit row are written in
 * the posting's guarded batch; the same form again answers the first answer.
 */
export interface PhonePayment {
  customerId: string;
  amountCents: number;
  /** ISO date. */
  date: string;
  reason: string;
  /** The form's key (8-100 letters, digits, - or _). */
  key: string;
}

export async function deskTakePayment(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: PhonePayment,
  now: Date,
): Promise<PostingResult & { replayed: boolean }> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for this payment.", { reason: "Required." });
  const line = await latestLine(db, input.customerId);
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  const request = {
    applNo: line.id,
    transactionDate: input.date,
    transactionAmount: input.amountCents,
    transactionCode: "P" as const,
  };
  // The key is the customer's, like the portal's, in a name of the desk's own.
  const key = `desk-${input.key}`;
  const claim = await claimKey(db, input.customerId, key, { ...request, reason }, now.getTime());
  if (claim.kind === "replay") {
    if (claim.status === 200) return { ...(claim.body as PostingResult), replayed: true };
    const refusal = claim.body as { error: string; fields?: Record<string, string> };
    throw new ServicingError(claim.status as 422, refusal.error, refusal.fields);
  }
  let posted = false;
  try {
    const result = await postTransaction(d1, db, input.customerId, request, now, {
      answered: (answer) => [
        answerWrite(input.customerId, key, 200, answer),
        insertRow(
          "desk_audit",
          auditRecord(
            actor,
            {
              action: "payment by phone",
              customerId: input.customerId,
              reason,
              after: {
                paymentTransactionId: answer.paymentTransactionId,
                amountCents: input.amountCents,
                date: input.date,
              },
            },
            input.key,
            now.getTime(),
          ),
        ),
      ],
    });
    posted = true;
    return { ...result, replayed: false };
  } catch (error) {
    if (posted) throw error;
    // A refusal is the key's answer (the same form gets the same refusal); a crash frees the key.
    if (error instanceof ServicingError && error.status === 422)
      await recordAnswer(db, input.customerId, key, 422, { error: error.message, fields: error.fields });
    else await releaseKey(db, input.customerId, key);
    throw error;
  }
}

/**
 * CANCEL a scheduled one-time payment for the borrower (their revocation of
 * its authorization, by phone): while it is still pending and at least the
 * notice days before its date (paymentCancellable). The payment's new status
 * and the audit row are one guarded batch; the same form again does nothing.
 */
export async function deskCancelPayment(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: { customerId: string; transactionId: number; reason: string; key: string },
  now: Date,
): Promise<{ replayed: boolean; amountCents: number; date: string }> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for cancelling.", { reason: "Required." });
  for (let attempt = 0; attempt < 3; attempt++) {
    const done = await auditedUnder(db, actor, input.key);
    if (done) {
      const before = done.before as { amountCents: number; date: string };
      return { replayed: true, amountCents: before.amountCents, date: before.date };
    }
    const state = await loadCustomerState(db, input.customerId, now);
    const payment = state.pending.find((t) => t.id === input.transactionId && t.code === "P");
    if (!payment) throw new ServicingError(422, cancelMessages.notScheduled, { transactionId: "Not scheduled." });
    if (!paymentCancellable(payment.effectiveDate, state.today))
      throw new ServicingError(422, cancelMessages.tooLate(payment.effectiveDate), { transactionId: "Too late." });
    const before = { id: payment.id, amountCents: payment.amountCents, date: payment.effectiveDate, status: "pending" };
    const written = await guardedBatch(d1, state.line, [
      updateRows("transactions", { status: "cancelled" }, "id = ? AND status = 'pending'", [payment.id]),
      insertRow(
        "desk_audit",
        auditRecord(
          actor,
          { action: "cancel payment", customerId: input.customerId, reason, before, after: { status: "cancelled" } },
          input.key,
          now.getTime(),
        ),
      ),
    ]);
    if (written) return { replayed: false, amountCents: payment.amountCents, date: payment.effectiveDate };
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}
