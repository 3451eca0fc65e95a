/**
 * The account-state engine's rules, one by one (0-decisions.md "Fees" and
 * "Billing cycle and servicing", decision record 013). The random lives in
 * money-lives.property.test.ts compare it with the independent model; these
 * pin each rule to a case a person can read.
 */
import { describe, expect, it } from "vitest";
import { addBusinessDays, addDays, daysBetween } from "#domain/calendar";
import {
  accountState,
  type Book,
  inactivityClosure,
  type LedgerEntry,
  serviceDay,
} from "../../functions/servicing/engine/index";
import { productLine } from "../money/product-line";

/** Day 0 is Monday 2027-03-01; bi-weekly pay on days 7, 21, 35...; no holiday falls on the dates used. */
const DAY0 = "2027-03-01";
const d = (n: number) => addDays(DAY0, n);
const dayOf = (iso: string) => daysBetween(DAY0, iso);

function life(method: "A" | "K" = "A", limit = 100_000) {
  const line = productLine({
    openedOn: DAY0,
    payFrequency: "B",
    payAnchorDate: d(-7),
    repaymentMethod: method,
    creditLimitCents: limit,
    takeHomeCents: 200_000,
  });
  let day = -1;
  return {
    line,
    to: (n: number) => {
      while (day < n) line.morning(d(++day));
      return line.figures();
    },
  };
}

describe("the worked example of 4-money-example.md, through the product's engine", () => {
  it("every figure, day by day", () => {
    const { line, to } = life();
    to(0);
    expect(line.act({ kind: "draw", amountCents: 50_000 })).toEqual({ ok: true });
    // Before statement 1 nothing is owed: the due date is projected, and so is the day its statement is issued.
    expect(to(0)).toMatchObject({
      principalCents: 50_000,
      unpaidFeesCents: 0,
      balanceCents: 50_000,
      nextMinimumDueCents: 0,
      nextDueDate: d(21),
      nextStatementDate: d(7),
    });
    expect(to(7)).toMatchObject({
      principalCents: 50_000,
      unpaidFeesCents: 2_000,
      balanceCents: 52_000,
      pastDueCents: 0,
      nextMinimumDueCents: 4_500,
      nextDueDate: d(21),
      nextStatementDate: null,
    });
    expect(line.statements()[0]).toMatchObject({
      feeCents: 2_000,
      minimumDueCents: 4_500,
      pastDueCents: 0,
      totalMinimumDueCents: 4_500,
    });
    expect(to(21)).toMatchObject({
      principalCents: 47_500,
      unpaidFeesCents: 2_000,
      balanceCents: 49_500,
      nextMinimumDueCents: 4_375,
    });
    expect(line.payments()[0]).toEqual({
      effectiveDate: d(21),
      amountCents: 4_500,
      origin: "automatic",
      returnedOn: null,
      reversedOn: null,
    });
    to(24);
    expect(line.act({ kind: "schedulePayment", amountCents: 10_000, date: d(25) })).toEqual({ ok: true });
    // The overpayment lowers principal; it does not pre-pay statement 3.
    expect(to(25)).toMatchObject({
      principalCents: 39_500,
      unpaidFeesCents: 0,
      balanceCents: 39_500,
      nextMinimumDueCents: 0,
    });
    expect(to(35)).toMatchObject({ principalCents: 39_500, balanceCents: 41_500, nextMinimumDueCents: 3_975 });
    expect(line.payments()).toHaveLength(2); // nothing owed on day 35: no automatic debit
    expect(to(49)).toMatchObject({
      principalCents: 37_525,
      balanceCents: 39_525,
      pastDueCents: 0,
      nextMinimumDueCents: 3_877,
    });
    expect(line.statements()[3]).toMatchObject({ minimumDueCents: 3_877, totalMinimumDueCents: 3_877 });
    to(50);
    expect(line.act({ kind: "returnPayment", index: 2 })).toEqual({ ok: true });
    expect(to(50)).toMatchObject({
      standing: "delinquent",
      principalCents: 39_500,
      unpaidFeesCents: 4_000,
      balanceCents: 43_500,
      pastDueCents: 3_975,
      currentDueCents: 3_877,
      nextMinimumDueCents: 7_852,
      shownAvailableCreditCents: 0,
    });
    // An issued statement never changes.
    expect(line.statements()[3]).toMatchObject({ minimumDueCents: 3_877, principalCents: 37_525 });
    expect(to(63)).toMatchObject({
      standing: "current",
      principalCents: 35_648,
      balanceCents: 37_648,
      nextMinimumDueCents: 3_783,
    });
    expect(line.payments().at(-1)).toMatchObject({ effectiveDate: d(63), amountCents: 7_852, origin: "automatic" });
    expect(line.statements()[4]).toMatchObject({
      previousBalanceCents: 39_525,
      paymentsCents: 7_852,
      returnsCents: 3_975,
      feeCents: 2_000,
      newBalanceCents: 37_648,
      minimumDueCents: 3_783,
    });
  });

  it("a paper-check borrower is never debited: statement 1's minimum is past due from its due date", () => {
    const { line, to } = life("K");
    to(0);
    line.act({ kind: "draw", amountCents: 50_000 });
    expect(to(20)).toMatchObject({ standing: "current", currentDueCents: 4_500, nextAutomaticPayment: null });
    expect(to(21)).toMatchObject({ standing: "delinquent", pastDueCents: 4_500, daysPastDue: 0 });
    expect(line.payments()).toEqual([]);
    // The statement issued that day says what the portal says: past due, its own minimum, their sum.
    expect(line.statements()[1]).toMatchObject({
      pastDueCents: 4_500,
      minimumDueCents: 4_500,
      totalMinimumDueCents: 9_000,
    });
    expect(to(21)).toMatchObject({ pastDueCents: 4_500, currentDueCents: 4_500, nextMinimumDueCents: 9_000 });
  });
});

describe("one automatic debit per line and due date", () => {
  it("servicing the same day twice adds nothing the second time", () => {
    const { line, to } = life();
    to(0);
    line.act({ kind: "draw", amountCents: 50_000 });
    to(20);
    const book = line.book();
    const first = serviceDay(book, d(21), { at: 1e12, reference: () => 1 });
    expect(first.work.entries.filter((e) => e.kind === "payment")).toHaveLength(1);
    const again = serviceDay(first.book, d(21), { at: 1e12 + 1, reference: () => 2 });
    expect(again.work.entries).toEqual([]);
    expect(again.work.statements).toEqual([]);
  });

  it("the next automatic payment is the minimums due by then, less one-time payments scheduled on or before it", () => {
    const { line, to } = life();
    to(0);
    line.act({ kind: "draw", amountCents: 50_000 });
    to(8);
    expect(line.figures().nextAutomaticPayment).toEqual({ date: d(21), amountCents: 4_500 });
    line.act({ kind: "schedulePayment", amountCents: 2_000, date: d(14) });
    expect(line.figures().nextAutomaticPayment).toEqual({ date: d(21), amountCents: 2_500 });
    // Both posted (20.00 on day 14, 25.00 on day 21), then statement 2 added its $20.00 fee.
    expect(to(21).balanceCents).toBe(52_000 - 4_500 + 2_000);
    expect(line.payments().map((p) => [p.origin, p.amountCents])).toEqual([
      ["one_time", 2_000],
      ["automatic", 2_500],
    ]);
  });
});

describe("returns", () => {
  it("are accepted up to two business days after the payment posts, once", () => {
    const { line, to } = life();
    to(0);
    line.act({ kind: "draw", amountCents: 50_000 });
    to(23); // day 21 is a Monday: Tuesday and Wednesday are the two business days after
    expect(line.act({ kind: "returnPayment", index: 0 })).toEqual({ ok: true });
    expect(line.act({ kind: "returnPayment", index: 0 })).toMatchObject({ ok: false });
    const late = life();
    late.to(0);
    late.line.act({ kind: "draw", amountCents: 50_000 });
    late.to(24);
    expect(late.line.act({ kind: "returnPayment", index: 0 })).toMatchObject({ ok: false, reason: "tooLate" });
  });
});

describe("statements", () => {
  it("a draw made on a statement date after that day's run belongs to the next statement", () => {
    const { line, to } = life();
    to(0);
    line.act({ kind: "draw", amountCents: 20_000 });
    to(7);
    line.act({ kind: "draw", amountCents: 10_000 });
    expect(line.statements()[0]).toMatchObject({ drawsCents: 20_000, principalCents: 20_000, newBalanceCents: 20_500 });
    to(21);
    expect(line.statements()[1]).toMatchObject({ previousBalanceCents: 20_500, drawsCents: 10_000 });
  });

  it("a cycle at a zero balance with no activity has no statement; a cycle with activity has one even at zero", () => {
    const { line, to } = life("K");
    to(0);
    line.act({ kind: "draw", amountCents: 10_000 });
    to(8);
    line.act({ kind: "schedulePayment", amountCents: line.figures().payoffCents, date: d(10) });
    to(21); // paid off on day 10: the day-21 statement reports the activity
    expect(line.statements().map((s) => [s.statementDate, s.newBalanceCents, s.minimumDueCents])).toEqual([
      [d(7), 10_500, 1_000],
      [d(21), 0, 0],
    ]);
    to(80);
    expect(line.statements()).toHaveLength(2);
  });

  it("a waived (reversed) carried balance fee lowers that statement's minimum by the fee", () => {
    const { line, to } = life("K");
    to(0);
    line.act({ kind: "draw", amountCents: 50_000 });
    to(7);
    const book: Book = line.book();
    const fee = book.entries.find((e) => e.kind === "carried_balance_fee")!;
    const waiver: LedgerEntry = {
      id: `X${fee.id}`,
      kind: "reversal",
      amountCents: fee.amountCents,
      effectiveDate: d(8),
      postedAt: 1e12,
      reversesId: fee.id,
    };
    const state = accountState({ ...book, entries: [...book.entries, waiver] }, d(8));
    expect(state).toMatchObject({ unpaidFeesCents: 0, balanceCents: 50_000, currentDueCents: 2_500 });
  });
});

describe("charge-off", () => {
  it("more than 90 days past due: charged off, no more statements or fees; payments pay fees first; paid in full, it closes", () => {
    const { line, to } = life("K");
    to(0);
    line.act({ kind: "draw", amountCents: 20_000 });
    expect(to(111)).toMatchObject({ standing: "delinquent", daysPastDue: 90 });
    const issued = line.statements().length;
    const charged = to(112);
    expect(charged).toMatchObject({
      standing: "charged_off",
      daysPastDue: 91,
      nextDueDate: null,
      nextMinimumDueCents: charged.balanceCents,
      nextAutomaticPayment: null,
    });
    to(140);
    expect(line.statements()).toHaveLength(issued);
    expect(line.act({ kind: "schedulePayment", amountCents: 1_000, date: d(142) })).toEqual({ ok: true });
    const before = to(141);
    expect(to(142)).toMatchObject({
      unpaidFeesCents: before.unpaidFeesCents - 1_000,
      principalCents: before.principalCents,
    });
    line.act({ kind: "schedulePayment", amountCents: line.figures().payoffCents, date: d(143) });
    // Paid in full, it stays charged off while the bank could still return the payment, then closes.
    expect(to(143)).toMatchObject({ standing: "charged_off", balanceCents: 0 });
    const lastReturnDay = addBusinessDays(d(143), 2);
    expect(to(dayOf(lastReturnDay))).toMatchObject({ standing: "charged_off", balanceCents: 0 });
    expect(to(dayOf(lastReturnDay) + 1)).toMatchObject({ standing: "closed", balanceCents: 0 });
  });
});

describe("the next payment date when a holiday moves a due date past the next statement (decision record 013)", () => {
  it("is the first due date that still owes something, and the next automatic payment the first that will debit", () => {
    // Bi-weekly pay on Mondays from 2027-01-04: the Jan 18 due date is MLK Day, so it is Tuesday Jan 19,
    // while the statement for Feb 1 is issued on Jan 18, a day before it.
    const line = productLine({
      openedOn: "2027-01-04",
      payFrequency: "B",
      payAnchorDate: "2027-01-04",
      repaymentMethod: "A",
      creditLimitCents: 100_000,
      takeHomeCents: 200_000,
    });
    let day = "2027-01-04";
    const to = (date: string) => {
      while (day <= date) {
        line.morning(day);
        day = addDays(day, 1);
      }
      return line.figures();
    };
    to("2027-01-04");
    line.act({ kind: "draw", amountCents: 30_000 });
    const first = to("2027-01-05");
    expect(line.statements()[0]).toMatchObject({
      statementDate: "2027-01-05",
      dueDate: "2027-01-19",
      minimumDueCents: 3_500,
    });
    expect(line.act({ kind: "schedulePayment", amountCents: first.nextMinimumDueCents, date: "2027-01-08" })).toEqual({
      ok: true,
    });
    const jan18 = to("2027-01-18");
    expect(line.statements()[1]).toMatchObject({ statementDate: "2027-01-18", dueDate: "2027-02-01" });
    // Jan 19 owes nothing (paid on Jan 8): the $34.25 minimum ($20.00 + 5% of $285.00) is due Feb 1, and that is when it is debited.
    expect(jan18).toMatchObject({
      nextDueDate: "2027-02-01",
      nextMinimumDueCents: 3_425,
      nextAutomaticPayment: { date: "2027-02-01", amountCents: 3_425 },
    });
    expect(to("2027-01-19").balanceCents).toBe(jan18.balanceCents);
  });
});

describe("a line reopened at the desk (decision record 028)", () => {
  it("closed at the borrower's request, reopened within 30 days; inactivity counts from the reopening", () => {
    const { line, to } = life("K");
    to(10);
    expect(line.act({ kind: "closeLine" })).toEqual({ ok: true });
    expect(to(40).standing).toBe("closed");
    expect(line.act({ kind: "reopenLine" })).toEqual({ ok: true });
    expect(line.book().line).toMatchObject({ status: "open", reopenedOn: d(40), closedOn: null });
    expect(inactivityClosure(line.book(), { balanceCents: 0 })).toBe("2028-04-10"); // 12 months after day 40
    expect(to(405).standing).toBe("current"); // 12 months after activation (day 366) passed
    expect(to(406).standing).toBe("closed");
    expect(line.book().line).toMatchObject({ closedOn: d(406), closureReason: "inactivity" });
    expect(line.act({ kind: "reopenLine" }).ok).toBe(false);
  });
});
