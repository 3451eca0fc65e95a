import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { AccountState } from "../../functions/servicing/account-state";
import { statementPdf } from "../../functions/servicing/statement-pdf";
import { pdfText } from "./pdf-text";

const statement = { id: "s1", lineId: 12_345_678, statementDate: "2026-11-06", dueDate: "2026-11-20", principalCents: 38_000, feeCents: 2_000, balanceCents: 40_000, minimumDueCents: 3_900, pastDueCents: 0, createdAt: 0 };
const state = {
  line: { id: 12_345_678, creditLimitCents: 100_000 },
  statements: [statement],
  entries: [
    { id: "a", kind: "draw", amountCents: 38_000, effectiveDate: "2026-10-20", postedAt: 1 },
    { id: "b", kind: "cash_advance_fee", amountCents: 2_000, effectiveDate: "2026-10-20", postedAt: 1 },
    { id: "d", kind: "payment", amountCents: 2_000, effectiveDate: "2026-11-01", postedAt: 1 },
    { id: "c", kind: "carried_balance_fee", amountCents: 2_000, effectiveDate: "2026-11-06", postedAt: 1 },
    { id: "z", kind: "draw", amountCents: 9_999, effectiveDate: "2026-11-10", postedAt: 1 },
  ],
} as unknown as AccountState;

describe("billing statement PDF", () => {
  it("carries the statement's figures and the period's activity, payments in parentheses", async () => {
    const bytes = await statementPdf({ firstName: "Casey", lastName: "Morgan", address1: "100 Demo Avenue", city: "Springfield", state: "OH", zip: "45501" }, state, statement);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = pdfText(bytes);
    for (const line of [
      "Casey Morgan, 100 Demo Avenue, Springfield, OH 45501",
      "Account ending 5678. Statement date 2026-11-06. Payment due date 2026-11-20.",
      "Credit limit: $1,000.00",
      "Carried balance fee this statement: $20.00",
      // Principal $380.00 + fees owed $20.00 = new balance $400.00: the summary adds up.
      "Fees owed (cash advance and carried balance fees): $20.00",
      "New balance: $400.00",
      "Minimum payment due by 2026-11-20: $39.00",
      "2026-11-01 Payment - thank you ($20.00)",
    ]) {
      expect(text).toContain(line);
    }
    // Activity after the statement date belongs to the next statement.
    expect(text).not.toContain("$99.99");
  });
});
