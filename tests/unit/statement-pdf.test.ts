import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { IssuedStatement, LedgerEntry } from "../../functions/servicing/engine/index";
import { statementPdf } from "../../functions/servicing/statement-pdf";
import { pdfText } from "./pdf-text";

const first: IssuedStatement = {
  id: "s1",
  statementDate: "2026-10-23",
  dueDate: "2026-11-06",
  createdAt: 50,
  periodStart: "2026-10-20",
  previousBalanceCents: 0,
  drawsCents: 40_000,
  paymentsCents: 0,
  returnsCents: 0,
  creditsCents: null,
  feeCents: 2_000,
  newBalanceCents: 42_000,
  principalCents: 40_000,
  pastDueCents: 0,
  minimumDueCents: 4_000,
  totalMinimumDueCents: 4_000,
};
const statement: IssuedStatement = {
  id: "s2",
  statementDate: "2026-11-06",
  dueDate: "2026-11-20",
  createdAt: 100,
  periodStart: "2026-10-23",
  previousBalanceCents: 42_000,
  drawsCents: 0,
  paymentsCents: 4_000,
  returnsCents: 0,
  creditsCents: null,
  feeCents: 2_000,
  newBalanceCents: 40_000,
  principalCents: 38_000,
  pastDueCents: 0,
  minimumDueCents: 3_900,
  totalMinimumDueCents: 3_900,
};
const entries: LedgerEntry[] = [
  {
    id: "D1",
    kind: "draw",
    amountCents: 40_000,
    feeCents: 2_000,
    effectiveDate: "2026-10-20",
    postedAt: 1,
    reference: 123_456_789,
  },
  { id: "s1:fee", kind: "carried_balance_fee", amountCents: 2_000, effectiveDate: "2026-10-23", postedAt: 50 },
  { id: "A1", kind: "payment", origin: "automatic", amountCents: 4_000, effectiveDate: "2026-11-06", postedAt: 100 },
  { id: "s2:fee", kind: "carried_balance_fee", amountCents: 2_000, effectiveDate: "2026-11-06", postedAt: 100 },
  // Recorded after statement 2 was issued on its own date: the next statement's.
  { id: "D2", kind: "draw", amountCents: 9_975, feeCents: 499, effectiveDate: "2026-11-06", postedAt: 101 },
];
const customer = {
  firstName: "Casey",
  lastName: "Morgan",
  address1: "100 Demo Avenue",
  city: "Springfield",
  state: "OH",
  zip: "45501",
};

describe("billing statement PDF", () => {
  it("prints the figures as issued, with the portal's date format, and this cycle's activity only", async () => {
    const bytes = await statementPdf(
      customer,
      { id: 12_345_678, creditLimitCents: 100_000 },
      { entries, statements: [first, statement] },
      statement,
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = pdfText(bytes);
    for (const line of [
      "Casey Morgan, 100 Demo Avenue, Springfield, OH 45501",
      "Account ending 5678",
      "Statement period: Oct. 23, 2026 to Nov. 6, 2026",
      "Payment due date: Nov. 20, 2026",
      "Credit limit: $1,000.00",
      "Previous balance: $420.00",
      "Draws: $0.00",
      "Payments: ($40.00)",
      "Returned or reversed payments: $0.00",
      "Carried balance fee: $20.00",
      "New balance: $400.00",
      "Principal balance: $380.00",
      "Past due amount: $0.00",
      "Current minimum payment: $39.00",
      "Total minimum due by Nov. 20, 2026: $39.00",
      "Nov. 6, 2026 Automatic Payment - thank you ($40.00)",
      "Nov. 6, 2026 Carried Balance Fee $20.00",
    ]) {
      expect(text).toContain(line);
    }
    // No ISO dates, and neither the first cycle's draw nor the draw recorded after issue.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain("$99.75");
    expect(text).not.toContain("Oct. 20, 2026 Cash Advance");
  });

  it("a draw shows its full amount, with the fee kept and the amount deposited as its detail", async () => {
    const text = pdfText(
      await statementPdf(
        customer,
        { id: 1, creditLimitCents: 100_000 },
        { entries, statements: [first, statement] },
        first,
      ),
    );
    expect(text).toContain("Oct. 20, 2026 Cash Advance (cash advance fee $20.00 kept, $380.00 deposited) $400.00");
    // No payment in the cycle: $0.00, not "($0.00)".
    expect(text).toContain("Payments: $0.00");
  });
});

describe("a statement's notices (issue 35)", () => {
  const notices: NonNullable<IssuedStatement["notices"]> = {
    edition: 1,
    payoffStatements: 30,
    payoffMonths: 14,
    payoffFeesCents: 31_500,
    billingErrorAddress: ["Ridgeline Credit, LLC", "Attn: Billing Error Notices", "1 Old Road", "Oldtown, OH 45501"],
    chargeOffAfterDays: 90,
  };
  const render = async (s: IssuedStatement) =>
    pdfText(
      await statementPdf(customer, { id: 1, creditLimitCents: 100_000 }, { entries, statements: [first, s] }, s),
    ).replace(/\s+/g, " ");

  it("prints the warnings and the billing rights from what the statement stored, not from today's configuration", async () => {
    const text = await render({ ...statement, notices });
    for (const line of [
      "Minimum Payment Warning",
      "you will pay off the balance shown on this statement ($400.00) in about 30 statements (1 year and 2 months), and you will pay an estimated $315.00 in carried balance fees: an estimated total of $695.00.",
      "Late Payment Warning",
      "If we do not receive your minimum payment by the due date (Nov. 20, 2026), your account becomes past due. We charge no late fee.",
      "If your account is more than 90 days past due, it is charged off",
      "What To Do If You Think You Find A Mistake On Your Statement",
      "write to us at: Ridgeline Credit, LLC, Attn: Billing Error Notices, 1 Old Road, Oldtown, OH 45501.",
      "You must contact us within 60 days after the error appeared on your statement.",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("prints none on a statement issued before statements carried them", async () => {
    const text = await render(statement);
    expect(text).not.toContain("Minimum Payment Warning");
    expect(text).not.toContain("Late Payment Warning");
    expect(text).not.toContain("Mistake On Your Statement");
  });
});
