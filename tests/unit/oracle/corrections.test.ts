/**
 * The desk's corrections (decision record 022) in the reference model, on
 * the worked example's line (../shared/spec/4-money-example.md: a $500 draw
 * on Monday 2025-03-03, bi-weekly pay; statement 1 on day 7 bills a $20 fee
 * and a $45.00 minimum due on day 21). Figures worked by hand from the
 * decision record's words, not from the product's code.
 */
import { describe, expect, it } from "vitest";
import { exampleSetup, life } from "./life";

const setup = exampleSetup;

function opened(repaymentMethod: "A" | "K") {
  const l = life(setup(repaymentMethod));
  l.runTo(0);
  expect(l.act({ kind: "draw", amountCents: 50_000 })).toEqual({ ok: true });
  return l;
}

describe("a fee waived while unpaid", () => {
  const l = opened("K");

  it("lowers the balance and the statement's minimum by the fee; the statement as issued stays", () => {
    l.runTo(8);
    expect(l.act({ kind: "waiveFee", index: 0 })).toEqual({ ok: true });
    const f = l.line.figures();
    expect([f.principalCents, f.unpaidFeesCents, f.balanceCents]).toEqual([50_000, 0, 50_000]);
    expect([f.currentDueCents, f.nextMinimumDueCents]).toEqual([2_500, 2_500]);
    expect(l.line.unpaidMinimums()).toEqual([2_500]);
    expect(l.line.statements()[0]).toMatchObject({ feeCents: 2_000, minimumDueCents: 4_500, creditsCents: 0 });
  });

  it("is refused a second time, and for a statement that does not exist", () => {
    expect(l.act({ kind: "waiveFee", index: 0 }).ok).toBe(false);
    expect(l.act({ kind: "waiveFee", index: 1 }).ok).toBe(false);
  });

  it("shows on the next statement as a credit: previous + draws - payments + returns - credits + fee", () => {
    l.runTo(21);
    const s2 = l.line.statements()[1]!;
    expect([s2.previousBalanceCents, s2.creditsCents, s2.feeCents, s2.newBalanceCents]).toEqual([
      52_000, 2_000, 2_000, 52_000,
    ]);
    // Paper check: nothing was paid by day 21, so statement 1's $25.00 is past due at issue.
    expect([s2.pastDueCents, s2.minimumDueCents, s2.totalMinimumDueCents]).toEqual([2_500, 4_500, 7_000]);
  });
});

describe("a fee refunded after it was paid", () => {
  it("re-applies what paid it: the $45.00 payment now pays the $25.00 rest and $20.00 of principal", () => {
    const l = opened("A");
    const before = l.runTo(22);
    expect(l.line.payments()[0]).toMatchObject({ amountCents: 4_500, origin: "automatic" });
    expect([before.principalCents, before.unpaidFeesCents, before.balanceCents]).toEqual([47_500, 2_000, 49_500]);
    expect(l.act({ kind: "waiveFee", index: 0 })).toEqual({ ok: true });
    const after = l.line.figures();
    expect([after.principalCents, after.unpaidFeesCents, after.balanceCents]).toEqual([45_500, 2_000, 47_500]);
    expect(after.standing).toBe("current");
    // Statement 2 (issued day 21 on a $475.00 principal) keeps its fee and its minimum.
    expect(l.line.unpaidMinimums()).toEqual([0, l.line.statements()[1]!.minimumDueCents]);
  });
});

describe("a payment reversed", () => {
  it("leaves it out like a return: statement 1's minimum is unpaid again and past due", () => {
    const l = opened("A");
    l.runTo(25);
    expect(l.act({ kind: "reversePayment", index: 0 })).toEqual({ ok: true });
    const f = l.line.figures();
    expect(l.line.payments()[0]).toMatchObject({ returnedOn: null, reversedOn: l.day(25) });
    expect([f.principalCents, f.unpaidFeesCents]).toEqual([50_000, 4_000]);
    expect(f.standing).toBe("delinquent");
    expect(f.pastDueCents).toBe(4_500);
    // Past the return window (two business days), a reversal is still allowed once; a return of it is not.
    expect(l.act({ kind: "reversePayment", index: 0 }).ok).toBe(false);
    expect(l.act({ kind: "returnPayment", index: 0 }).ok).toBe(false);
  });

  it("counts with the returns on the next statement", () => {
    const l = opened("A");
    l.runTo(25);
    l.act({ kind: "reversePayment", index: 0 });
    l.runTo(35);
    const s3 = l.line.statements()[2]!;
    // Day 35's automatic payment is in the same cycle, among the payments.
    expect(s3.returnsCents).toBe(4_500);
    expect(s3.newBalanceCents).toBe(
      s3.previousBalanceCents + s3.drawsCents - s3.paymentsCents + s3.returnsCents - s3.creditsCents + s3.feeCents,
    );
  });
});

describe("a fee refunded whose payment then pays off the principal", () => {
  it("leaves no minimum unpaid and no delinquency on a zero balance", () => {
    // Weekly pay (every other pay date is due): statement 1 on day 14 bills $5.00 on a $100 draw;
    // $100 paid on day 15 leaves $5.00 of principal, so statement 2 (day 28) asks for $0.25.
    const l = life({
      openedOn: "2025-01-01",
      payFrequency: "W",
      payAnchorDate: "2025-01-01",
      repaymentMethod: "K",
      creditLimitCents: 30_000,
      takeHomeCents: 200_000,
    });
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 10_000 });
    l.act({ kind: "schedulePayment", amountCents: 10_000, date: l.day(15) });
    const before = l.runTo(28);
    expect([before.balanceCents, before.currentDueCents]).toEqual([500, 25]);
    // Refunded, the $5.00 fee's share of the payment pays the last $5.00 of principal.
    expect(l.act({ kind: "waiveFee", index: 0 })).toEqual({ ok: true });
    const after = l.line.figures();
    expect([after.balanceCents, after.pastDueCents, after.currentDueCents]).toEqual([0, 0, 0]);
    expect(l.runTo(60).standing).toBe("current");
  });
});

describe("a new credit limit (decision record 023)", () => {
  // $2,000 a bi-weekly paycheck: $4,333.33 a month, so underwriting allows $1,075.00 (25%, floored to $25).
  const setupWith = (takeHomeCents: number) => ({ ...exampleSetup("K"), takeHomeCents });

  it("is raised up to underwriting's limit on a current line, and available credit follows", () => {
    const l = life(setupWith(200_000));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    expect(l.act({ kind: "setLimit", amountCents: 110_000 }).ok).toBe(false);
    expect(l.act({ kind: "setLimit", amountCents: 107_500 })).toEqual({ ok: true });
    expect(l.line.figures().availableCreditCents).toBe(57_500);
    expect(l.act({ kind: "setLimit", amountCents: 107_500 }).ok).toBe(false);
    expect(l.act({ kind: "setLimit", amountCents: 80_010 }).ok).toBe(false);
  });

  it("is never raised above $3,500, whatever the income", () => {
    const l = life(setupWith(2_000_000));
    l.runTo(0);
    expect(l.act({ kind: "setLimit", amountCents: 352_500 }).ok).toBe(false);
    expect(l.act({ kind: "setLimit", amountCents: 350_000 })).toEqual({ ok: true });
  });

  it("is lowered in any standing down to $300; a delinquent line is not raised", () => {
    const l = life(setupWith(200_000));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    const late = l.runTo(22);
    expect(late.standing).toBe("delinquent");
    expect(l.act({ kind: "setLimit", amountCents: 102_500 }).ok).toBe(false);
    expect(l.act({ kind: "setLimit", amountCents: 27_500 }).ok).toBe(false);
    expect(l.act({ kind: "setLimit", amountCents: 30_000 })).toEqual({ ok: true });
    // Below the balance, nothing is available (and the page shows none while delinquent anyway).
    expect(l.line.figures().availableCreditCents).toBe(0);
  });
});

describe("a line closed at the borrower's request (decision record 025)", () => {
  it("with a balance: no more draws and no credit shown; closed by the run once paid", () => {
    const l = life(exampleSetup("K"));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    l.runTo(3);
    expect(l.act({ kind: "closeLine" })).toEqual({ ok: true });
    expect(l.line.figures()).toMatchObject({ standing: "current", shownAvailableCreditCents: 0 });
    expect(l.act({ kind: "draw", amountCents: 10_000 }).ok).toBe(false);
    expect(l.act({ kind: "closeLine" }).ok).toBe(false);
    expect(l.act({ kind: "schedulePayment", amountCents: 50_000, date: l.day(4) })).toEqual({ ok: true });
    // Paid on Friday: the bank may return it through Tuesday, so Wednesday's run closes the line.
    expect(l.runTo(8).standing).toBe("current");
    expect(l.runTo(9).standing).toBe("closed");
  });

  it("with nothing owed or scheduled: closed at once; taken back while open, the line draws again", () => {
    const idle = life(exampleSetup("K"));
    idle.runTo(0);
    expect(idle.act({ kind: "closeLine" })).toEqual({ ok: true });
    expect(idle.line.figures().standing).toBe("closed");
    expect(idle.act({ kind: "cancelClosure" }).ok).toBe(false);

    const l = life(exampleSetup("K"));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    expect(l.act({ kind: "cancelClosure" }).ok).toBe(false);
    l.act({ kind: "closeLine" });
    expect(l.act({ kind: "cancelClosure" })).toEqual({ ok: true });
    expect(l.act({ kind: "draw", amountCents: 10_000 })).toEqual({ ok: true });
  });
});

describe("closing right after a payoff", () => {
  it("waits out the two business days a bank may return the payment in", () => {
    const l = life(exampleSetup("K"));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 10_000 });
    l.act({ kind: "schedulePayment", amountCents: 10_000, date: l.day(1) });
    expect(l.runTo(1).balanceCents).toBe(0);
    // Tuesday 2025-03-04: returnable through Thursday; the line closes on Friday's run.
    expect(l.act({ kind: "closeLine" })).toEqual({ ok: true });
    expect(l.runTo(3).standing).toBe("current");
    expect(l.runTo(4).standing).toBe("closed");
  });
});
