import { asc, gt } from "drizzle-orm";
import type { Database } from "#db/client";
import { deskAudit } from "#db/schema/servicing";
import type { DeskActor } from "../desk";
import { deskAuthorizeAutopay, deskRevokeAutopay } from "../desk-autopay";
import { deskCancelClosure, deskCloseLine, deskReopenLine } from "../desk-closure";
import { deskChangeLimit } from "../desk-limits";
import { deskChangePaySchedule } from "../desk-pay-schedule";
import { deskCancelPayment, deskTakePayment } from "../desk-payments";
import { asAnswer, type CustomerRow, keepCustomerCopy, type LineAnswer } from "./line-calls";

/**
 * The desk's changes to one borrower's line (decision record 032): run by the same functions whether
 * the line's rows are in the shared database or in the line's object, so a moved borrower's phone
 * payment, limit, automatic payments, closure and pay schedule follow the same rules, keys and audit.
 */
export const DESK_LINE_ACTIONS = {
  takePayment: deskTakePayment,
  cancelPayment: deskCancelPayment,
  revokeAutopay: deskRevokeAutopay,
  authorizeAutopay: deskAuthorizeAutopay,
  closeLine: deskCloseLine,
  cancelClosure: deskCancelClosure,
  reopenLine: deskReopenLine,
  changeLimit: deskChangeLimit,
  changePaySchedule: deskChangePaySchedule,
} as const;

export type DeskLineAction = keyof typeof DESK_LINE_ACTIONS;
type Actions = typeof DESK_LINE_ACTIONS;
export type DeskLineInput<A extends DeskLineAction> = Parameters<Actions[A]>[3];
export type DeskLineResult<A extends DeskLineAction> = Awaited<ReturnType<Actions[A]>>;

/** One desk change sent to a line's object: the host read the customer as the shared database keeps them. */
export interface DeskCall {
  action: DeskLineAction;
  actor: DeskActor;
  input: { customerId: string };
  customer: CustomerRow;
  nowMs: number;
}

/**
 * A desk change in the line's object. The object's copy of the customer is brought up to date first
 * (their address and phone are changed in the shared database), so the confirmation goes where the
 * borrower asked. A refusal is answered as the core's app would give it.
 */
export async function answerDeskCall(d1: D1Database, db: Database, call: DeskCall): Promise<LineAnswer> {
  if (call.customer.id !== call.input.customerId) throw new Error("The desk call names another customer.");
  await keepCustomerCopy(db, call.customer);
  const action = DESK_LINE_ACTIONS[call.action] as (
    d1: D1Database,
    db: Database,
    actor: DeskActor,
    input: unknown,
    now: Date,
  ) => Promise<unknown>;
  return asAnswer(() => action(d1, db, call.actor, call.input, new Date(call.nowMs)));
}

/**
 * The object's audit rows after `afterId`, for the shared audit log: the log is searched across every
 * borrower, so each row the object writes is copied there (once: the log's key is the actor's form key).
 */
export function auditRowsAfter(db: Database, afterId: number) {
  return db.select().from(deskAudit).where(gt(deskAudit.id, afterId)).orderBy(asc(deskAudit.id)).all();
}

/** The copies' inserts, in one batch of the shared database; a row already there is left as it is. */
export function shareAuditRows(shared: Database, rows: (typeof deskAudit.$inferSelect)[]) {
  if (rows.length === 0) return Promise.resolve();
  const [first, ...rest] = rows.map(({ id, ...row }) => shared.insert(deskAudit).values(row).onConflictDoNothing());
  return shared.batch([first!, ...rest]).then(() => undefined);
}
