import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers } from "#db/schema/servicing";
import { type LineState, loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { type Audited, auditedUnder, auditRecord, type DeskActor, requireActingRole, unlessAnswered } from "./desk";
import { eventWrite, type LineEventInput } from "./events";
import { guardedBatch, insertRow, updateRows } from "./guarded";
import { outgoingFor } from "./outgoing";
import { templates } from "./templates";

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
  /** What the borrower is told by e-mail once the change is written (functions/servicing/desk-notices.ts). */
  notice: { subject: string; words: string };
  /** What the line's events record of the change (a closure, a reopening), in the same batch. */
  events?: LineEventInput[];
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
      ...(change.events ?? []).map((e) => eventWrite(state.line.id, e, now.getTime())),
    ]);
    if (written) {
      await tellBorrower(db, input.customerId, change.notice);
      return change.result;
    }
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}

/** The e-mail confirming a change made on the borrower's call, to the address on file. */
async function tellBorrower(db: Database, customerId: string, notice: LineChange<unknown>["notice"]): Promise<void> {
  const to = await db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .get();
  if (to) await outgoingFor(db).send(templates.accountChanged(to, notice));
}
