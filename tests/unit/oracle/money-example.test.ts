/**
 * ../shared/spec/4-money-example.md played through the reference model, figure
 * by figure. Day 0 is Monday 2025-03-03; no holiday falls on the days used
 * (due dates are the Mondays of days 21 to 77: March 24 to May 19, 2025).
 * Bi-weekly pay anchored on day -7, so pay dates fall on days 7, 21, 35, ...
 */
import { describe, expect, it } from "vitest";
import { isBusinessDay } from "../../oracle/calendar";
import { cashAdvanceFeeCents } from "../../oracle/fees";
import { exampleSetup, life } from "./life";

const setup = exampleSetup;

describe("the worked money example (method A)", () => {
  const l = life(setup("A"));
  const day = l.day;

  it("uses business days only", () => {
    for (const n of [0, 7, 21, 24, 25, 35, 49, 50, 63, 77]) expect(isBusinessDay(day(n))).toBe(true);
  });

  it("day 0: a $500 draw adds $500 to principal and balance; the $25 fee is kept from the deposit", () => {
    l.runTo(0);
    expect(l.act({ kind: "draw", amountCents: 50_000 })).toEqual({ ok: true });
    expect(cashAdvanceFeeCents("B", 50_000)).toBe(2_500);
    const f = l.line.figures();
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([50_000, 0, 50_000]);
    expect(f.nextDueDate).toBe(day(21)); // projected: statement 1 is still to come
  });

  it("day 7: statement 1, fee $20, minimum $45.00", () => {
    const f = l.runTo(7);
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([50_000, 2_000, 52_000]);
    expect([f.pastDueCents, f.currentDueCents, f.nextMinimumDueCents]).toEqual([0, 4_500, 4_500]);
    expect(f.availableCreditCents).toBe(48_000);
    expect(f.shownAvailableCreditCents).toBe(48_000);
    expect(f.nextDueDate).toBe(day(21));
    expect(f.nextAutomaticPayment).toEqual({ date: day(21), amountCents: 4_500 });
    expect(l.line.statements()).toEqual([
      {
        statementDate: day(7),
        dueDate: day(21),
        periodStart: day(0),
        previousBalanceCents: 0,
        drawsCents: 50_000,
        paymentsCents: 0,
        returnsCents: 0,
        creditsCents: 0,
        feeCents: 2_000,
        newBalanceCents: 52_000,
        principalCents: 50_000,
        pastDueCents: 0,
        minimumDueCents: 4_500,
        totalMinimumDueCents: 4_500,
        // Its minimum-payment warning (issue 35): paying only each minimum, $520.00 takes 164
        // statements (6 years 4 months) and $595.00 in fees (tests/oracle/projection.ts).
        payoffStatements: 164,
        payoffMonths: 76,
        payoffFeesCents: 59_500,
      },
    ]);
  });

  it("day 21: automatic payment $45.00, then statement 2 (minimum $43.75)", () => {
    const f = l.runTo(21);
    expect(l.line.payments()).toEqual([
      { effectiveDate: day(21), amountCents: 4_500, origin: "automatic", returnedOn: null, reversedOn: null },
    ]);
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([47_500, 2_000, 49_500]);
    expect(f.nextMinimumDueCents).toBe(4_375);
    const s2 = l.line.statements()[1]!;
    expect([s2.principalCents, s2.feeCents, s2.minimumDueCents, s2.pastDueCents]).toEqual([47_500, 2_000, 4_375, 0]);
    expect([s2.previousBalanceCents, s2.paymentsCents, s2.newBalanceCents]).toEqual([52_000, 4_500, 49_500]);
    expect(l.line.unpaidMinimums()).toEqual([0, 4_375]);
  });

  it("day 25: a one-time $100.00 pays statement 2 and lowers principal, without pre-paying statement 3", () => {
    l.runTo(24);
    expect(l.act({ kind: "schedulePayment", amountCents: 10_000, date: day(25) })).toEqual({ ok: true });
    expect(l.line.figures().payoffCents).toBe(39_500);
    const f = l.runTo(25);
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([39_500, 0, 39_500]);
    expect(f.nextMinimumDueCents).toBe(0);
    expect(f.scheduledCount).toBe(0);
  });

  it("day 35: nothing owed, no automatic debit; statement 3 (minimum $39.75)", () => {
    const f = l.runTo(35);
    expect(l.line.payments()).toHaveLength(2);
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([39_500, 2_000, 41_500]);
    expect(f.nextMinimumDueCents).toBe(3_975);
    expect(l.line.statements()[2]!.minimumDueCents).toBe(3_975);
  });

  it("day 49: automatic payment $39.75; statement 4 minimum $38.77 (18.7625 rounded up)", () => {
    const f = l.runTo(49);
    expect(l.line.payments()[2]).toMatchObject({ effectiveDate: day(49), amountCents: 3_975, origin: "automatic" });
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([37_525, 2_000, 39_525]);
    const s4 = l.line.statements()[3]!;
    expect([s4.feeCents, s4.minimumDueCents, s4.pastDueCents, s4.totalMinimumDueCents]).toEqual([
      2_000, 3_877, 0, 3_877,
    ]);
    expect([s4.previousBalanceCents, s4.paymentsCents, s4.newBalanceCents]).toEqual([41_500, 3_975, 39_525]);
  });

  it("day 50: day 49's payment is returned; statement 3 is past due again", () => {
    l.runTo(50);
    expect(l.act({ kind: "returnPayment", index: 2 })).toEqual({ ok: true });
    const f = l.line.figures();
    expect(l.line.payments()[2]!.returnedOn).toBe(day(50));
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([39_500, 4_000, 43_500]);
    expect(f.standing).toBe("delinquent");
    expect([f.pastDueCents, f.currentDueCents, f.nextMinimumDueCents]).toEqual([3_975, 3_877, 7_852]);
    expect(f.shownAvailableCreditCents).toBe(0);
    expect(f.availableCreditCents).toBe(56_500);
    expect(f.daysPastDue).toBe(1);
    expect(l.act({ kind: "draw", amountCents: 10_000 }).ok).toBe(false);
    // An issued statement never changes: statement 4's own minimum stays $38.77.
    expect(l.line.statements()[3]!.minimumDueCents).toBe(3_877);
    expect(l.line.unpaidMinimums()).toEqual([0, 0, 3_975, 3_877]);
  });

  it("day 63: automatic payment $78.52 pays statements 3 and 4; statement 5 minimum $37.83", () => {
    const before = l.runTo(62);
    expect(before.nextAutomaticPayment).toEqual({ date: day(63), amountCents: 7_852 });
    const f = l.runTo(63);
    expect(l.line.payments()[3]).toMatchObject({ effectiveDate: day(63), amountCents: 7_852, origin: "automatic" });
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([35_648, 2_000, 37_648]);
    expect(f.standing).toBe("current");
    expect(f.nextMinimumDueCents).toBe(3_783);
    const s5 = l.line.statements()[4]!;
    expect([s5.feeCents, s5.minimumDueCents, s5.pastDueCents]).toEqual([2_000, 3_783, 0]);
    // previous + draws - payments + returns + fee
    expect([s5.previousBalanceCents, s5.paymentsCents, s5.returnsCents, s5.newBalanceCents]).toEqual([
      39_525, 7_852, 3_975, 37_648,
    ]);
    expect(l.line.statements()[3]!.minimumDueCents).toBe(3_877);
  });
});

describe("the worked money example, paper-check borrower (K)", () => {
  const l = life(setup("K"));
  const day = l.day;

  it("has no automatic payments: statement 1's $45.00 is past due from day 21", () => {
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    expect(l.runTo(20).nextAutomaticPayment).toBeNull();
    const f = l.runTo(21);
    expect(l.line.payments()).toEqual([]);
    expect(f.standing).toBe("delinquent");
    expect([f.pastDueCents, f.currentDueCents, f.nextMinimumDueCents]).toEqual([4_500, 4_500, 9_000]);
    expect(f.nextAutomaticPayment).toBeNull();
    const s2 = l.line.statements()[1]!;
    expect([s2.principalCents, s2.feeCents, s2.minimumDueCents, s2.pastDueCents, s2.totalMinimumDueCents]).toEqual([
      50_000, 2_000, 4_500, 4_500, 9_000,
    ]);
    expect(l.runTo(24).standing).toBe("delinquent");
  });

  it("stays delinquent until paid: $100 on day 25 pays statement 1, then statement 2, then principal", () => {
    expect(l.act({ kind: "schedulePayment", amountCents: 10_000, date: day(25) })).toEqual({ ok: true });
    const f = l.runTo(25);
    expect(f.standing).toBe("current");
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([44_000, 0, 44_000]);
    expect(l.line.unpaidMinimums()).toEqual([0, 0]);
  });
});
