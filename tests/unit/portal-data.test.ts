import { describe, expect, it } from "vitest";
import {
  agreementRow, filterTransactions, padRecent, pendingPayments, readSummary, shownDate, statementRows, transactionRows,
} from "../../app/routes/portal/portal-data";

const header = { requiresESignature: false, creditLimit: 100_000, preApprovedAmount: 75_000, loanStatusCode: "O", isClosed: false };

describe("the summary-load derivation (spec file 3, section 4)", () => {
  it("an open line with a limit stays in the portal and shows its limit", () => {
    expect(readSummary(header)).toEqual({ gate: { flag: null, to: null }, creditLimit: 100_000 });
  });

  it("requiresESignature finishes e-sign, showing the pre-approved amount as the limit", () => {
    expect(readSummary({ ...header, requiresESignature: true, loanStatusCode: "G", creditLimit: 0 })).toEqual({
      gate: { flag: "finalizeEsign", to: "/apply/approved" },
      creditLimit: 75_000,
    });
  });

  it("a zero limit with loan status G finalizes the application at esign-contact, with the pre-approved amount", () => {
    expect(readSummary({ ...header, creditLimit: 0, loanStatusCode: "G" })).toEqual({
      gate: { flag: "finalizeApplication", to: "/esign/contact" },
      creditLimit: 75_000,
    });
  });

  it("a zero limit with any other code never finalized its credit", () => {
    for (const code of ["O", "C", "X"]) {
      expect(readSummary({ ...header, creditLimit: 0, loanStatusCode: code }).gate).toEqual({ flag: "finalizeCredit", to: "/accountcredit" });
    }
  });

  it("a withdrawn application counts as a zero limit, whatever limit the platform still reports", () => {
    expect(readSummary({ ...header, loanStatusCode: "W" })).toEqual({ gate: { flag: "finalizeCredit", to: "/accountcredit" }, creditLimit: 0 });
  });

  it("a closed line goes to the closed-account interrupter", () => {
    expect(readSummary({ ...header, isClosed: true, loanStatusCode: "C" }).gate).toEqual({ flag: "closed", to: "/accountclosed" });
  });

  it("e-sign comes first, before a zero limit or a closed line", () => {
    expect(readSummary({ ...header, requiresESignature: true, creditLimit: 0, isClosed: true }).gate.flag).toBe("finalizeEsign");
  });
});

const t = (id: string) => ({ transationId: id, transationDate: "2026-01-01", transationAmount: 100, transationDescription: "Payment" });

describe("recent transactions", () => {
  it("are padded from all transactions up to 3, without repeating one", () => {
    const all = [t("a"), t("b"), t("c"), t("d")];
    expect(padRecent([t("a")], all).map((x) => x.transationId)).toEqual(["a", "b", "c"]);
    expect(padRecent([], all).map((x) => x.transationId)).toEqual(["a", "b", "c"]);
    expect(padRecent([t("c")], all).map((x) => x.transationId)).toEqual(["c", "a", "b"]);
  });

  it("keep at most 3, and fewer when there are fewer", () => {
    expect(padRecent([t("a"), t("b"), t("c"), t("d")], []).map((x) => x.transationId)).toEqual(["a", "b", "c"]);
    expect(padRecent([t("a")], [t("a"), t("b")]).map((x) => x.transationId)).toEqual(["a", "b"]);
  });
});

describe("display rules (spec file 3, section 5)", () => {
  it("1/1/1900 or no date hides a date field", () => {
    expect(shownDate("1900-01-01")).toBeNull();
    expect(shownDate(null)).toBeNull();
    expect(shownDate("")).toBeNull();
    expect(shownDate("2026-12-04")).toBe("2026-12-04");
  });

  it("payments in process are the pending payments, earliest first", () => {
    const pending = pendingPayments([
      { transactionId: 3, transactionDescription: "Payment", transationAmount: 2_000, transationDate: "2026-12-10" },
      { transactionId: 1, transactionDescription: "Cash Advance", transationAmount: 10_000, transationDate: "2026-12-01" },
      { transactionId: 2, transactionDescription: "Payment", transationAmount: 1_500, transationDate: "2026-12-02" },
    ]);
    expect(pending).toEqual([
      { id: 2, date: "2026-12-02", amountCents: 1_500 },
      { id: 3, date: "2026-12-10", amountCents: 2_000 },
    ]);
  });

  it("filters match on the description text", () => {
    const rows = transactionRows([
      { ...t("1"), transationDescription: "Cash Advance" },
      { ...t("2"), transationDescription: "Cash Advance Fee" },
      { ...t("3"), transationDescription: "Payment" },
      { ...t("4"), transationDescription: "Carried Balance Fee" },
    ]);
    expect(filterTransactions(rows, "all").map((r) => r.id)).toEqual(["1", "2", "3", "4"]);
    expect(filterTransactions(rows, "draws").map((r) => r.id)).toEqual(["1"]);
    expect(filterTransactions(rows, "payments").map((r) => r.id)).toEqual(["3"]);
    expect(filterTransactions(rows, "nonsense").map((r) => r.id)).toEqual(["1", "2", "3", "4"]);
  });

  it("statements and the agreement become document rows", () => {
    expect(statementRows([{ statementId: "s1", eDocumentDate: "2026-11-20", eDocumentURL: "/documents/statements/s1" }])).toEqual([
      { id: "s1", date: "2026-11-20", amountCents: null, statement: "Billing Statement", agreement: "", href: "/documents/statements/s1" },
    ]);
    expect(agreementRow({ accountNumber: "****0042", creditLimit: 100_000 })).toMatchObject({ id: "****0042", amountCents: 100_000, agreement: "Line Of Credit Agreement", href: "/documents/agreement" });
  });
});
