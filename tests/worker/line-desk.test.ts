/**
 * The servicing desk's changes to a moved borrower's line (decision record 032): the desk's phone payments, limits, automatic payments, closures and pay schedules are made
 * in the line's object by the same functions, under the same keys, refusals and roles; their audit rows
 * reach the shared audit log, and a copy lost on the way is made again by the next servicing run.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { easternDateTime } from "#domain/calendar";
import { deskCore } from "../../functions/server/desk/core";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import { deskBorrowerFile } from "../../functions/servicing/desk";
import { deskTakePayment } from "../../functions/servicing/desk-payments";
import { devReturnPayment, returnablePayments } from "../../functions/servicing/dev-returns";
import { MOVED_LINE_REFUSAL, withLineHomes } from "../../functions/servicing/objects/homes";
import type { LineLedger } from "../../functions/servicing/objects/line-ledger";
import { lineStub, lineTablesInD1 } from "./helpers/line-object";

const agent = { email: "agent@ridgeline.test", role: "agent" as const };
const auditor = { email: "auditor@ridgeline.test", role: "auditor" as const };
const supervisor = { email: "supervisor@ridgeline.test", role: "supervisor" as const };
const secondSupervisor = { email: "second@ridgeline.test", role: "supervisor" as const };
const today = () => easternDateTime(new Date()).date;

async function movedBorrower(email = "current@demo.ridgeline.test") {
  const made = (await copyDemoBorrower(database(env.DB), env, email))!;
  const line = (await env.DB.prepare("SELECT id FROM lines WHERE customer_id = ? ORDER BY created_at DESC")
    .bind(made.customerId)
    .first<{ id: number }>())!;
  // Its line opened in its own object with its history (decision record 032).
  expect(await env.DB.prepare("SELECT status FROM lines WHERE id = ?").bind(line.id).first("status")).toBe("moved");
  return { customerId: made.customerId, lineId: line.id };
}

const sharedAudit = (customerId: string) =>
  env.DB.prepare("SELECT action, actor, idempotency_key AS key FROM desk_audit WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all<{ action: string; actor: string; key: string }>()
    .then((r) => r.results);

const objectRows = (lineId: number, table: string) =>
  lineStub(lineId)
    .rowsOf([table])
    .then((rows) => rows[table]!);

const fileOf = (customerId: string) =>
  deskBorrowerFile(withLineHomes(database(env.DB), env.LINES), customerId, new Date());

describe("the desk changes a moved line in its object", () => {
  it("takes a phone payment there once per form key, audits it in the shared log and confirms it", async () => {
    const { customerId, lineId } = await movedBorrower();
    const date = (await fileOf(customerId)).line!.achEffectiveDate;
    const input = { customerId, amountCents: 5_000, date, reason: "Paid by phone", key: "moved-pay-1" };
    const sent = () =>
      env.DB.prepare("SELECT template FROM message_records WHERE customer_id = ?")
        .bind(customerId)
        .all<{ template: string }>()
        .then((r) => r.results.map((m) => m.template));
    const before = await sent();
    const first = await deskCore.takePayment(env, agent, input);
    const again = await deskCore.takePayment(env, agent, input);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    // The confirmation waited in the object's transaction; once answered, it is recorded and queued in the shared database, once.
    await vi.waitFor(async () => expect((await sent()).length).toBe(before.length + 1));
    const payments = (await objectRows(lineId, "transactions")).filter((t) => t.id === first.paymentTransactionId);
    expect(payments).toHaveLength(1);
    // The shared database has no table a payment could be written to (migration 0028).
    expect(await lineTablesInD1()).toEqual([]);
    expect(await sharedAudit(customerId)).toEqual([
      { action: "payment by phone", actor: agent.email, key: "moved-pay-1" },
    ]);
    const file = await fileOf(customerId);
    expect(file.audit.map((a) => a.action)).toEqual(["payment by phone"]);
    expect(file.line?.pending.some((t) => t.amountCents === 5_000)).toBe(true);
  });

  it("changes the limit, automatic payments, pay schedule and closure, and the directory follows", async () => {
    const { customerId, lineId } = await movedBorrower();
    const before = (await fileOf(customerId)).line!;
    const lower = before.creditLimitCents - 10_000;
    await deskCore.changeLimit(env, agent, { customerId, limitCents: lower, reason: "Asked", key: "lim-1" });
    await deskCore.revokeAutopay(env, agent, { customerId, reason: "Asked", key: "auto-1" });
    const schedule = { customerId, frequency: "B" as const, lastPayDate: today(), reason: "New job", key: "pay-1" };
    expect((await deskCore.changePaySchedule(env, agent, schedule)).frequency).toBe("B");
    const closing = await deskCore.closeLine(env, agent, { customerId, reason: "Asked", key: "close-1" });
    expect(closing.outcome).toBe("closing");
    const [line] = await objectRows(lineId, "lines");
    expect(line).toMatchObject({ credit_limit_cents: lower, pay_frequency: "B", pay_anchor_date: today() });
    expect(line!.autopay_ends_on).not.toBeNull();
    expect(line!.close_requested_on).not.toBeNull();
    const kept = await deskCore.cancelClosure(env, agent, { customerId, reason: "Changed mind", key: "keep-1" });
    expect(kept.outcome).toBe("kept open");
    const after = (await fileOf(customerId)).line!;
    expect(after.creditLimitCents).toBe(lower);
    const directory = await env.DB.prepare("SELECT status, store FROM line_directory WHERE line_id = ?")
      .bind(lineId)
      .first();
    expect(directory).toEqual({ status: "open", store: "object" });
    expect((await sharedAudit(customerId)).map((a) => a.action)).toEqual([
      "change limit",
      "revoke automatic payments",
      "change pay schedule",
      "close line",
      "cancel closure request",
    ]);
    // Nothing was written to the shared database's frozen copy.
    const frozen = await env.DB.prepare("SELECT credit_limit_cents AS limitCents, status FROM lines WHERE id = ?")
      .bind(lineId)
      .first();
    expect(frozen).toEqual({ limitCents: before.creditLimitCents, status: "moved" });
  });

  it("refuses there as it refuses here: a missing reason, a raise beyond the rules, an auditor", async () => {
    const { customerId, lineId } = await movedBorrower();
    const limit = (await fileOf(customerId)).line!.creditLimitCents;
    await expect(
      deskCore.changeLimit(env, agent, { customerId, limitCents: limit, reason: " ", key: "r-1" }),
    ).rejects.toMatchObject({ status: 422, message: "Give the reason for the new limit." });
    await expect(
      deskCore.changeLimit(env, agent, { customerId, limitCents: 99_900_000, reason: "Raise", key: "r-2" }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      deskCore.revokeAutopay(env, auditor, { customerId, reason: "Asked", key: "r-3" }),
    ).rejects.toMatchObject({ status: 403, message: "Your desk role may not make changes." });
    expect(await sharedAudit(customerId)).toEqual([]);
    expect((await objectRows(lineId, "lines"))[0]!.credit_limit_cents).toBe(limit);
  });

  it("copies an audit row whose copy was lost on the next servicing run, once", async () => {
    const { customerId, lineId } = await movedBorrower();
    // A change written in the object whose copy was lost with its isolate: its audit row is only there.
    await runInDurableObject(lineStub(lineId), (object: LineLedger) =>
      env.DB.prepare("SELECT 1")
        .first()
        .then(() =>
          object.d1
            .prepare(
              `INSERT INTO desk_audit (at, actor, role, action, customer_id, reason, idempotency_key)
             VALUES (?, ?, 'agent', 'revoke automatic payments', ?, 'Asked', 'lost-1')`,
            )
            .bind(Date.now(), agent.email, customerId)
            .run(),
        ),
    );
    expect(await sharedAudit(customerId)).toEqual([]);
    await lineStub(lineId).service();
    await lineStub(lineId).service();
    expect(await sharedAudit(customerId)).toEqual([
      { action: "revoke automatic payments", actor: agent.email, key: "lost-1" },
    ]);
  });

  it("queues a correction in the shared queue and writes its reversal in the object, once", async () => {
    const { customerId, lineId } = await movedBorrower("pastdue@demo.ridgeline.test");
    const target = (await fileOf(customerId)).line!.correctable.fees[0]!;
    const asked = { customerId, kind: "waive fee" as const, entryId: target.id, reason: "Goodwill", key: "corr-1" };
    const { requestId } = await deskCore.requestCorrection(env, agent, asked);
    expect((await deskCore.requests(env)).map((r) => r.id)).toContain(requestId);
    const decide = { requestId, decision: "approve" as const, reason: "Agreed", key: "dec-1" };
    await expect(deskCore.decideRequest(env, { ...agent, role: "supervisor" }, decide)).rejects.toMatchObject({
      status: 403,
    });
    expect(await deskCore.decideRequest(env, supervisor, decide)).toEqual({
      status: "approved",
      replayed: false,
    });
    expect(await deskCore.decideRequest(env, supervisor, decide)).toEqual({
      status: "approved",
      replayed: true,
    });
    const other = { ...decide, decision: "reject" as const, key: "dec-2" };
    await expect(deskCore.decideRequest(env, secondSupervisor, other)).rejects.toMatchObject({
      status: 409,
      message: "This request was already approved.",
    });
    const reversals = (await objectRows(lineId, "ledger_entries")).filter((e) => e.reverses_id === target.id);
    expect(reversals).toHaveLength(1);
    expect(await lineTablesInD1()).toEqual([]);
    expect((await fileOf(customerId)).line!.correctable.fees.map((f) => f.id)).not.toContain(target.id);
    expect((await sharedAudit(customerId)).map((a) => a.action)).toEqual(["request fee waiver", "approve fee waiver"]);
  });

  it("keeps the object's first decision when the shared queue missed it: a later, other decision is refused", async () => {
    const { customerId, lineId } = await movedBorrower("pastdue@demo.ridgeline.test");
    const target = (await fileOf(customerId)).line!.correctable.fees[0]!;
    const asked = { customerId, kind: "waive fee" as const, entryId: target.id, reason: "Goodwill", key: "corr-2" };
    const { requestId } = await deskCore.requestCorrection(env, agent, asked);
    const request = (await env.DB.prepare("SELECT * FROM desk_requests WHERE id = ?").bind(requestId).first())!;
    // The first supervisor's approval reached the object, and their worker died before the shared queue heard.
    const kept = await runInDurableObject(lineStub(lineId), (object: LineLedger) =>
      object.decideRequest(
        {
          id: requestId,
          customerId,
          lineId,
          kind: "waive fee",
          entryId: target.id,
          amountCents: Number(request.amount_cents),
          reason: "Goodwill",
          maker: agent.email,
          madeAt: Number(request.made_at),
          status: "pending",
          checker: null,
          decidedAt: null,
          decisionReason: null,
          makerKey: "corr-2",
        },
        { status: "approved", checker: supervisor.email, decidedAt: Date.now(), decisionReason: "Agreed" },
        Date.now(),
      ),
    );
    expect(kept).toMatchObject({ status: 200, body: { status: "approved", checker: supervisor.email } });
    const reject = { requestId, decision: "reject" as const, reason: "No", key: "dec-3" };
    await expect(deskCore.decideRequest(env, secondSupervisor, reject)).rejects.toMatchObject({
      status: 409,
      message: "This request was already approved.",
    });
    // The shared queue records the decision the object kept: its supervisor and reason, not the refused one's.
    const recorded = await env.DB.prepare(
      "SELECT status, checker, decision_reason AS reason FROM desk_requests WHERE id = ?",
    )
      .bind(requestId)
      .first();
    expect(recorded).toEqual({ status: "approved", checker: supervisor.email, reason: "Agreed" });
    expect((await objectRows(lineId, "ledger_entries")).filter((e) => e.reverses_id === target.id)).toHaveLength(1);
  });

  it("returns a moved line's payment in its object, and refuses the same return again with its reason", async () => {
    const { customerId, lineId } = await movedBorrower();
    const email = (await env.DB.prepare("SELECT email FROM customers WHERE id = ?")
      .bind(customerId)
      .first<string>("email"))!;
    const db = withLineHomes(database(env.DB), env.LINES);
    // A phone payment, posted on its day by the object's own servicing.
    const date = (await fileOf(customerId)).line!.achEffectiveDate;
    await deskCore.takePayment(env, agent, {
      customerId,
      amountCents: 5_000,
      date,
      reason: "Phone",
      key: "ret-1",
    });
    const now = new Date(`${date}T18:00:00Z`);
    await lineStub(lineId).service(now.getTime(), { arm: false });
    const found = (await returnablePayments(db, email, now))!;
    expect(found.payments.length).toBeGreaterThan(0);
    const paymentId = found.payments[0]!.entryId;
    expect(found.payments[0]!.amountCents).toBe(5_000);
    const returned = await devReturnPayment(db, email, paymentId, now);
    expect(returned.returned.entryId).toBe(paymentId);
    expect((await objectRows(lineId, "ledger_entries")).filter((e) => e.reverses_id === paymentId)).toHaveLength(1);
    expect(await lineTablesInD1()).toEqual([]);
    await expect(devReturnPayment(db, email, paymentId, now)).rejects.toMatchObject({ status: 422 });
  });

  it("refuses a write against the shared database's frozen copy of a moved line", async () => {
    const { customerId } = await movedBorrower();
    const direct = deskTakePayment(
      env.DB,
      database(env.DB),
      agent,
      { customerId, amountCents: 5_000, date: today(), reason: "Phone", key: "frozen-1" },
      new Date(),
    );
    await expect(direct).rejects.toThrow(MOVED_LINE_REFUSAL);
  });
});
