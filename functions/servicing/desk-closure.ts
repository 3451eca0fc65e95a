import type { Database } from "#db/client";
import { cancelClosureProblem, closesAtOnce, closureProblem } from "#domain/rules/closure";
import { type LineState, loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { type Audited, auditedUnder, auditRecord, type DeskActor, requireActingRole, unlessAnswered } from "./desk";
import { paymentReturnable } from "./engine/index";
import { guardedBatch, insertRow, updateRows } from "./guarded";

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

const standingOf = (state: LineState) =>
  state.line.status === "open" ? state.figures.standing : (state.line.status as "closed");

function closureChange(cancel: boolean, state: LineState, now: Date) {
  const problem = (cancel ? cancelClosureProblem : closureProblem)(standingOf(state), state.line.closeRequestedOn);
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
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for this change.", { reason: "Required." });
  const replay = (done: Audited) => ({ outcome: (done.after as { outcome: ClosureOutcome }).outcome, replayed: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    const done = await auditedUnder(db, actor, input.key);
    if (done) return replay(done);
    const line = await latestLine(db, input.customerId);
    if (!line) throw new ServicingError(404, "This customer has no line of credit.");
    const state = await loadLineState(db, line, now);
    let change: ReturnType<typeof closureChange>;
    try {
      change = closureChange(cancel, state, now);
    } catch (refusal) {
      if (!(refusal instanceof ServicingError)) throw refusal;
      return unlessAnswered(db, actor, input.key, refusal, replay);
    }
    const { outcome, set } = change;
    const before = { status: state.line.status, closeRequestedOn: state.line.closeRequestedOn };
    const action = cancel ? "cancel closure request" : "close line";
    const after = { outcome, balanceCents: state.figures.balanceCents };
    const entry = { action, customerId: input.customerId, reason, before, after };
    const written = await guardedBatch(d1, state.line, [
      updateRows("lines", set, "id = ?", [state.line.id]),
      insertRow("desk_audit", auditRecord(actor, entry, input.key, now.getTime())),
    ]);
    if (written) return { outcome, replayed: false };
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}

export const deskCloseLine = (d1: D1Database, db: Database, actor: DeskActor, input: ClosureInput, now: Date) =>
  changeClosure(d1, db, actor, false, input, now);

export const deskCancelClosure = (d1: D1Database, db: Database, actor: DeskActor, input: ClosureInput, now: Date) =>
  changeClosure(d1, db, actor, true, input, now);
