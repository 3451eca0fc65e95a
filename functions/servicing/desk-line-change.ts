import type { Database } from "#db/client";
import { type LineState, loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { type Audited, auditedUnder, auditRecord, type DeskActor, requireActingRole, unlessAnswered } from "./desk";
import { guardedBatch, insertRow, updateRows } from "./guarded";

/**
 * One desk change to a borrower's line (a limit, automatic payments, a
 * closure): an acting role and a reason; the form's key answered once; the
 * line's new columns and the audit row in one batch guarded by the line's
 * version, read again when another change won the race; a refusal met after
 * the same form's other submit committed is that submit's answer.
 */
export interface LineChange<R> {
  /** The line's columns to set. */
  set: Record<string, unknown>;
  action: string;
  before: object;
  after: object;
  result: R;
}

export async function deskLineChange<R>(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: { customerId: string; reason: string; key: string },
  now: Date,
  how: { reasonMessage: string; replay: (done: Audited) => R; plan: (state: LineState) => LineChange<R> },
): Promise<R> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, how.reasonMessage, { reason: "Required." });
  for (let attempt = 0; attempt < 3; attempt++) {
    const done = await auditedUnder(db, actor, input.key);
    if (done) return how.replay(done);
    const line = await latestLine(db, input.customerId);
    if (!line) throw new ServicingError(404, "This customer has no line of credit.");
    const state = await loadLineState(db, line, now);
    let change: LineChange<R>;
    try {
      change = how.plan(state);
    } catch (refusal) {
      if (!(refusal instanceof ServicingError)) throw refusal;
      return unlessAnswered(db, actor, input.key, refusal, how.replay);
    }
    const { set, action, before, after } = change;
    const entry = { action, customerId: input.customerId, reason, before, after };
    const written = await guardedBatch(d1, state.line, [
      updateRows("lines", set, "id = ?", [state.line.id]),
      insertRow("desk_audit", auditRecord(actor, entry, input.key, now.getTime())),
    ]);
    if (written) return change.result;
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}
