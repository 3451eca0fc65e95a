import { env } from "cloudflare:test";
import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { addDays } from "#domain/calendar";
import { servicing } from "#domain/config";
import { formatDate } from "#domain/format";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { loadCustomerState } from "../../functions/servicing/account-state";
import { runServicing } from "../../functions/servicing/cron";
import { issueToken } from "../../functions/servicing/tokens";
import { agreementSignature, applicationPayload } from "../contract/applicants";
import { inLineObject, onLine } from "./helpers/line-object";
import { settledDb } from "./helpers/messages";

const { account, applications } = catalogue;
const db = database(env.DB);
const DAY = 86_400_000;

/** A borrower with an open line and a first draw, seen from the platform; K pays by paper check (no automatic payments). */
async function openLine(firstDrawCents: number, repayment: "A" | "K" = "K") {
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
  const decision = await session.call(
    applications.ProcessApplication,
    applicationPayload({ takeHomeCents: 200_000, frequency: "B" }),
  );
  if (repayment === "K")
    await session.call(account.UpdateProfile, { additionalFields: [{ id: 100629, value: "Paper Check" }] });
  if (firstDrawCents) await session.call(applications.UpdateDrawAmount, { requestedDrawAmount: firstDrawCents });
  await session.call(account.SaveSignatures, {
    signaturesData: [agreementSignature()],
  });
  await session.call(account.OpenLine, {});
  const customerId = (await session.call(account.GetSummary, {})).accountProfile.custId;
  return { session, customerId, applNo: decision.applicationId! };
}

const at = (days: number) => new Date(Date.now() + days * DAY);

/**
 * The core's servicing run and the borrower's state, on the line's own rows inside its object (as its
 * alarm runs it): the same functions the shared database's run used, on the store production uses.
 */
const run = (line: { applNo: number }, now: Date) => inLineObject(line.applNo, (db) => runServicing(db, now));
const stateOf = (line: { applNo: number; customerId: string }, now: Date) =>
  inLineObject(line.applNo, (db) => loadCustomerState(db, line.customerId, now));

const dayMs = (date: string) => Date.parse(`${date}T17:00:00Z`);

describe("the servicing run (cron)", () => {
  it("issues the first statement 14 days before the first due date whose statement comes after the first draw", async () => {
    const line = await openLine(40_000);
    await run(line, at(60));
    const state = await stateOf(line, at(60));
    expect(state.book.statements.length).toBeGreaterThan(0);
    const first = state.book.statements[0]!;
    const draw = state.book.entries.find((e) => e.kind === "draw")!;
    expect(first.statementDate > draw.effectiveDate).toBe(true);
    expect(first.statementDate).toBe(addDays(first.dueDate, -14));
    // $400 draw, bi-weekly: the whole $400 is principal ($20 fee kept from the deposit) -> $20 carried balance fee, minimum $20 + 5% of $400.
    expect(draw).toMatchObject({ amountCents: 40_000, feeCents: 2_000 });
    expect(first).toMatchObject({
      feeCents: 2_000,
      principalCents: 40_000,
      minimumDueCents: 4_000,
      totalMinimumDueCents: 4_000,
      previousBalanceCents: 0,
      drawsCents: 40_000,
      newBalanceCents: 42_000,
    });
  });

  it("makes an unpaid due date past due on that day, and charges off after more than 90 days", async () => {
    const line = await openLine(40_000);
    await run(line, at(45));
    const s45 = await stateOf(line, at(45));
    expect(s45.figures.pastDueCents).toBeGreaterThan(0);
    expect(s45.figures.standing).toBe("delinquent");
    const firstDue = s45.book.statements[0]!.dueDate;
    expect((await stateOf(line, new Date(dayMs(addDays(firstDue, 90))))).figures.standing).toBe("delinquent");
    const charged = await stateOf(line, new Date(dayMs(addDays(firstDue, 91))));
    expect(charged.figures.standing).toBe("charged_off");
    expect(charged.line.chargedOffOn).toBe(addDays(firstDue, 91));
    expect(charged.figures.nextMinimumDueCents).toBe(charged.figures.balanceCents);
    const notes = await onLine<{ kind: string }>(
      line.applNo,
      "SELECT kind FROM notices WHERE line_id = ? ORDER BY kind",
      charged.line.id,
    );
    const kinds = notes.map((n) => n.kind);
    expect(kinds.filter((k) => k === "charged_off")).toHaveLength(1);
    expect(kinds).toContain("past_due");
    const mail = await (await settledDb())
      .prepare("SELECT subject FROM outbox WHERE customer_id = ?")
      .bind(line.customerId)
      .all<{ subject: string }>();
    expect(mail.results.map((m) => m.subject)).toContain("Your account has been charged off");
  });

  it("posts a scheduled payment on its date; with no statement issued yet it all lowers principal", async () => {
    const line = await openLine(40_000);
    const { session, applNo } = line;
    const summary = await session.call(account.GetSummary, {});
    await session.call(
      account.PostTransaction,
      {
        applNo,
        transactionDate: summary.accountConfig.achEffectiveDate,
        transactionAmount: 5_000,
        transactionCode: "P",
      },
      { idempotencyKey: crypto.randomUUID() },
    );
    await run(line, at(5));
    const state = await stateOf(line, at(5));
    expect(state.pending.filter((t) => t.code === "P")).toHaveLength(0);
    expect(state.figures.payments[0]).toMatchObject({ toFeesCents: 0, toPrincipalCents: 5_000 });
    expect(state.figures.balanceCents).toBe(35_000);
  });

  it("debits an EFT borrower on each due date, once, however often and concurrently the run repeats", async () => {
    const line = await openLine(40_000, "A");
    // The first statement is issued within 14 days of the draw (its due date is 15 to 28 days after it).
    const first = (await stateOf(line, at(14))).book.statements[0]!;
    const dueDay = new Date(dayMs(first.dueDate));
    await Promise.all([run(line, dueDay), run(line, dueDay), stateOf(line, dueDay)]);
    await run(line, dueDay);
    const state = await stateOf(line, dueDay);
    const automatic = state.book.entries.filter((e) => e.kind === "payment" && e.origin === "automatic");
    expect(automatic).toEqual([expect.objectContaining({ amountCents: 4_000, effectiveDate: first.dueDate })]);
    expect(state.figures).toMatchObject({ standing: "current", pastDueCents: 0 });
  });

  it("e-mails an EFT borrower the statement, then the automatic payment 3 days ahead, each once, with the amount taken", async () => {
    const line = await openLine(40_000, "A");
    const first = (await stateOf(line, at(14))).book.statements[0]!;
    const reminderDay = addDays(first.dueDate, -servicing.autopayReminderDays);
    for (const day of [reminderDay, addDays(reminderDay, 1), first.dueDate]) await run(line, new Date(dayMs(day)));
    const mail = await (await settledDb())
      .prepare("SELECT subject, body FROM outbox WHERE customer_id = ? ORDER BY id")
      .bind(line.customerId)
      .all<{ subject: string; body: string }>();
    const subjects = mail.results.map((m) => m.subject);
    // One e-mail per statement issued (bi-weekly, the next statement is issued on this due date).
    const ofFirst = mail.results.filter((m) =>
      m.body.includes(`your statement of ${formatDate(first.statementDate)} is ready`),
    );
    expect(ofFirst).toHaveLength(1);
    expect(ofFirst[0]!.body).toContain(
      `Your automatic payment of $40.00 will be taken from your bank account on ${formatDate(first.dueDate)}.`,
    );
    expect(subjects.filter((s) => s === "Your automatic payment is coming up")).toHaveLength(1);
    // $400 drawn bi-weekly: $20 fee + 5% of $400 is the minimum, and that is what the due date takes (above).
    const reminder = mail.results.find((m) => m.subject === "Your automatic payment is coming up")!;
    expect(reminder.body).toContain(
      `your automatic payment of $40.00 will be taken from your bank account on ${formatDate(first.dueDate)}.`,
    );
    const taken = (await stateOf(line, new Date(dayMs(first.dueDate)))).book.entries.filter(
      (e) => e.kind === "payment" && e.origin === "automatic",
    );
    expect(taken).toEqual([expect.objectContaining({ amountCents: 4_000, effectiveDate: first.dueDate })]);
  });

  it("never debits a paper-check borrower", async () => {
    const line = await openLine(40_000, "K");
    const state = await stateOf(line, at(60));
    expect(state.book.entries.filter((e) => e.kind === "payment")).toEqual([]);
    expect(state.figures.nextAutomaticPayment).toBeNull();
  });

  it("closes a line 12 months after opening with no draw, with a notice 30 days before", async () => {
    const line = await openLine(0);
    await run(line, at(340));
    const warned = await stateOf(line, at(340));
    expect(warned.line.status).toBe("open");
    const notice = await onLine<{ kind: string }>(
      line.applNo,
      "SELECT kind FROM notices WHERE line_id = ?",
      warned.line.id,
    );
    expect(notice.map((n) => n.kind)).toContain("closure_notice");
    await run(line, at(370));
    expect((await stateOf(line, at(370))).line.status).toBe("closed");
  });

  it("is safe to run twice: no second statement or fee", async () => {
    const line = await openLine(40_000);
    await run(line, at(40));
    const once = await stateOf(line, at(40));
    await run(line, at(40));
    const twice = await stateOf(line, at(40));
    expect(twice.book.statements).toHaveLength(once.book.statements.length);
    expect(twice.book.entries).toHaveLength(once.book.entries.length);
  });
});

describe("billing statements as PDF", () => {
  it("renders the owner's statement with its figures, and nobody else's", async () => {
    const owner = await openLine(40_000);
    const other = await openLine(0);
    await run(owner, at(40));
    const state = await stateOf(owner, at(40));
    const statement = state.book.statements[0]!;
    // The run 40 days ahead purged today's tokens as expired: sign both in again.
    const signIn = async (customerId: string) =>
      new PlatformClient(
        embeddedTransport(env),
        memoryTokenHolder(await issueToken(db, "customer", customerId, Date.now())),
        EMBEDDED_MERCHANT_ID,
      );
    owner.session = await signIn(owner.customerId);
    other.session = await signIn(other.customerId);
    const pdf = await owner.session.call(account.GetStatement, { statementId: statement.id });
    const bytes = Uint8Array.from(atob(pdf.pdfBase64), (ch) => ch.charCodeAt(0));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Ridgeline Credit Billing Statement");
    expect(pdf.fileName).toBe(`statement-${statement.statementDate}.pdf`);
    await expect(other.session.call(account.GetStatement, { statementId: statement.id })).rejects.toMatchObject({
      status: 404,
    });
  });
});
