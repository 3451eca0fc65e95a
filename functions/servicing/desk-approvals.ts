import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, deskRequests } from "#db/schema/servicing";
import { type LineState, loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { reversingRow } from "./corrections";
import { latestLine } from "./customers";
import { auditedUnder, auditRecord, type DeskActor, requireActingRole } from "./desk";
import { type CorrectionKind, correctionEntry, correctionProblem, correctionProblemMessages } from "./engine/index";
import { guardedBatch, insertRow, updateRows } from "./guarded";
import { answeredBody, lineHomeCall } from "./objects/homes";
import { newTransactionId } from "./posting-ids";

/**
 * Maker-checker for the desk's corrections of money (issue 20, decision
 * record 022): a fee waived or refunded, a payment reversed. One desk user
 * asks, with a reason; a supervisor who did not ask approves or rejects,
 * with a reason. The rule is checked when asked (so the queue holds only
 * what could be done) and again when approved (the account may have moved).
 * Each step is one guarded batch with its audit row; the same form again
 * answers what the first did.
 */
export interface CorrectionRequest {
  customerId: string;
  kind: CorrectionKind;
  /** The ledger row to cancel: a carried balance fee or a payment. */
  entryId: string;
  reason: string;
  key: string;
}

const REQUEST_ACTION: Record<CorrectionKind, string> = {
  "waive fee": "request fee waiver",
  "reverse payment": "request payment reversal",
};

export const approvalMessages = {
  supervisorsOnly: "Only a supervisor may approve or reject a request.",
  ownRequest: "You made this request: another supervisor must decide it.",
  alreadyOpen: "A request for this row already awaits a supervisor.",
  decided: (status: string) => `This request was already ${status}.`,
  busy: "The account is busy. Please try again.",
};

function requireReason(reason: string, message: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new ServicingError(422, message, { reason: "Required." });
  return trimmed;
}

/**
 * The customer's newest line as the shared database keeps it, and its state. A moved line's state is
 * its object's (decision record 032); its requests stay in the shared queue, and their writes there
 * are guarded by the shared database's frozen copy of the line (`guard`), which nothing else changes.
 */
async function lineStateOf(db: Database, customerId: string, now: Date) {
  const line = await latestLine(db, customerId);
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  const state = await loadLineState(db, line, now);
  return { state, guard: line.status === "moved" ? line : state.line };
}

function checkCorrection(state: LineState, kind: CorrectionKind, entryId: string) {
  const problem = correctionProblem(state.book, kind, entryId, state.today);
  if (problem) throw new ServicingError(problem === "unknown" ? 404 : 422, correctionProblemMessages[kind][problem]);
  return state.book.entries.find((e) => e.id === entryId)!;
}

/** ASK for a correction: checked now, queued for a supervisor, audited; once per form key. */
export async function deskRequestCorrection(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: CorrectionRequest,
  now: Date,
): Promise<{ requestId: number; replayed: boolean }> {
  requireActingRole(actor);
  const reason = requireReason(input.reason, "Give the reason for this request.");
  const mine = and(eq(deskRequests.maker, actor.email), eq(deskRequests.makerKey, input.key));
  for (let attempt = 0; attempt < 3; attempt++) {
    const made = await db
      .select({ id: deskRequests.id, kind: deskRequests.kind, entryId: deskRequests.entryId })
      .from(deskRequests)
      .where(mine)
      .get();
    // A key is one request: the same form with another row (Back, then another choice) is a stale form, not a replay.
    if (made && (made.kind !== input.kind || made.entryId !== input.entryId))
      throw new ServicingError(422, "This form has expired. Please fill it in again.");
    if (made) return { requestId: made.id, replayed: true };
    const { state, guard } = await lineStateOf(db, input.customerId, now);
    const target = checkCorrection(state, input.kind, input.entryId);
    const open = await db
      .select({ id: deskRequests.id, maker: deskRequests.maker, key: deskRequests.makerKey })
      .from(deskRequests)
      .where(and(eq(deskRequests.entryId, target.id), eq(deskRequests.status, "pending")))
      .get();
    // The open request may be this form's other submit (a double click written since the first read): its answer.
    if (open?.maker === actor.email && open.key === input.key) return { requestId: open.id, replayed: true };
    if (open) throw new ServicingError(409, approvalMessages.alreadyOpen);
    const at = now.getTime();
    const request = { kind: input.kind, entryId: target.id, amountCents: target.amountCents, status: "pending" };
    const written = await guardedBatch(d1, guard, [
      insertRow("desk_requests", {
        customer_id: input.customerId,
        line_id: state.line.id,
        kind: input.kind,
        entry_id: target.id,
        amount_cents: target.amountCents,
        reason,
        maker: actor.email,
        made_at: at,
        status: "pending",
        maker_key: input.key,
      }),
      insertRow(
        "desk_audit",
        auditRecord(
          actor,
          { action: REQUEST_ACTION[input.kind], customerId: input.customerId, reason, after: request },
          input.key,
          at,
        ),
      ),
    ]);
    if (written) {
      const row = await db.select({ id: deskRequests.id }).from(deskRequests).where(mine).get();
      return { requestId: row!.id, replayed: false };
    }
  }
  throw new ServicingError(409, approvalMessages.busy);
}

export interface Decision {
  requestId: number;
  decision: "approve" | "reject";
  reason: string;
  key: string;
}

/**
 * APPROVE (the reversal row is written) or REJECT a request: a supervisor,
 * never its maker, while it is pending. The row, the request's new status and
 * the audit row are one batch guarded by the line's version.
 */
export async function deskDecideRequest(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: Decision,
  now: Date,
): Promise<{ status: "approved" | "rejected"; replayed: boolean }> {
  if (actor.role !== "supervisor") throw new ServicingError(403, approvalMessages.supervisorsOnly);
  const reason = requireReason(input.reason, "Give the reason for your decision.");
  for (let attempt = 0; attempt < 3; attempt++) {
    const done = await auditedUnder(db, actor, input.key);
    if (done) {
      const after = done.after as { requestId?: number; status: "approved" | "rejected" };
      // A key is one decision on one request: another request under it is a stale form, not a replay.
      if (after.requestId !== input.requestId)
        throw new ServicingError(422, "The form has expired. Please decide the request again.");
      return { status: after.status, replayed: true };
    }
    const asked = await db.select().from(deskRequests).where(eq(deskRequests.id, input.requestId)).get();
    if (!asked) throw new ServicingError(404, "No such request.");
    const line = await latestLine(db, asked.customerId);
    if (!line) throw new ServicingError(404, "This customer has no line of credit.");
    const moved = line.status === "moved";
    const state = moved ? null : await loadLineState(db, line, now);
    // Read again after the line's version: a decision made since then changed the version, so this batch's guard
    // fails and the loop reads it; one made before is seen here. Two supervisors deciding at once decide once.
    const request = (await db.select().from(deskRequests).where(eq(deskRequests.id, input.requestId)).get())!;
    if (request.status !== "pending") throw new ServicingError(409, approvalMessages.decided(request.status));
    if (request.maker === actor.email) throw new ServicingError(403, approvalMessages.ownRequest);
    const status = input.decision === "approve" ? "approved" : "rejected";
    const at = now.getTime();
    const decided = { status, checker: actor.email, decidedAt: at, decisionReason: reason } as const;
    // A moved line's object decides first, once: the reversal is the line's, written there with its decision.
    const kept = moved ? await decidedInLine(db, line.id, request, decided) : decided;
    // Another supervisor's decision may have reached the line's object first: the request records that one.
    const mine = kept.status === status && kept.checker === actor.email;
    const entry = {
      action: `${input.decision === "approve" ? "approve" : "reject"} ${REQUEST_ACTION[request.kind as CorrectionKind].replace("request ", "")}`,
      customerId: request.customerId,
      reason,
      before: { requestId: request.id, status: "pending", maker: request.maker, entryId: request.entryId },
      after: { requestId: request.id, status, amountCents: request.amountCents },
    };
    const writes = [
      updateRows(
        "desk_requests",
        {
          status: kept.status,
          checker: kept.checker,
          decided_at: kept.decidedAt,
          decision_reason: kept.decisionReason,
        },
        "id = ? AND status = 'pending'",
        [request.id],
      ),
      ...(mine ? [insertRow("desk_audit", auditRecord(actor, entry, input.key, at))] : []),
    ];
    if (state && input.decision === "approve") writes.unshift(correctionWrite(state, request, at));
    if (!(await guardedBatch(d1, state?.line ?? line, writes))) continue;
    if (!mine) throw new ServicingError(409, approvalMessages.decided(kept.status));
    return { status, replayed: false };
  }
  throw new ServicingError(409, approvalMessages.busy);
}

/** The reversal row an approved request writes, checked against the line as it stands. */
function correctionWrite(state: LineState, request: Pick<DeskRequest, "kind" | "entryId">, at: number) {
  const target = checkCorrection(state, request.kind as CorrectionKind, request.entryId);
  const row = correctionEntry(target, newTransactionId(), state.today, at);
  const description = request.kind === "waive fee" ? "Fee waived or refunded" : "Payment reversed";
  return reversingRow(row, state.line.id, description);
}

type DeskRequest = typeof deskRequests.$inferSelect;

/** A supervisor's decision, as the request keeps it. */
export interface RequestDecision {
  status: "approved" | "rejected";
  checker: string;
  decidedAt: number;
  decisionReason: string;
}

/**
 * A request's decision in a moved line's object (decision record 032): the first decision of a request
 * is kept there, in one transaction with the reversal row when it approves; any later one is answered
 * with it, so the request is decided once and the reversal written once, whatever happens between the
 * object and the shared queue. The shared queue then records the decision the object kept.
 */
export async function decideInLine(
  d1: D1Database,
  db: Database,
  request: DeskRequest,
  decision: RequestDecision,
  now: Date,
): Promise<RequestDecision> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = await db.select().from(deskRequests).where(eq(deskRequests.id, request.id)).get();
    if (kept)
      return {
        status: kept.status as RequestDecision["status"],
        checker: kept.checker ?? "",
        decidedAt: kept.decidedAt ?? 0,
        decisionReason: kept.decisionReason ?? "",
      };
    const line = await latestLine(db, request.customerId);
    if (!line) throw new ServicingError(404, "This customer has no line of credit.");
    const state = await loadLineState(db, line, now);
    const writes = [
      insertRow("desk_requests", {
        id: request.id,
        customer_id: request.customerId,
        line_id: request.lineId,
        kind: request.kind,
        entry_id: request.entryId,
        amount_cents: request.amountCents,
        reason: request.reason,
        maker: request.maker,
        made_at: request.madeAt,
        maker_key: request.makerKey,
        status: decision.status,
        checker: decision.checker,
        decided_at: decision.decidedAt,
        decision_reason: decision.decisionReason,
      }),
    ];
    if (decision.status === "approved") writes.unshift(correctionWrite(state, request, decision.decidedAt));
    if (await guardedBatch(d1, state.line, writes)) return decision;
  }
  throw new ServicingError(409, approvalMessages.busy);
}

/** The decision a moved line's object kept, or its refusal (the fee or payment can no longer be corrected). */
async function decidedInLine(db: Database, lineId: number, request: DeskRequest, decision: RequestDecision) {
  const answer = await lineHomeCall(db, lineId, (home) => home.decideRequest(request, decision, decision.decidedAt));
  return answeredBody<RequestDecision>(answer);
}

/** The requests awaiting a supervisor, oldest first (the queue), or one customer's requests, newest first. */
export async function deskRequestsList(db: Database, customerId?: string) {
  const columns = {
    id: deskRequests.id,
    customerId: deskRequests.customerId,
    name: customers.firstName,
    lastName: customers.lastName,
    kind: deskRequests.kind,
    entryId: deskRequests.entryId,
    amountCents: deskRequests.amountCents,
    reason: deskRequests.reason,
    maker: deskRequests.maker,
    madeAt: deskRequests.madeAt,
    status: deskRequests.status,
    checker: deskRequests.checker,
    decidedAt: deskRequests.decidedAt,
    decisionReason: deskRequests.decisionReason,
  };
  const query = db.select(columns).from(deskRequests).innerJoin(customers, eq(customers.id, deskRequests.customerId));
  const rows = customerId
    ? await query.where(eq(deskRequests.customerId, customerId)).orderBy(desc(deskRequests.madeAt)).all()
    : await query.where(eq(deskRequests.status, "pending")).orderBy(deskRequests.madeAt).all();
  return rows.map(({ name, lastName, ...r }) => ({ ...r, name: `${name} ${lastName}` }));
}

export type DeskRequestRow = Awaited<ReturnType<typeof deskRequestsList>>[number];
