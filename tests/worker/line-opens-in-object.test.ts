/**
 * A line lives in its own object from the day it opens (decision record
 * 032): the e-sign's FinishESign (or OpenLine) opens it there, with its first draw, before it answers;
 * the borrower's first summary is the object's, and the shared database keeps the line's row, marked
 * moved, and the directory's entry. No row of the line is ever written to D1.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { easternDateTime } from "#domain/calendar";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { devApi } from "../../functions/server/api/dev";
import { sweepLines } from "../../functions/servicing/objects/sweeper";
import type { LineWake } from "../../functions/servicing/objects/types";
import { issueToken } from "../../functions/servicing/tokens";
import { agreementSignature, applicationPayload, uniqueSsn } from "../contract/applicants";
import { finishESign } from "./helpers/esign";
import { lineStub, lineTablesInD1 } from "./helpers/line-object";

const { account, applications } = catalogue;

async function openedLine() {
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await session.call(applications.ProcessApplication, applicationPayload({ ssn: uniqueSsn() }));
  await session.call(applications.UpdateDrawAmount, { requestedDrawAmount: 20_000 });
  await session.call(account.SaveSignatures, { signaturesData: [agreementSignature()] });
  await session.call(account.OpenLine, {});
  const summary = await session.call(account.GetSummary, {});
  return { session, summary, lineId: summary.accountHeader.applNo };
}

const directoryOf = (lineId: number) =>
  env.DB.prepare("SELECT store, status FROM line_directory WHERE line_id = ?").bind(lineId).first();

describe("a line opened with its line in an object (the default)", () => {
  it("is moved into its object with its first draw as it opens", async () => {
    const { summary, lineId } = await openedLine();
    expect(await directoryOf(lineId)).toEqual({ store: "object", status: "open" });
    const frozen = await env.DB.prepare("SELECT status FROM lines WHERE id = ?").bind(lineId).first("status");
    expect(frozen).toBe("moved");
    const rows = await lineStub(lineId).rowsOf(["transactions"]);
    expect(rows.transactions!.filter((t) => t.code === "D" && t.amount_cents === 20_000)).toHaveLength(1);
    expect(summary.accountHeader.accountBalance).toBeGreaterThan(0);
  });

  it("is moved as the site's e-sign finishes, with the draw it asked for", async () => {
    const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    await session.call(applications.ProcessApplication, applicationPayload());
    await session.call(account.FinishESign, finishESign("Jordan Rivera", 10_000));
    const lineId = (await session.call(account.GetSummary, {})).accountHeader.applNo;
    expect(await directoryOf(lineId)).toEqual({ store: "object", status: "open" });
    const rows = await lineStub(lineId).rowsOf(["transactions"]);
    expect(rows.transactions!.filter((t) => t.code === "D" && t.amount_cents === 10_000)).toHaveLength(1);
  });

  it("is created near the request that signed when it came from a US state, else near the address", async () => {
    const hintOf = async (state: string, clientRegion?: string) => {
      const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
      await session.call(applications.ProcessApplication, applicationPayload({ ssn: uniqueSsn(), state }));
      await session.call(account.FinishESign, finishESign("Jordan Rivera", 0), { clientRegion });
      const lineId = (await session.call(account.GetSummary, {})).accountHeader.applNo;
      return env.DB.prepare("SELECT location_hint FROM line_directory WHERE line_id = ?")
        .bind(lineId)
        .first("location_hint");
    };
    // An Ohio resident signing in Washington, and a Utah resident signing in Ohio: the request decides.
    expect(await hintOf("OH", "US-WA")).toBe("wnam");
    expect(await hintOf("UT", "US-OH")).toBe("enam");
    // Signing from abroad, or with no region from the edge: the address decides.
    expect(await hintOf("UT", "FR-IDF")).toBe("wnam");
    expect(await hintOf("OH")).toBe("enam");
  });
});

describe("a line's opening is written in its object, never in the shared database", () => {
  async function approvedLine() {
    const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    const decision = await session.call(applications.ProcessApplication, applicationPayload({ ssn: uniqueSsn() }));
    return { session, lineId: decision.applicationId! };
  }
  /** The last id D1 gave an autoincrement table: it moves if a row was ever inserted there, even if deleted since. */
  const lastId = (table: string) =>
    env.DB.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?").bind(table).first<number>("seq").then(Number);

  it("signs, draws and opens with no row of the line written to D1, not even for a moment", async () => {
    const { session, lineId } = await approvedLine();
    const [transactionsBefore, signaturesBefore] = [await lastId("transactions"), await lastId("signatures")];
    const answer = await session.call(account.FinishESign, {
      ...finishESign("Jordan Rivera", 15_000),
      drawNote: "for the car",
    });
    expect(answer).toMatchObject({ status: true, drawAmount: 15_000 });
    expect([await lastId("transactions"), await lastId("signatures")]).toEqual([transactionsBefore, signaturesBefore]);
    expect(
      await env.DB.prepare("SELECT status, opened_at IS NOT NULL AS opened FROM lines WHERE id = ?")
        .bind(lineId)
        .first(),
    ).toEqual({ status: "moved", opened: 1 });
    expect(await directoryOf(lineId)).toEqual({ store: "object", status: "open" });
    const rows = await lineStub(lineId).rowsOf(["transactions", "signatures", "signed_documents", "line_events"]);
    expect(rows.transactions!.map((t) => [t.code, t.amount_cents])).toEqual([["D", 15_000]]);
    expect(rows.signatures).toHaveLength(1);
    expect(rows.signed_documents!.length).toBe(3);
    expect(rows.line_events!.map((e) => e.kind)).toEqual(["line_opened", "draw"]);
    // The draw's note is the site's: kept in D1 with the switch-over.
    const customerId = await env.DB.prepare("SELECT customer_id FROM lines WHERE id = ?")
      .bind(lineId)
      .first("customer_id");
    const note = await env.DB.prepare("SELECT note FROM notes WHERE customer_id = ?").bind(customerId).first("note");
    expect(note).toBe("for the car");
    // The borrower's first summary is the object's, with the draw.
    expect((await session.call(account.GetSummary, {})).accountHeader.accountBalance).toBeGreaterThan(0);
  });

  it("completes the opening the object holds when the switch-over was lost: signing again never draws twice", async () => {
    const { session, lineId } = await approvedLine();
    await env.DB.exec(
      `CREATE TRIGGER lost_switch_${lineId} BEFORE UPDATE OF status ON lines WHEN OLD.id = ${lineId} AND NEW.status = 'moved' BEGIN SELECT RAISE(ABORT, 'switch-over lost'); END`,
    );
    await expect(session.call(account.FinishESign, finishESign("Jordan Rivera", 10_000))).rejects.toBeTruthy();
    await env.DB.exec(`DROP TRIGGER lost_switch_${lineId}`);
    // Still awaiting its signature in D1, unknown to the directory; the object holds the opening.
    expect(await env.DB.prepare("SELECT status FROM lines WHERE id = ?").bind(lineId).first("status")).toBe(
      "awaiting_esign",
    );
    expect(await directoryOf(lineId)).toBeNull();
    const again = await session.call(account.FinishESign, finishESign("Jordan Rivera", 30_000));
    expect(again).toMatchObject({ status: true, drawAmount: 10_000 });
    const rows = await lineStub(lineId).rowsOf(["transactions", "signatures"]);
    expect(rows.transactions!.map((t) => [t.code, t.amount_cents])).toEqual([["D", 10_000]]);
    expect(rows.signatures).toHaveLength(1);
    expect(await directoryOf(lineId)).toEqual({ store: "object", status: "open" });
  });

  it("opens once for twin signings (a double click): one draw, one signature, and each answer tells that draw", async () => {
    const { session, lineId } = await approvedLine();
    const twins = await Promise.allSettled([
      session.call(account.FinishESign, finishESign("Jordan Rivera", 12_500)),
      session.call(account.FinishESign, finishESign("Jordan Rivera", 12_500)),
    ]);
    const answered = twins.filter((t) => t.status === "fulfilled").map((t) => t.value);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const answer of answered) expect(answer).toMatchObject({ status: true, drawAmount: 12_500 });
    const rows = await lineStub(lineId).rowsOf(["transactions", "signatures", "signed_documents", "line_events"]);
    expect(rows.transactions!.map((t) => [t.code, t.amount_cents])).toEqual([["D", 12_500]]);
    expect(rows.signatures).toHaveLength(1);
    expect(rows.signed_documents).toHaveLength(3);
    expect(rows.line_events!.map((e) => e.kind)).toEqual(["line_opened", "draw"]);
    expect(await directoryOf(lineId)).toEqual({ store: "object", status: "open" });
  });

  it("stays open when its alarm could not be set as it opened: the answer is the opening, and the sweeper finds it", async () => {
    const { session, lineId } = await approvedLine();
    // The directory refuses the alarm's time for this line: the object's settling fails after the switch-over.
    await env.DB.exec(
      `CREATE TRIGGER no_alarm_${lineId} BEFORE UPDATE OF next_alarm_at ON line_directory WHEN OLD.line_id = ${lineId} AND NEW.next_alarm_at IS NOT NULL BEGIN SELECT RAISE(ABORT, 'alarm lost'); END`,
    );
    const answer = await session.call(account.FinishESign, finishESign("Jordan Rivera", 10_000));
    await env.DB.exec(`DROP TRIGGER no_alarm_${lineId}`);
    expect(answer).toMatchObject({ status: true, drawAmount: 10_000 });
    const entry = await env.DB.prepare(
      "SELECT store, status, next_alarm_at AS alarm FROM line_directory WHERE line_id = ?",
    )
      .bind(lineId)
      .first();
    expect(entry).toEqual({ store: "object", status: "open", alarm: null });
    const woken: LineWake[] = [];
    const queue = { sendBatch: async (m: { body: LineWake }[]) => void woken.push(...m.map((x) => x.body)) };
    await sweepLines({ ...env, LINE_WAKE: queue as unknown as Queue<LineWake> }, Date.now());
    expect(woken.map((w) => w.lineId)).toContain(lineId);
  });

  it("clears the object and refuses when the line stopped awaiting its signature before the switch-over", async () => {
    const { session, lineId } = await approvedLine();
    // The line leaves "awaiting e-sign" between the check and the switch-over (withdrawn meanwhile): the update finds nothing.
    await env.DB.exec(
      `CREATE TRIGGER gone_${lineId} BEFORE UPDATE OF status ON lines WHEN OLD.id = ${lineId} AND NEW.status = 'moved' BEGIN SELECT RAISE(IGNORE); END`,
    );
    await expect(session.call(account.FinishESign, finishESign("Jordan Rivera", 10_000))).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("This line is not awaiting a signature."),
    });
    await env.DB.exec(`DROP TRIGGER gone_${lineId}`);
    expect(await lineStub(lineId).rowsOf(["lines", "transactions", "signatures"])).toEqual({
      lines: [],
      transactions: [],
      signatures: [],
    });
    expect(await directoryOf(lineId)).toBeNull();
  });
});

describe("the development book", () => {
  const post = (path: string, body: unknown) =>
    devApi.request(
      path,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
      env,
    );
  const lineIdOf = (customerId: string) =>
    env.DB.prepare("SELECT id FROM lines WHERE customer_id = ?").bind(customerId).first<number>("id").then(Number);
  const get = (path: string) => devApi.request(path, {}, env);
  const storesOf = (customerId: string) =>
    env.DB.prepare(
      "SELECT d.store, l.status FROM lines l JOIN line_directory d ON d.line_id = l.id WHERE l.customer_id = ?",
    )
      .bind(customerId)
      .all()
      .then((r) => r.results);

  /** A line's rows of a table in the shared database: none once it lives in its object. */
  const sharedCount = (table: string, lineId: number) =>
    env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE line_id = ?`).bind(lineId).first<number>("n");

  it("opens every seeded demo borrower's line in its object, its history written there and none in D1", async () => {
    const res = await post("/seed", {});
    expect(res.status).toBe(200);
    const left = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM lines WHERE opened_at IS NOT NULL AND status != 'moved'",
    ).first<number>("n");
    expect(left).toBe(0);
    const moved = await env.DB.prepare("SELECT COUNT(*) AS n FROM lines WHERE status = 'moved'").first<number>("n");
    expect(moved).toBeGreaterThanOrEqual(5);
    // The current demo borrower (the first): months of draws, payments and statements, all in its object.
    const first = 90_000_001;
    const rows = await lineStub(first).rowsOf(["transactions", "statements"]);
    expect(rows.transactions!.length).toBeGreaterThan(1);
    expect(rows.statements!.length).toBeGreaterThan(0);
    // The shared database has no table for a line's ledger, requests or statements (migration 0028).
    expect(await lineTablesInD1()).toEqual([]);
    expect(await sharedCount("signatures", first)).toBe(0);
  });

  it("opens a test's copy of a demo borrower in its object, its repayment method switched after its history", async () => {
    const res = await post("/borrower", { like: "current@demo.ridgeline.test", repaymentMethod: "K" });
    expect(res.status).toBe(201);
    const { customerId } = (await res.json()) as { customerId: string };
    expect(await storesOf(customerId)).toEqual([{ store: "object", status: "moved" }]);
    const lineId = await lineIdOf(customerId);
    const rows = await lineStub(lineId).rowsOf(["lines", "transactions"]);
    expect(rows.lines?.map((l) => l.repayment_method)).toEqual(["K"]);
    // Its history was played in the object before the switch: payments among its transactions.
    expect(rows.transactions!.some((t) => t.code === "P")).toBe(true);
    expect(await lineTablesInD1()).toEqual([]);
  });

  it("shows a moved borrower's ledger and counts as the object holds them, a draw made there included", async () => {
    const made = (await (await post("/borrower", { like: "current@demo.ridgeline.test" })).json()) as {
      customerId: string;
      email: string;
    };
    const before = (await (await get(`/records?email=${encodeURIComponent(made.email)}`)).json()) as { draws: number };
    const session = new PlatformClient(
      embeddedTransport(env),
      memoryTokenHolder(await issueToken(database(env.DB), "customer", made.customerId, Date.now())),
      EMBEDDED_MERCHANT_ID,
    );
    const applNo = (await session.call(account.GetSummary, {})).accountHeader.applNo;
    const drawn = await session.call(
      account.PostTransaction,
      { applNo, transactionDate: easternDateTime(new Date()).date, transactionAmount: 10_000, transactionCode: "D" },
      { idempotencyKey: crypto.randomUUID() },
    );
    const ledger = await get(`/ledger?email=${encodeURIComponent(made.email)}`);
    expect(ledger.status).toBe(200);
    const shown = (await ledger.json()) as { status: string; transactions: { id: number; code: string }[] };
    expect(shown.status).toBe("open");
    expect(shown.transactions.map((t) => t.id)).toContain(drawn.paymentTransactionId);
    const after = (await (await get(`/records?email=${encodeURIComponent(made.email)}`)).json()) as { draws: number };
    expect(after.draws).toBe(before.draws + 1);
  });
});
