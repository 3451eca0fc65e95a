import { describe, expect, it } from "vitest";
import {
  agreementRow,
  amountDue,
  filterTransactions,
  nextAutoPayment,
  padRecent,
  pendingPayments,
  readSummary,
  shownDate,
  shownTransactionId,
  statementAheadText,
  statementRows,
  transactionRows,
} from "../../app/routes/portal/portal-data";

const header = {
  requiresESignature: false,
  creditLimit: 100_000,
  preApprovedAmount: 75_000,
  loanStatusCode: "O",
  isClosed: false,
};

/** An account with no due date and no statement ahead; each case sets what it is about. */
const noStatement = {
  isChargeoff: false,
  isDelinquent: false,
  minPaymentAmount: 0,
  accountBalance: 0,
  nextPaymentDate: null as string | null,
  nextStatementDate: null as string | null,
};

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
      expect(readSummary({ ...header, creditLimit: 0, loanStatusCode: code }).gate).toEqual({
        flag: "finalizeCredit",
        to: "/accountcredit",
      });
    }
  });

  it("a withdrawn application counts as a zero limit, whatever limit the platform still reports", () => {
    expect(readSummary({ ...header, loanStatusCode: "W" })).toEqual({
      gate: { flag: "finalizeCredit", to: "/accountcredit" },
      creditLimit: 0,
    });
  });

  it("a closed line goes to the closed-account interrupter", () => {
    expect(readSummary({ ...header, isClosed: true, loanStatusCode: "C" }).gate).toEqual({
      flag: "closed",
      to: "/accountclosed",
    });
  });

  it("e-sign comes first, before a zero limit or a closed line", () => {
    expect(readSummary({ ...header, requiresESignature: true, creditLimit: 0, isClosed: true }).gate.flag).toBe(
      "finalizeEsign",
    );
  });
});

const t = (id: string) => ({
  transationId: id,
  transationDate: "2026-01-01",
  transationAmount: 100,
  transationDescription: "Payment",
});

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
      {
        transactionId: 1,
        transactionDescription: "Cash Advance",
        transationAmount: 10_000,
        transationDate: "2026-12-01",
      },
      { transactionId: 2, transactionDescription: "Payment", transationAmount: 1_500, transationDate: "2026-12-02" },
    ]);
    expect(pending).toEqual([
      { id: 2, date: "2026-12-02", amountCents: 1_500 },
      { id: 3, date: "2026-12-10", amountCents: 2_000 },
    ]);
  });

  it("filters match on the description text: Draws finds Cash Advance rows; Payments finds payments, automatic payments and returns", () => {
    const rows = transactionRows([
      { ...t("1"), transationDescription: "Cash Advance", cashAdvanceFee: 2_500, amountDeposited: 47_500 },
      { ...t("2"), transationDescription: "Automatic Payment" },
      { ...t("3"), transationDescription: "Payment" },
      { ...t("4"), transationDescription: "Carried Balance Fee" },
      { ...t("5"), transationDescription: "Returned Payment" },
      { ...t("6"), transationDescription: "Reversal" },
    ]);
    expect(filterTransactions(rows, "all").map((r) => r.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(filterTransactions(rows, "draws").map((r) => r.id)).toEqual(["1"]);
    expect(filterTransactions(rows, "payments").map((r) => r.id)).toEqual(["2", "3", "5"]);
    expect(filterTransactions(rows, "nonsense").map((r) => r.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("a draw is one Cash Advance row for the full amount, its fee and deposit as the row's detail", () => {
    const [draw, payment] = transactionRows([
      {
        ...t("412345678"),
        transationAmount: 50_000,
        transationDescription: "Cash Advance",
        cashAdvanceFee: 2_500,
        amountDeposited: 47_500,
      },
      { ...t("512345678"), transationAmount: -4_328, transationDescription: "Automatic Payment" },
    ]);
    expect(draw).toMatchObject({
      id: "412345678",
      amountCents: 50_000,
      description: "Cash Advance",
      draw: { feeCents: 2_500, depositedCents: 47_500 },
    });
    expect(payment).toMatchObject({
      id: "512345678",
      amountCents: -4_328,
      description: "Automatic Payment",
      draw: null,
    });
  });

  it("only short numeric ids are shown; internal ledger keys are left blank, and every row keeps a unique key", () => {
    expect(shownTransactionId("414566594")).toBe("414566594");
    expect(shownTransactionId("S98982813-2026-11-27:fee")).toBe("");
    expect(shownTransactionId("A90000008-2026-11-13")).toBe("");
    expect(shownTransactionId("")).toBe("");
    const rows = transactionRows([t("S98982813-2026-11-27:fee"), t(""), t("")]);
    expect(rows.map((r) => r.id)).toEqual(["", "", ""]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it("statement rows show the statement's Total Minimum Due and due date, and no internal id", () => {
    expect(
      statementRows([
        {
          statementId: "S90000008-2026-11-27",
          eDocumentDate: "2026-11-13",
          eDocumentURL: "/documents/statements/S90000008-2026-11-27",
          dueDate: "2026-11-27",
          newBalance: 48_550,
          totalMinimumDue: 4_328,
        },
      ]),
    ).toEqual([
      {
        key: "S90000008-2026-11-27",
        id: "",
        date: "2026-11-13",
        dueDate: "2026-11-27",
        amountCents: 4_328,
        statement: "Billing Statement",
        agreement: "",
        href: "/documents/statements/S90000008-2026-11-27",
      },
    ]);
    // A platform that sends no figures leaves the cells empty.
    expect(
      statementRows([{ statementId: "s1", eDocumentDate: "2026-11-20", eDocumentURL: "/documents/statements/s1" }])[0],
    ).toMatchObject({ amountCents: null, dueDate: null });
    expect(agreementRow({ accountNumber: "****0042", creditLimit: 100_000 })).toMatchObject({
      id: "****0042",
      amountCents: 100_000,
      agreement: "Line Of Credit Agreement",
      href: "/documents/agreement",
    });
  });
});

describe("what the account summary says is owed, and the next automatic payment", () => {
  const eft = {
    repaymentMethod: "A",
    isChargeoff: false,
    nextAutoPaymentDate: "2026-11-27",
    nextAutoPaymentAmount: 4_328,
  };

  it("an EFT borrower sees the next automatic payment's date and amount", () => {
    expect(nextAutoPayment(eft)).toEqual({ date: "2026-11-27", amountCents: 4_328 });
  });

  it("a paper-check borrower, a charged-off account, or no payment coming: nothing about automatic payments", () => {
    expect(nextAutoPayment({ ...eft, repaymentMethod: "K" })).toBeNull();
    expect(nextAutoPayment({ ...eft, isChargeoff: true })).toBeNull();
    expect(nextAutoPayment({ ...eft, nextAutoPaymentDate: null, nextAutoPaymentAmount: 0 })).toBeNull();
    expect(nextAutoPayment({ ...eft, nextAutoPaymentAmount: 0 })).toBeNull();
    expect(nextAutoPayment({ ...eft, nextAutoPaymentDate: "1900-01-01" })).toBeNull();
  });

  it("a charged-off account owes its whole balance now, with the spec's message and no due date", () => {
    expect(
      amountDue({ ...noStatement, isChargeoff: true, minPaymentAmount: 66_000, accountBalance: 66_000 }, true),
    ).toEqual({
      kind: "chargedOff",
      balanceDueCents: 66_000,
      message: "Your loan is more than 90 days past due. Your full account balance is due.",
    });
    // A platform that sends no minimum for a charged-off account: the balance is what is due.
    expect(
      amountDue({ ...noStatement, isChargeoff: true, minPaymentAmount: 0, accountBalance: 12_000 }, true),
    ).toMatchObject({ balanceDueCents: 12_000 });
  });

  it("other accounts show the next due date and Next Minimum Due, or nothing without a due date", () => {
    expect(
      amountDue(
        { ...noStatement, minPaymentAmount: 15_400, accountBalance: 45_000, nextPaymentDate: "2026-11-30" },
        true,
      ),
    ).toEqual({ kind: "due", date: "2026-11-30", minimumCents: 15_400 });
    expect(amountDue({ ...noStatement, minPaymentAmount: 0, accountBalance: 0 }, true)).toEqual({ kind: "none" });
    expect(
      amountDue({ ...noStatement, minPaymentAmount: 0, accountBalance: 0, nextPaymentDate: "1900-01-01" }, true),
    ).toEqual({ kind: "none" });
  });

  it("nothing owed before a statement still to come: that statement's date, first or next, never a due date with $0.00", () => {
    const fresh = {
      ...noStatement,
      accountBalance: 10_000,
      nextPaymentDate: "2026-12-18",
      nextStatementDate: "2026-12-04",
    };
    expect(amountDue(fresh, false)).toEqual({ kind: "statementAhead", statementDate: "2026-12-04", first: true });
    expect(amountDue(fresh, true)).toEqual({ kind: "statementAhead", statementDate: "2026-12-04", first: false });
    expect(statementAheadText({ statementDate: "2026-12-04", first: true })).toBe(
      "Your first statement is Dec. 4, 2026; nothing is due yet.",
    );
    // Owing (a past due, or a minimum), the due date and minimum as before.
    expect(amountDue({ ...fresh, minPaymentAmount: 4_500, isDelinquent: true }, true)).toMatchObject({ kind: "due" });
    expect(amountDue({ ...fresh, minPaymentAmount: 500 }, false)).toMatchObject({ kind: "due", minimumCents: 500 });
  });
});
