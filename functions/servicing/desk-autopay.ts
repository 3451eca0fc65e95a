import type { Database } from "#db/client";
import { authorizationProblem, revocationEndsOn, revocationProblem } from "#domain/rules/autopay";
import { type LineState, lineStanding } from "./account-state";
import { ServicingError } from "./context";
import type { DeskActor } from "./desk";
import { deskLineChange } from "./desk-line-change";
import { deskNotices } from "./desk-notices";

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

/** The line's repayment fields after the change, or the refusal's message. */
function changed(change: Change, state: LineState): { repayment_method: string; autopay_ends_on: string | null } {
  const facts = { repaymentMethod: state.line.repaymentMethod, autopayEndsOn: state.line.autopayEndsOn };
  const problem =
    change === "revoke"
      ? revocationProblem(lineStanding(state), facts)
      : authorizationProblem(lineStanding(state), facts);
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
  return deskLineChange<{
    replayed: boolean;
    endsOn: string | null;
    nextAutomatic: { date: string; amountCents: number } | null;
  }>(d1, db, actor, input, now, {
    reasonMessage: "Give the reason for this change.",
    replay: (done) => ({ replayed: true, ...(done.after as { endsOn: string | null; nextAutomatic: null }) }),
    plan: (state) => {
      const set = changed(change, state);
      // What the borrower is told on the call: the debit that still posts within the notice, if any.
      const nextAutomatic = change === "revoke" ? state.figures.nextAutomaticPayment : null;
      const stillPosts = nextAutomatic && nextAutomatic.date < set.autopay_ends_on! ? nextAutomatic : null;
      return {
        set,
        action: ACTIONS[change],
        before: { repaymentMethod: state.line.repaymentMethod, endsOn: state.line.autopayEndsOn },
        after: { repaymentMethod: set.repayment_method, endsOn: set.autopay_ends_on, nextAutomatic: stillPosts },
        result: { replayed: false, endsOn: set.autopay_ends_on, nextAutomatic: stillPosts },
        notice:
          change === "revoke"
            ? deskNotices.autopayRevoked(set.autopay_ends_on!, stillPosts)
            : deskNotices.autopayAuthorized(),
      };
    },
  });
}

export const deskRevokeAutopay = (d1: D1Database, db: Database, actor: DeskActor, input: AutopayInput, now: Date) =>
  changeAutopay(d1, db, actor, "revoke", input, now);

export const deskAuthorizeAutopay = (d1: D1Database, db: Database, actor: DeskActor, input: AutopayInput, now: Date) =>
  changeAutopay(d1, db, actor, "authorize", input, now);
