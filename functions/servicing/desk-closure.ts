import type { Database } from "#db/client";
import { cancelClosureProblem, closesAtOnce, closureProblem, reopenProblem } from "#domain/rules/closure";
import { type LineState, lineStanding } from "./account-state";
import { ServicingError } from "./context";
import type { DeskActor } from "./desk";
import { deskLineChange } from "./desk-line-change";
import { deskNotices } from "./desk-notices";
import { paymentReturnable } from "./engine/index";

/**
 * CLOSE a line at the borrower's request, or CANCEL that request, at the
 * servicing desk (issue 20, decision record 025). Closed at once when nothing
 * is owed or scheduled; otherwise flagged (no more draws) for the servicing
 * run to close once paid. The change and its audit row are one batch guarded
 * by the line's version; once per form key.
 */
export interface ClosureInput {
  customerId: string;
  reason: string;
  key: string;
}

export type ClosureOutcome = "closed" | "closing" | "kept open";

function closureChange(cancel: boolean, state: LineState, now: Date) {
  const problem = (cancel ? cancelClosureProblem : closureProblem)(lineStanding(state), state.line.closeRequestedOn);
  if (problem) throw new ServicingError(422, problem, { reason: problem });
  if (cancel) return { outcome: "kept open" as const, set: { close_requested_on: null } };
  if (closesAtOnce(state.figures.balanceCents, state.pending.length, paymentReturnable(state.book, state.today)))
    return {
      outcome: "closed" as const,
      set: { status: "closed", closed_at: now.getTime(), closure_reason: "requested" },
    };
  return { outcome: "closing" as const, set: { close_requested_on: state.today } };
}

async function changeClosure(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  cancel: boolean,
  input: ClosureInput,
  now: Date,
): Promise<{ outcome: ClosureOutcome; replayed: boolean }> {
  return deskLineChange<{ outcome: ClosureOutcome; replayed: boolean }>(d1, db, actor, input, now, {
    reasonMessage: "Give the reason for this change.",
    replay: (done) => ({ outcome: (done.after as { outcome: ClosureOutcome }).outcome, replayed: true }),
    plan: (state) => {
      const { outcome, set } = closureChange(cancel, state, now);
      return {
        set,
        action: cancel ? "cancel closure request" : "close line",
        before: { status: state.line.status, closeRequestedOn: state.line.closeRequestedOn },
        after: { outcome, balanceCents: state.figures.balanceCents },
        result: { outcome, replayed: false },
        events:
          outcome === "closed" ? [{ kind: "closed" as const, day: state.today, data: { reason: "requested" } }] : [],
        notice:
          outcome === "closed"
            ? deskNotices.closed(state.today)
            : outcome === "closing"
              ? deskNotices.closing()
              : deskNotices.closureCancelled(),
      };
    },
  });
}

export const deskCloseLine = (d1: D1Database, db: Database, actor: DeskActor, input: ClosureInput, now: Date) =>
  changeClosure(d1, db, actor, false, input, now);

export const deskCancelClosure = (d1: D1Database, db: Database, actor: DeskActor, input: ClosureInput, now: Date) =>
  changeClosure(d1, db, actor, true, input, now);

/**
 * REOPEN a line closed at the borrower's request, within the days allowed
 * (decision record 028): open again with its limit, pay schedule and
 * repayment method; inactivity counts from today as from an activation.
 */
export const deskReopenLine = (d1: D1Database, db: Database, actor: DeskActor, input: ClosureInput, now: Date) =>
  deskLineChange<{ outcome: "reopened"; replayed: boolean }>(d1, db, actor, input, now, {
    reasonMessage: "Give the reason for this change.",
    replay: () => ({ outcome: "reopened", replayed: true }),
    plan: (state) => {
      const { closedOn, closureReason } = state.book.line;
      const problem = reopenProblem({ status: state.line.status, closureReason, closedOn, today: state.today });
      if (problem) throw new ServicingError(422, problem, { reason: problem });
      return {
        set: {
          status: "open",
          closed_at: null,
          closure_reason: null,
          close_requested_on: null,
          reopened_on: state.today,
          // The days it was closed are not serviced after the fact: nothing happens on a closed line.
          serviced_through: state.today,
        },
        action: "reopen line",
        before: { status: state.line.status, closedOn, closureReason },
        after: { status: "open", reopenedOn: state.today },
        result: { outcome: "reopened", replayed: false },
        events: [{ kind: "line_opened", day: state.today, data: { customerId: state.line.customerId, reopened: 1 } }],
        notice: deskNotices.reopened(state.line.creditLimitCents),
      };
    },
  });
