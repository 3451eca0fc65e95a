import { describe, expect, it } from "vitest";
import { paymentHeader } from "../../app/routes/portal/payment-header";
import type { Summary } from "../../app/routes/portal/portal-data";

/**
 * The payments page's header lines (spec file 3, "Header texts"; 0-decisions.md,
 * "Automatic payments"): the spec's texts verbatim where they apply, and every
 * line true of the account.
 */
const today = "2026-11-20";
const INTRO = "On this page, you can opt to make one-time payments of $10 or more.";
const EFT = "These payments occur outside of your automatic EFT payments.";
const NOTHING = "You don't have any upcoming payments at this time.";
const PAST_DUE =
  "Your account is past due. Please set up a payment below. Call an Account Specialist at 1.800.555.0143.";

type Header = Summary["accountHeader"];
const header = {
  accountBalance: 40_000,
  minPaymentAmount: 0,
  pastDueAmount: 0,
  currentDue: 0,
  nextPaymentDate: "2026-12-04",
  isDelinquent: false,
  isChargeoff: false,
  pendingTransactionAmount: 0,
  repaymentMethod: "A",
  nextAutoPaymentDate: null,
  nextAutoPaymentAmount: 0,
} as Partial<Header> as Header;

const summary = (
  h: Partial<Header>,
  pending: Array<{ date: string; cents: number }> = [],
  allStatements: Summary["allStatements"] = [],
) => ({
  accountHeader: { ...header, ...h },
  allStatements,
  pendingETransactions: pending.map((p, i) => ({
    transactionId: i + 1,
    transactionDescription: "Payment",
    transationAmount: p.cents,
    transationDate: p.date,
  })),
});

describe("the payments page header", () => {
  it("EFT, a minimum due and an automatic payment ahead: the spec's intro, the minimum, and the automatic payment's date and amount", () => {
    expect(
      paymentHeader(
        summary({
          minPaymentAmount: 4_375,
          currentDue: 4_375,
          nextAutoPaymentDate: "2026-12-04",
          nextAutoPaymentAmount: 4_375,
        }),
        today,
      ),
    ).toEqual([
      `${INTRO} ${EFT}`,
      "Your next minimum payment of $43.75 will be due on Dec. 4, 2026.",
      "Your next automatic EFT payment of $43.75 will be made on Dec. 4, 2026.",
    ]);
  });

  it("paper check (K): the intro's first sentence only, and nothing about automatic payments", () => {
    const lines = paymentHeader(
      summary({
        repaymentMethod: "K",
        minPaymentAmount: 4_375,
        nextAutoPaymentDate: "2026-12-04",
        nextAutoPaymentAmount: 4_375,
      }),
      today,
    );
    expect(lines).toEqual([INTRO, "Your next minimum payment of $43.75 will be due on Dec. 4, 2026."]);
    expect(lines.join(" ")).not.toMatch(/automatic/i);
  });

  it("one-time payments scheduled: the next one's amount and date, never 'no upcoming payments'", () => {
    const lines = paymentHeader(
      summary({}, [
        { date: "2026-12-01", cents: 2_000 },
        { date: "2026-11-24", cents: 1_500 },
      ]),
      today,
    );
    expect(lines).toEqual([
      `${INTRO} ${EFT}`,
      "Your next scheduled one-time payment of $15.00 will be made on Nov. 24, 2026.",
    ]);
    expect(
      paymentHeader(summary({ repaymentMethod: "K" }, [{ date: "2026-11-24", cents: 1_500 }]), today),
    ).not.toContain(NOTHING);
  });

  it("several one-time payments on the next date: one line with their number and total", () => {
    const lines = paymentHeader(
      summary({}, [
        { date: "2026-11-24", cents: 1_100 },
        { date: "2026-12-01", cents: 5_000 },
        { date: "2026-11-24", cents: 1_200 },
      ]),
      today,
    );
    expect(lines).toContain("Your next 2 scheduled one-time payments, $23.00 in all, will be made on Nov. 24, 2026.");
  });

  it("an automatic payment ahead with no minimum line still is an upcoming payment", () => {
    expect(
      paymentHeader(summary({ nextAutoPaymentDate: "2026-12-04", nextAutoPaymentAmount: 1_000 }), today),
    ).not.toContain(NOTHING);
  });

  it("nothing due, nothing scheduled, nothing automatic: 'no upcoming payments', verbatim", () => {
    expect(paymentHeader(summary({}), today)).toEqual([`${INTRO} ${EFT}`, NOTHING]);
    expect(paymentHeader(summary({ repaymentMethod: "K" }), today)).toEqual([INTRO, NOTHING]);
  });

  it("before the first statement nothing is due: when the statement is, in plain words, never 'no upcoming payments'", () => {
    // A new borrower: a balance from the first draw, a due date projected, its statement still to come.
    const fresh = { nextPaymentDate: "2026-12-18", nextStatementDate: "2026-12-04", accountBalance: 10_000 };
    expect(paymentHeader(summary(fresh), today)).toEqual([
      `${INTRO} ${EFT}`,
      "Your first statement is Dec. 4, 2026; nothing is due yet.",
    ]);
    // Paper check: nothing about automatic payments.
    expect(paymentHeader(summary({ ...fresh, repaymentMethod: "K" }), today)).toEqual([
      INTRO,
      "Your first statement is Dec. 4, 2026; nothing is due yet.",
    ]);
    // Statements before (a monthly cycle between statements, the minimum paid): the next one.
    const issued = [{ statementId: "s1", eDocumentDate: "2026-11-04", eDocumentURL: "/documents/statements/s1" }];
    expect(paymentHeader(summary(fresh, [], issued), today)).toContain(
      "Your next statement is Dec. 4, 2026; nothing is due yet.",
    );
    // A minimum owed is the status line, whatever the platform says of a statement.
    expect(paymentHeader(summary({ ...fresh, minPaymentAmount: 500 }), today)[1]).toBe(
      "Your next minimum payment of $5.00 will be due on Dec. 18, 2026.",
    );
  });

  it("a payment dated today: 'Today's payment is in process.'", () => {
    expect(paymentHeader(summary({ minPaymentAmount: 4_375 }, [{ date: today, cents: 4_375 }]), today)).toEqual([
      `${INTRO} ${EFT}`,
      "Today's payment is in process.",
    ]);
  });

  it("delinquent and charged-off lines stay as they were, with what is on its way after them", () => {
    const delinquent = {
      isDelinquent: true,
      repaymentMethod: "K",
      pastDueAmount: 4_500,
      currentDue: 4_375,
      minPaymentAmount: 8_875,
    };
    expect(paymentHeader(summary(delinquent), today)).toEqual([
      PAST_DUE,
      "Your Minimum Payment of $43.75 is due on Dec. 4, 2026; this does not include your Past Due amount of $45.00.",
    ]);
    expect(paymentHeader(summary(delinquent, [{ date: "2026-11-24", cents: 4_500 }]), today)).toContain(
      "Your next scheduled one-time payment of $45.00 will be made on Nov. 24, 2026.",
    );
    expect(paymentHeader(summary({ isDelinquent: true, isChargeoff: true, repaymentMethod: "K" }), today)).toEqual([
      PAST_DUE,
      "Your loan is more than 90 days past due. Your full account balance is due.",
    ]);
  });
});
