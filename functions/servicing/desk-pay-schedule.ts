import type { Database } from "#db/client";
import type { PayFrequency } from "#domain/config";
import { billingCycleFor } from "#domain/fees";
import { payScheduleProblem } from "#domain/rules/pay-schedule";
import { lineStanding } from "./account-state";
import { ServicingError } from "./context";
import type { DeskActor } from "./desk";
import { deskLineChange } from "./desk-line-change";
import { deskNotices } from "./desk-notices";
import { firstDrawDate, projectedDueDate } from "./engine/index";

/**
 * CHANGE PAY SCHEDULE at the servicing desk (issue 20, decision record 026):
 * the borrower's pay frequency and most recent pay date. The line's schedule
 * changes at once; statements already issued keep their due dates, and the
 * next statement is the first of the new schedule (its statement date after
 * today). The billing cycle, its fees and minimums, and new draws' cash
 * advance fee follow the new frequency from then on.
 */
export interface PayScheduleInput {
  customerId: string;
  frequency: PayFrequency;
  lastPayDate: string;
  reason: string;
  key: string;
}

export interface PayScheduleResult {
  replayed: boolean;
  frequency: PayFrequency;
  /** The first due date of the new schedule (null: no draw yet, so no statement is coming). */
  firstDueDate: string | null;
}

export async function deskChangePaySchedule(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: PayScheduleInput,
  now: Date,
): Promise<PayScheduleResult> {
  return deskLineChange<PayScheduleResult>(d1, db, actor, input, now, {
    reasonMessage: "Give the reason for the new pay schedule.",
    replay: (done) => ({ replayed: true, ...(done.after as { frequency: PayFrequency; firstDueDate: string | null }) }),
    plan: (state) => {
      const { frequency, lastPayDate } = input;
      const standing = lineStanding(state);
      const problem = payScheduleProblem({ standing, frequency, lastPayDate, today: state.today });
      if (problem) throw new ServicingError(422, problem, { lastPayDate: problem });
      const firstDraw = firstDrawDate(state.book);
      const firstDueDate = firstDraw
        ? projectedDueDate(lastPayDate, billingCycleFor(frequency), firstDraw, state.today)
        : null;
      return {
        set: { pay_frequency: frequency, pay_anchor_date: lastPayDate },
        action: "change pay schedule",
        before: { frequency: state.line.payFrequency, payDate: state.line.payAnchorDate },
        after: { frequency, payDate: lastPayDate, firstDueDate },
        result: { replayed: false, frequency, firstDueDate },
        notice: deskNotices.schedule(frequency, firstDueDate),
      };
    },
  });
}
