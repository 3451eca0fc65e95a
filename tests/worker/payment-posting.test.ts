import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, easternDateTime, fedHolidays, nextBusinessDay } from "#domain/calendar";
import { formatDate } from "#domain/format";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { type PostingRequest, postTransaction } from "../../functions/servicing/posting";
import { agreementSignature, applicationPayload } from "../contract/applicants";
import { inLineObject } from "./helpers/line-object";
import { settledDb } from "./helpers/messages";

/** Account/PostTransaction for payments: the platform refuses any date outside the widest window or not a business day. */
const { account, applications } = catalogue;

/** The core's posting at a chosen instant, run where the line lives: in its own object. */
const postInLine = (line: { applNo: number; customerId: string }, request: PostingRequest, now: Date) =>
  inLineObject(line.applNo, (db, d1) => postTransaction(d1, db, line.customerId, request, now));

async function openLine() {
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
  await session.call(applications.ProcessApplication, applicationPayload({ takeHomeCents: 200_000, frequency: "B" }));
  await session.call(applications.UpdateDrawAmount, { requestedDrawAmount: 40_000 });
  await session.call(account.SaveSignatures, {
    signaturesData: [agreementSignature()],
  });
  await session.call(account.OpenLine, {});
  const summary = await session.call(account.GetSummary, {});
  return { session, summary, applNo: summary.accountHeader.applNo, customerId: summary.accountProfile.custId };
}

const payOn = (line: Awaited<ReturnType<typeof openLine>>, date: string, key = crypto.randomUUID()) =>
  line.session.call(
    account.PostTransaction,
    { applNo: line.applNo, transactionDate: date, transactionAmount: 2_000, transactionCode: "P" },
    { idempotencyKey: key },
  );

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

/** Noon Eastern (17:00 UTC) on an ISO date, as the servicing's "now". */
const noonOn = (iso: string) => new Date(`${iso}T17:00:00Z`);

describe("payment dates at the platform", () => {
  it("refuses a weekend day, a day before the effective date and a day past the widest window", async () => {
    const line = await openLine();
    const from = line.summary.accountConfig.achEffectiveDate;
    const to = addDays(from, 45);
    let saturday = from;
    while (dayOfWeek(saturday) !== 6) saturday = addDays(saturday, 1);
    for (const date of [saturday, addDays(from, -1), nextBusinessDay(to)]) {
      const error = await refusal(payOn(line, date));
      expect(error.status, date).toBe(422);
      expect(error.message).toContain(`Invalid date. Your payment date must be between ${formatDate(from)}`);
    }
    expect((await line.session.call(account.GetSummary, {})).accountConfig.pendingAchTranCount).toBe(0);
  });

  it("refuses a Federal Reserve holiday on a weekday (the next Thanksgiving)", async () => {
    const line = await openLine();
    const today = line.summary.accountConfig.achEffectiveDate;
    const year = Number(today.slice(0, 4));
    const thanksgiving = [year, year + 1]
      .map((y) => fedHolidays(y).find((h) => h.name === "Thanksgiving")!.date)
      .find((d) => addDays(d, -3) > today)!;
    const now = noonOn(addDays(thanksgiving, -3)); // a Monday: effective Tuesday, Thanksgiving inside the window
    const request = {
      applNo: line.applNo,
      transactionDate: thanksgiving,
      transactionAmount: 2_000,
      transactionCode: "P" as const,
    };
    await expect(postInLine(line, request, now)).rejects.toThrow(/Invalid date/);
    const friday = addDays(thanksgiving, 1);
    await expect(postInLine(line, { ...request, transactionDate: friday }, now)).resolves.toMatchObject({
      effectiveDate: friday,
    });
  });

  it("accepts the Friday before a Saturday holiday (Juneteenth 2027 is not moved to Friday)", async () => {
    const line = await openLine();
    const request = {
      applNo: line.applNo,
      transactionDate: "2027-06-18",
      transactionAmount: 2_000,
      transactionCode: "P" as const,
    };
    await expect(postInLine(line, request, noonOn("2027-06-14"))).resolves.toMatchObject({
      effectiveDate: "2027-06-18",
    });
  });

  it("posts once per idempotency key: a repeat answers the first payment", async () => {
    const line = await openLine();
    const key = crypto.randomUUID();
    const date = line.summary.accountConfig.achEffectiveDate;
    const first = await payOn(line, date, key);
    const again = await payOn(line, date, key);
    expect(again.paymentTransactionId).toBe(first.paymentTransactionId);
    expect((await line.session.call(account.GetSummary, {})).accountConfig.pendingAchTranCount).toBe(1);
  });
});

describe("confirmations by e-mail (issue 13)", () => {
  const mailTo = async (customerId: string) =>
    (await settledDb())
      .prepare("SELECT subject, body FROM outbox WHERE customer_id = ? AND channel = 'email' ORDER BY id")
      .bind(customerId)
      .all<{ subject: string; body: string }>();

  it("a payment and a draw each e-mail what was recorded; a repeat of the key sends nothing more", async () => {
    const line = await openLine();
    const date = line.summary.accountConfig.achEffectiveDate;
    const key = crypto.randomUUID();
    const paid = await payOn(line, date, key);
    await payOn(line, date, key);
    const drawn = await line.session.call(
      account.PostTransaction,
      {
        applNo: line.applNo,
        transactionDate: easternDateTime(new Date()).date,
        transactionAmount: 10_000,
        transactionCode: "D",
      },
      { idempotencyKey: crypto.randomUUID() },
    );
    const mail = (await mailTo(line.customerId)).results;
    const payment = mail.filter((m) => m.subject === "Your payment is scheduled");
    expect(payment).toHaveLength(1);
    expect(payment[0]!.body).toContain(
      `your one-time payment of $20.00 from your bank account ending in ${line.summary.bankAccountInfo.accountNumber.slice(-4)} is scheduled for ${formatDate(date)}. Your confirmation number is ${paid.paymentTransactionId}.`,
    );
    const draw = mail.filter((m) => m.subject === "Your draw request was received");
    expect(draw).toHaveLength(1);
    expect(draw[0]!.body).toContain(
      `we received your draw request of $100.00 (transaction ID ${drawn.paymentTransactionId}). A cash advance fee of $5.00 is kept from it, so $95.00 will be deposited`,
    );
    expect(draw[0]!.body).toContain(`on ${formatDate(drawn.effectiveDate)}. Your balance grows by the full $100.00.`);
  });
});
