/**
 * A moved line's confirmations (decision record 032): a draw's or payment's e-mail waits in the line's
 * object, written in the posting's own transaction, so the borrower's answer waits for no trip to the
 * shared database; once answered, the object hands it to the shared dispatch, once, even when the hand-over
 * is repeated after a lost isolate.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { easternDateTime } from "#domain/calendar";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import type { LineLedger } from "../../functions/servicing/objects/line-ledger";
import { issueToken } from "../../functions/servicing/tokens";
import { lineStub } from "./helpers/line-object";

async function movedBorrower() {
  const made = (await copyDemoBorrower(database(env.DB), env, "current@demo.ridgeline.test"))!;
  const line = (await env.DB.prepare("SELECT id FROM lines WHERE customer_id = ?")
    .bind(made.customerId)
    .first<{ id: number }>())!;
  // Its line opened in its own object with its history (decision record 032).
  expect(await env.DB.prepare("SELECT status FROM lines WHERE id = ?").bind(line.id).first("status")).toBe("moved");
  const token = await issueToken(database(env.DB), "customer", made.customerId, Date.now());
  const client = new PlatformClient(embeddedTransport(env), memoryTokenHolder(token), EMBEDDED_MERCHANT_ID);
  return { customerId: made.customerId, lineId: line.id, client };
}

const recordsOf = (customerId: string, template: string) =>
  env.DB.prepare("SELECT id, status FROM message_records WHERE customer_id = ? AND template = ?")
    .bind(customerId, template)
    .all<{ id: string; status: string }>()
    .then((r) => r.results);

const waiting = (lineId: number) =>
  runInDurableObject(lineStub(lineId), (_object: LineLedger, state) =>
    state.storage.sql.exec("SELECT id FROM message_handover").toArray(),
  );

describe("a moved line's confirmation", () => {
  it("waits in the object with the draw, then is recorded and queued in the shared database once", async () => {
    const { customerId, lineId, client } = await movedBorrower();
    const draw = {
      applNo: lineId,
      transactionDate: easternDateTime(new Date()).date,
      transactionAmount: 10_000,
      transactionCode: "D" as const,
    };
    await client.call(catalogue.account.PostTransaction, draw, { idempotencyKey: crypto.randomUUID() });
    await vi.waitFor(async () => expect(await recordsOf(customerId, "drawReceived")).toHaveLength(1));
    // Queued, or already sent by the dispatch queue's consumer.
    expect(["queued", "sent"]).toContain((await recordsOf(customerId, "drawReceived"))[0]!.status);
    await vi.waitFor(async () => expect(await waiting(lineId)).toEqual([]));
  });

  it("is handed over once when the hand-over runs again after a lost isolate", async () => {
    const { customerId, lineId } = await movedBorrower();
    const message = {
      channel: "email",
      recipient: `${customerId}@example.com`,
      subject: "Your payment is scheduled",
      body: "Your payment is scheduled.",
      template: "paymentScheduled",
      category: "transactional",
      customerId,
    };
    // Waiting since a posting whose isolate was lost before it handed the message over; and one whose
    // record reached the shared database before the isolate was lost, its waiting row not yet removed.
    const handed = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO message_records (id, customer_id, channel, template, recipient_masked, subject, status, provider, created_at, updated_at)
       VALUES (?, ?, 'email', 'paymentScheduled', 'x', 'Your payment is scheduled', 'queued', 'outbox', ?, ?)`,
    )
      .bind(handed, customerId, Date.now(), Date.now())
      .run();
    await runInDurableObject(lineStub(lineId), async (object: LineLedger) => {
      for (const id of ["lost-before-handover", handed])
        await object.d1
          .prepare("INSERT INTO message_handover (id, message, created_at) VALUES (?, ?, ?)")
          .bind(id, JSON.stringify(message), Date.now())
          .run();
    });
    await lineStub(lineId).service();
    await lineStub(lineId).service();
    const records = await recordsOf(customerId, "paymentScheduled");
    expect(records.map((r) => r.id).sort()).toEqual([handed, "lost-before-handover"].sort());
    expect(await waiting(lineId)).toEqual([]);
  });
});
