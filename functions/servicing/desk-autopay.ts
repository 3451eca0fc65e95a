import type { Database } from "#db/client";
import { authorizationProblem, revocationEndsOn, revocationProblem } from "#domain/rules/autopay";
import { type LineState, loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { type Audited, auditedUnder, auditRecord, type DeskActor, requireActingRole, unlessAnswered } from "./desk";
import { guardedBatch, insertRow, updateRows } from "./guarded";

/**
 * REVOKE and AUTHORIZE automatic payments at the servicing desk (issue 20,
 * decision record 024). A revocation stops debits from the notice days on
 * (a debit sooner still posts); an authorization (read to the borrower)
 * starts them again from the next due date. The line's change and its audit
 * row are one batch guarded by the line's version; once per form key.
 */
export interface AutopayInput {
  customerId: string;
  reason: string;
  key: string;
}

type Change = "revoke" | "authorize";

const ACTIONS: Record<Change, string> = {
  revoke: "revoke automatic payments",
  authorize: "authorize automatic payments",
};

function standingOf(state: LineState) {
  return state.line.status === "open" ? state.figures.standing : (state.line.status as "closed");
}

/** The line's repayment fields after the change, or the refusal's message. */
function changed(change: Change, state: LineState): { repayment_method: string; autopay_ends_on: string | null } {
  const facts = { repaymentMethod: state.line.repaymentMethod, autopayEndsOn: state.line.autopayEndsOn };
  const problem =
    change === "revoke" ? revocationProblem(standingOf(state), facts) : authorizationProblem(standingOf(state), facts);
  if (problem) throw new ServicingError(422, problem, { reason: problem });
  return change === "revoke"
    ? { repayment_method: "A", autopay_ends_on: revocationEndsOn(state.today) }
    : { repayment_method: "A", autopay_ends_on: null };
}

async function changeAutopay(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  change: Change,
  input: AutopayInput,
  now: Date,
): Promise<{ replayed: boolean; endsOn: string | null; nextAutomatic: { date: string; amountCents: number } | null }> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for this change.", { reason: "Required." });
  const replay = (done: Audited) => ({
    replayed: true,
    ...(done.after as { endsOn: string | null; nextAutomatic: null }),
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const done = await auditedUnder(db, actor, input.key);
    if (done) return replay(done);
    const line = await latestLine(db, input.customerId);
    if (!line) throw new ServicingError(404, "This customer has no line of credit.");
    const state = await loadLineState(db, line, now);
    let set: ReturnType<typeof changed>;
    try {
      set = changed(change, state);
    } catch (refusal) {
      if (!(refusal instanceof ServicingError)) throw refusal;
      return unlessAnswered(db, actor, input.key, refusal, replay);
    }
    // What the borrower is told on the call: the debit that still posts within the notice, if any.
    const nextAutomatic = change === "revoke" ? state.figures.nextAutomaticPayment : null;
    const stillPosts = nextAutomatic && nextAutomatic.date < set.autopay_ends_on! ? nextAutomatic : null;
    const before = { repaymentMethod: state.line.repaymentMethod, endsOn: state.line.autopayEndsOn };
    const after = { repaymentMethod: set.repayment_method, endsOn: set.autopay_ends_on, nextAutomatic: stillPosts };
    const entry = { action: ACTIONS[change], customerId: input.customerId, reason, before, after };
    const written = await guardedBatch(d1, state.line, [
      updateRows("lines", set, "id = ?", [state.line.id]),
      insertRow("desk_audit", auditRecord(actor, entry, input.key, now.getTime())),
    ]);
    if (written) return { replayed: false, endsOn: set.autopay_ends_on, nextAutomatic: stillPosts };
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}

export const deskRevokeAutopay = (d1: D1Database, db: Database, actor: DeskActor, input: AutopayInput, now: Date) =>
  changeAutopay(d1, db, actor, "revoke", input, now);

export const deskAuthorizeAutopay = (d1: D1Database, db: Database, actor: DeskActor, input: AutopayInput, now: Date) =>
  changeAutopay(d1, db, actor, "authorize", input, now);
