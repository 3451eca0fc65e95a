import type { Database } from "#db/client";
import type { PayFrequency } from "#domain/config";
import { limitProblem, raiseCeilingCents } from "#domain/rules/credit-limit";
import { lineStanding } from "./account-state";
import { ServicingError } from "./context";
import type { DeskActor } from "./desk";
import { deskLineChange } from "./desk-line-change";
import { deskNotices } from "./desk-notices";

/**
 * CHANGE LIMIT at the servicing desk (issue 20, decision record 023): a raise
 * through underwriting's income rule (the income on the line's application),
 * up to the line's maximum, for a current line; a lower limit in any standing,
 * not below the smallest line. The new limit and its audit row are one batch
 * guarded by the line's version; the same form again changes nothing more.
 */
export interface LimitChangeInput {
  customerId: string;
  limitCents: number;
  reason: string;
  key: string;
}

export async function deskChangeLimit(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: LimitChangeInput,
  now: Date,
): Promise<{ replayed: boolean; beforeCents: number; afterCents: number }> {
  return deskLineChange<{ replayed: boolean; beforeCents: number; afterCents: number }>(d1, db, actor, input, now, {
    reasonMessage: "Give the reason for the new limit.",
    replay: (done) => {
      const { before, after } = done as { before: { limitCents: number }; after: { limitCents: number } };
      return { replayed: true, beforeCents: before.limitCents, afterCents: after.limitCents };
    },
    plan: (state) => {
      const income = state.application;
      const ceilingCents = income ? raiseCeilingCents(income.takeHomeCents, income.payFrequency as PayFrequency) : 0;
      const problem = limitProblem({
        standing: lineStanding(state),
        currentCents: state.line.creditLimitCents,
        newCents: input.limitCents,
        ceilingCents,
      });
      if (problem) throw new ServicingError(422, problem, { limit: problem });
      const beforeCents = state.line.creditLimitCents;
      return {
        set: { credit_limit_cents: input.limitCents },
        action: "change limit",
        before: { limitCents: beforeCents },
        after: { limitCents: input.limitCents, ceilingCents },
        result: { replayed: false, beforeCents, afterCents: input.limitCents },
        notice: deskNotices.limit(beforeCents, input.limitCents),
      };
    },
  });
}
