import type { Database } from "#db/client";
import type { PayFrequency } from "#domain/config";
import { limitProblem, raiseCeilingCents } from "#domain/rules/credit-limit";
import { loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { type Audited, auditedUnder, auditRecord, type DeskActor, requireActingRole, unlessAnswered } from "./desk";
import { guardedBatch, insertRow, updateRows } from "./guarded";

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
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for the new limit.", { reason: "Required." });
  const replay = (done: Audited) => {
    const { before, after } = done as { before: { limitCents: number }; after: { limitCents: number } };
    return { replayed: true, beforeCents: before.limitCents, afterCents: after.limitCents };
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const done = await auditedUnder(db, actor, input.key);
    if (done) return replay(done);
    const line = await latestLine(db, input.customerId);
    if (!line) throw new ServicingError(404, "This customer has no line of credit.");
    const state = await loadLineState(db, line, now);
    const income = state.application;
    const ceilingCents = income ? raiseCeilingCents(income.takeHomeCents, income.payFrequency as PayFrequency) : 0;
    const problem = limitProblem({
      standing: state.line.status === "open" ? state.figures.standing : (state.line.status as "closed"),
      currentCents: state.line.creditLimitCents,
      newCents: input.limitCents,
      ceilingCents,
    });
    if (problem)
      return unlessAnswered(db, actor, input.key, new ServicingError(422, problem, { limit: problem }), replay);
    const before = { limitCents: state.line.creditLimitCents };
    const after = { limitCents: input.limitCents, ceilingCents };
    const entry = { action: "change limit", customerId: input.customerId, reason, before, after };
    const written = await guardedBatch(d1, state.line, [
      updateRows("lines", { credit_limit_cents: input.limitCents }, "id = ?", [state.line.id]),
      insertRow("desk_audit", auditRecord(actor, entry, input.key, now.getTime())),
    ]);
    if (written) return { replayed: false, beforeCents: before.limitCents, afterCents: input.limitCents };
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}
