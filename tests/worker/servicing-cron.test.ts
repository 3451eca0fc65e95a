import { env } from "cloudflare:test";
import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { database } from "../../db/client";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "../../functions/platform/index";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { loadCustomerState } from "../../functions/servicing/account-state";
import { addDays } from "../../functions/servicing/calendar";
import { runServicing } from "../../functions/servicing/cron";
import { issueToken } from "../../functions/servicing/tokens";
import { applicationPayload } from "../contract/applicants";

const { account, applications } = catalogue;
const db = database(env.DB);
const DAY = 86_400_000;

/** A borrower with an open line and a first draw, seen from the platform. */
async function openLine(firstDrawCents: number) {
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
  const decision = await session.call(applications.ProcessApplication, applicationPayload({ takeHomeCents: 200_000, frequency: "B" }));
  if (firstDrawCents) await session.call(applications.UpdateDrawAmount, { requestedDrawAmount: firstDrawCents });
  await session.call(account.SaveSignatures, {
    signaturesData: [{ eSignatureId: 1, documentId: "agrcredit", eSignatureText: "Jordan Rivera", eSignatureIPAddress: "203.0.113.9", eSignatureDate: new Date().toISOString(), eSignatureOrderNo: 1 }],
  });
  await session.call(account.OpenLine, {});
  const customerId = (await session.call(account.GetSummary, {})).accountProfile.custId;
  return { session, customerId, applNo: decision.applicationId! };
}

const at = (days: number) => new Date(Date.now() + days * DAY);

describe("the servicing run (cron)", () => {
  it("issues the first statement 14 days before a due date at least 14 days after the first draw", async () => {
    const { customerId } = await openLine(40_000);
    await runServicing(db, at(60));
    const state = await loadCustomerState(db, customerId, at(60));
    expect(state.statements.length).toBeGreaterThan(0);
    const first = state.statements[0]!;
    const drawDate = state.entries.find((e) => e.kind === "draw")!.effectiveDate;
    expect(first.dueDate >= addDays(drawDate, 14)).toBe(true);
    expect(first.statementDate).toBe(addDays(first.dueDate, -14));
    // $400 draw, biweekly: principal $380 after the $20 cash advance fee -> $20 carried balance fee.
    expect(first.feeCents).toBe(2_000);
    expect(first.minimumDueCents).toBe(2_000 + 1_900);
  });

  it("makes an unpaid due date past due, and charges off after more than 90 days", async () => {
    const { customerId } = await openLine(40_000);
    await runServicing(db, at(45));
    const s45 = await loadCustomerState(db, customerId, at(45));
    expect(s45.derived.pastDueCents).toBeGreaterThan(0);
    expect(s45.standing).toBe("delinquent");
    const firstDue = s45.statements[0]!.dueDate;
    const dayMs = (date: string) => Date.parse(`${date}T17:00:00Z`);
    await runServicing(db, new Date(dayMs(addDays(firstDue, 90))));
    expect((await loadCustomerState(db, customerId, new Date(dayMs(addDays(firstDue, 90))))).standing).toBe("delinquent");
    await runServicing(db, new Date(dayMs(addDays(firstDue, 91))));
    const charged = await loadCustomerState(db, customerId, new Date(dayMs(addDays(firstDue, 91))));
    expect(charged.standing).toBe("charged_off");
    expect(charged.line.chargedOffAt).not.toBeNull();
    expect(charged.derived.minimumDueCents).toBe(charged.derived.balanceCents);
    const notes = await env.DB.prepare("SELECT kind FROM notices WHERE line_id = ? ORDER BY kind").bind(charged.line.id).all<{ kind: string }>();
    const kinds = notes.results.map((n) => n.kind);
    expect(kinds.filter((k) => k === "charged_off")).toHaveLength(1);
    expect(kinds).toContain("past_due");
    const mail = await env.DB.prepare("SELECT subject FROM outbox WHERE customer_id = ?").bind(customerId).all<{ subject: string }>();
    expect(mail.results.map((m) => m.subject)).toContain("Your account has been charged off");
  });

  it("posts a scheduled payment on its date, fees first", async () => {
    const { session, customerId, applNo } = await openLine(40_000);
    const summary = await session.call(account.GetSummary, {});
    await session.call(
      account.PostTransaction,
      { applNo, transactionDate: summary.accountConfig.achEffectiveDate, transactionAmount: 5_000, transactionCode: "P" },
      { idempotencyKey: crypto.randomUUID() },
    );
    await runServicing(db, at(5));
    const state = await loadCustomerState(db, customerId, at(5));
    expect(state.pending.filter((t) => t.code === "P")).toHaveLength(0);
    expect(state.derived.payments[0]).toMatchObject({ toFeesCents: 2_000, toPrincipalCents: 3_000 });
    expect(state.derived.balanceCents).toBe(35_000);
  });

  it("closes a line 12 months after opening with no draw, with a notice 30 days before", async () => {
    const { customerId } = await openLine(0);
    await runServicing(db, at(340));
    const warned = await loadCustomerState(db, customerId, at(340));
    expect(warned.line.status).toBe("open");
    const notice = await env.DB.prepare("SELECT kind FROM notices WHERE line_id = ?").bind(warned.line.id).all<{ kind: string }>();
    expect(notice.results.map((n) => n.kind)).toContain("closure_notice");
    await runServicing(db, at(370));
    expect((await loadCustomerState(db, customerId, at(370))).line.status).toBe("closed");
  });

  it("is safe to run twice: no second statement or fee", async () => {
    const { customerId } = await openLine(40_000);
    await runServicing(db, at(40));
    const once = await loadCustomerState(db, customerId, at(40));
    await runServicing(db, at(40));
    const twice = await loadCustomerState(db, customerId, at(40));
    expect(twice.statements).toHaveLength(once.statements.length);
    expect(twice.entries).toHaveLength(once.entries.length);
  });
});

describe("billing statements as PDF", () => {
  it("renders the owner's statement with its figures, and nobody else's", async () => {
    const owner = await openLine(40_000);
    const other = await openLine(0);
    await runServicing(db, at(40));
    const state = await loadCustomerState(db, owner.customerId, at(40));
    const statement = state.statements[0]!;
    // The run 40 days ahead purged today's tokens as expired: sign both in again.
    const signIn = async (customerId: string) =>
      new PlatformClient(embeddedTransport(env), memoryTokenHolder(await issueToken(db, "customer", customerId, Date.now())), EMBEDDED_MERCHANT_ID);
    owner.session = await signIn(owner.customerId);
    other.session = await signIn(other.customerId);
    const pdf = await owner.session.call(account.GetStatement, { statementId: statement.id });
    const bytes = Uint8Array.from(atob(pdf.pdfBase64), (ch) => ch.charCodeAt(0));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Ridgeline Credit Billing Statement");
    expect(pdf.fileName).toBe(`statement-${statement.statementDate}.pdf`);
    await expect(other.session.call(account.GetStatement, { statementId: statement.id })).rejects.toMatchObject({ status: 404 });
  });
});
