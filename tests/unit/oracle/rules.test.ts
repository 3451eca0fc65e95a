/** Smaller servicing rules of the reference model, each in a short life. */
import { describe, expect, it } from "vitest";
import { carriedBalanceFeeCents, ownMinimumCents } from "../../oracle/fees";
import type { LifeSetup } from "../../oracle/types";
import { life } from "./life";

/** Monday 2025-03-03; bi-weekly pay on day 0, 14, 28, ... (Mondays; the first holiday among them is day 84, May 26). */
const biWeekly = (repaymentMethod: "A" | "K", payAnchorDate = "2025-03-03"): LifeSetup => ({
  openedOn: "2025-03-03",
  payFrequency: "B",
  payAnchorDate,
  repaymentMethod,
  creditLimitCents: 100_000,
  takeHomeCents: 200_000,
});

describe("fee table", () => {
  it("uses the short-cycle or the monthly column by band", () => {
    expect(carriedBalanceFeeCents("bi-weekly", 1_000)).toBe(0);
    expect(carriedBalanceFeeCents("bi-weekly", 1_001)).toBe(500);
    expect(carriedBalanceFeeCents("monthly", 25_001)).toBe(4_000);
    expect(carriedBalanceFeeCents("semi-monthly", 350_000)).toBe(17_000);
  });

  it("rounds the minimum's percentage up to the cent, never above the balance", () => {
    expect(ownMinimumCents("bi-weekly", 2_000, 37_525, 39_525)).toBe(3_877);
    expect(ownMinimumCents("monthly", 4_000, 37_525, 41_525)).toBe(4_000 + 3_753);
    expect(ownMinimumCents("bi-weekly", 0, 1, 1)).toBe(1);
  });
});

describe("the first due date and skipped cycles (013)", () => {
  it("a draw on a statement date belongs to the next cycle: first statement 14 days later", () => {
    const l = life(biWeekly("A"));
    l.runTo(0); // day 0 is the statement date for due day 14, but the run came before the draw
    l.act({ kind: "draw", amountCents: 10_000 });
    expect(l.line.figures().nextDueDate).toBe(l.day(28));
    l.runTo(13);
    expect(l.line.statements()).toEqual([]);
    l.runTo(14);
    expect(l.line.statements().map((s) => [s.statementDate, s.dueDate])).toEqual([[l.day(14), l.day(28)]]);
  });

  it("issues a statement for a cycle with activity at zero balance, skips a quiet one", () => {
    const l = life(biWeekly("A"));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 10_000 });
    l.runTo(15);
    expect(l.line.statements()[0]!.minimumDueCents).toBe(500 + 500);
    expect(l.act({ kind: "schedulePayment", amountCents: 10_500, date: l.day(16) })).toEqual({ ok: true });
    expect(l.runTo(16).balanceCents).toBe(0);
    l.runTo(28); // activity (the payoff) in the cycle: issued at zero balance
    expect(l.line.payments()).toHaveLength(1); // nothing owed on day 28: no automatic payment
    expect(l.line.statements()[1]).toMatchObject({ statementDate: l.day(28), feeCents: 0, minimumDueCents: 0 });
    expect(l.runTo(41).nextDueDate).toBe(l.day(42));
    expect(l.runTo(42).nextDueDate).toBeNull();
    l.runTo(60);
    expect(l.line.statements()).toHaveLength(2); // day 42 and day 56 skipped
    l.act({ kind: "draw", amountCents: 10_000 });
    // Day 84 is Memorial Day 2025: the due date moves to Tuesday, its statement 14 days before.
    expect(l.line.figures().nextDueDate).toBe(l.day(85));
    l.runTo(70);
    expect(l.line.statements()).toHaveLength(2);
    l.runTo(71);
    expect(l.line.statements()[2]).toMatchObject({
      statementDate: l.day(71),
      periodStart: l.day(28),
      previousBalanceCents: 0,
      drawsCents: 10_000,
      dueDate: l.day(85),
    });
  });
});

describe("semi-monthly overlap", () => {
  it("issues a statement before the previous one is due; the automatic payment takes only the one due", () => {
    // Due dates 2026-02-17 (15th: Sunday, then Presidents Day), 03-02 (28th: Saturday), 03-16, 03-31.
    const l = life({
      openedOn: "2026-02-02",
      payFrequency: "S",
      payAnchorDate: "2026-01-31",
      repaymentMethod: "A",
      creditLimitCents: 100_000,
      takeHomeCents: 200_000,
    });
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    l.runTo(14); // 2026-02-16
    expect(l.line.statements().map((s) => [s.statementDate, s.dueDate, s.minimumDueCents, s.pastDueCents])).toEqual([
      ["2026-02-03", "2026-02-17", 4_500, 0],
      ["2026-02-16", "2026-03-02", 4_500, 0],
    ]);
    const f = l.line.figures();
    expect([f.pastDueCents, f.currentDueCents, f.nextDueDate]).toEqual([0, 9_000, "2026-02-17"]);
    expect(f.nextAutomaticPayment).toEqual({ date: "2026-02-17", amountCents: 4_500 });
    const g = l.runTo(15);
    expect(l.line.payments().map((p) => [p.effectiveDate, p.amountCents])).toEqual([["2026-02-17", 4_500]]);
    expect([g.pastDueCents, g.currentDueCents, g.nextDueDate, g.standing]).toEqual([0, 4_500, "2026-03-02", "current"]);
  });
});

describe("returns", () => {
  it("are accepted up to two business days after the payment posts, not after", () => {
    const l = life(biWeekly("A"));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 10_000 });
    l.runTo(27); // Sunday; the payment below posts Monday day 28
    l.runTo(28);
    expect(l.line.payments()).toHaveLength(1);
    l.runTo(31); // Thursday, three business days after
    expect(l.act({ kind: "returnPayment", index: 0 }).ok).toBe(false);
    expect(l.act({ kind: "returnPayment", index: 5 }).ok).toBe(false);
    const m = life(biWeekly("A"));
    m.runTo(0);
    m.act({ kind: "draw", amountCents: 10_000 });
    m.runTo(30); // Wednesday, two business days after
    expect(m.act({ kind: "returnPayment", index: 0 })).toEqual({ ok: true });
    expect(m.act({ kind: "returnPayment", index: 0 }).ok).toBe(false);
    expect(m.line.figures()).toMatchObject({ standing: "delinquent", pastDueCents: 1_000, daysPastDue: 2 });
  });
});

describe("charge-off", () => {
  const l = life(biWeekly("K", "2025-02-24")); // due dates days 21, 35, ...

  it("happens at the run when days past due exceed 90, and stops statements", () => {
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    expect(l.runTo(21).daysPastDue).toBe(0); // past due on the due date itself
    const before = l.runTo(111);
    expect([before.standing, before.daysPastDue]).toEqual(["delinquent", 90]);
    const f = l.runTo(112);
    expect([f.standing, f.daysPastDue]).toEqual(["charged_off", 91]);
    expect(l.line.statements()).toHaveLength(8); // days 7, 21, ..., 105
    expect(f.balanceCents).toBe(50_000 + 8 * 2_000);
    expect(f.nextMinimumDueCents).toBe(f.balanceCents);
    expect([f.nextDueDate, f.nextAutomaticPayment, f.shownAvailableCreditCents]).toEqual([null, null, 0]);
    expect(l.act({ kind: "draw", amountCents: 10_000 }).ok).toBe(false);
    l.runTo(140);
    expect(l.line.statements()).toHaveLength(8);
  });

  it("after charge-off a payment pays the oldest fees first, then principal; paid in full it closes", () => {
    expect(l.act({ kind: "schedulePayment", amountCents: 5_000, date: l.day(141) })).toEqual({ ok: true });
    const f = l.runTo(141);
    expect([f.principalCents, f.unpaidFeesCents]).toEqual([50_000, 16_000 - 5_000]);
    expect(l.act({ kind: "schedulePayment", amountCents: 20_000, date: l.day(142) })).toEqual({ ok: true });
    const g = l.runTo(142);
    expect([g.principalCents, g.unpaidFeesCents]).toEqual([50_000 - 9_000, 0]);
    expect(l.act({ kind: "schedulePayment", amountCents: g.balanceCents, date: l.day(143) })).toEqual({ ok: true });
    const h = l.runTo(143);
    // Paid in full: closed once the payment can no longer be returned (two business days).
    expect([h.balanceCents, h.standing]).toEqual([0, "charged_off"]);
    expect(l.day(143)).toBe("2025-07-24"); // Thursday: returnable through Monday July 28 (day 147)
    expect(l.runTo(147).standing).toBe("charged_off");
    expect(l.runTo(148).standing).toBe("closed");
    expect(l.line.unpaidMinimums().every((m) => m === 0)).toBe(true);
  });
});

describe("overpayment", () => {
  it("an automatic payment before a scheduled payoff leaves the excess unapplied", () => {
    const l = life(biWeekly("A", "2025-02-24")); // statement 1 on day 7, due day 21
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    l.runTo(18); // Friday; the ACH effective date is Monday day 21
    expect(l.act({ kind: "schedulePayment", amountCents: 52_000, date: l.day(22) })).toEqual({ ok: true });
    expect(l.line.figures().nextAutomaticPayment).toEqual({ date: l.day(21), amountCents: 4_500 });
    l.runTo(21);
    expect(l.line.payments().map((p) => p.amountCents)).toEqual([4_500]);
    const f = l.runTo(22);
    expect([f.balanceCents, f.unappliedCents, f.principalCents, f.payoffCents]).toEqual([0, 2_500, 0, 0]);
  });
});

describe("action checks", () => {
  it("refuses draws below $100, off the $25 step, or above available credit", () => {
    const l = life(biWeekly("A"));
    l.runTo(0);
    expect(l.act({ kind: "draw", amountCents: 7_500 }).ok).toBe(false);
    expect(l.act({ kind: "draw", amountCents: 11_000 }).ok).toBe(false);
    expect(l.act({ kind: "draw", amountCents: 102_500 }).ok).toBe(false);
    expect(l.act({ kind: "draw", amountCents: 100_000 })).toEqual({ ok: true });
    expect(l.act({ kind: "draw", amountCents: 10_000 }).ok).toBe(false);
  });

  it("refuses payments on the wrong dates or amounts, and a fourth pending one", () => {
    const l = life(biWeekly("K"));
    l.runTo(0);
    expect(l.act({ kind: "schedulePayment", amountCents: 1_000, date: l.day(1) }).ok).toBe(false); // nothing owed
    l.act({ kind: "draw", amountCents: 20_000 });
    const pay = (amountCents: number, n: number) => l.act({ kind: "schedulePayment", amountCents, date: l.day(n) }).ok;
    expect(pay(1_000, 0)).toBe(false); // same day
    expect(pay(1_000, 5)).toBe(false); // Saturday
    expect(pay(1_000, 47)).toBe(false); // day 1 + 45 = day 46 is the last
    expect(pay(999, 1)).toBe(false);
    expect(pay(20_001, 1)).toBe(false);
    expect([pay(1_000, 1), pay(1_000, 46), pay(1_000, 2)]).toEqual([true, true, true]);
    expect(pay(1_000, 3)).toBe(false);
    expect(l.line.figures()).toMatchObject({ scheduledCount: 3, scheduledCents: 3_000, payoffCents: 17_000 });
  });
});

describe("closure for inactivity", () => {
  it("closes a line 12 months after opening when it never drew", () => {
    const l = life(biWeekly("A")); // opened 2025-03-03
    expect(l.runTo(364).standing).toBe("current");
    expect(l.day(365)).toBe("2026-03-03");
    const f = l.runTo(365);
    expect([f.standing, f.shownAvailableCreditCents, f.nextDueDate]).toEqual(["closed", 0, null]);
    expect(l.act({ kind: "draw", amountCents: 10_000 }).ok).toBe(false);
  });
});

describe("a pay schedule changed at the desk (026)", () => {
  it("keeps the issued due date; the next statement falls on the new pay dates with the new cycle's fee", () => {
    const l = life(biWeekly("A"));
    l.runTo(0);
    l.act({ kind: "draw", amountCents: 50_000 });
    l.runTo(16); // statement on day 14 (Mar 17), due day 28 (Mar 31)
    expect(l.line.statements().map((s) => s.dueDate)).toEqual(["2025-03-31"]);
    // Paid monthly now, last on Monday Mar 17: Apr 17 (statement Apr 3) is the first due date after today's.
    expect(l.act({ kind: "changePaySchedule", payFrequency: "M", lastPayDate: "2025-03-17" })).toEqual({ ok: true });
    expect(l.line.figures().nextDueDate).toBe("2025-03-31");
    l.runTo(31); // Apr 3
    const [first, second] = l.line.statements();
    expect(first).toMatchObject({ dueDate: "2025-03-31", feeCents: 2_000, minimumDueCents: 4_500 });
    // Mar 31's automatic debit paid 4,500: the $20 fee, then $25 of principal (475.00 left).
    // Monthly column: $40 fee for 250.01-500; minimum 40 + 10% of 475 = 87.50.
    expect(second).toMatchObject({
      statementDate: "2025-04-03",
      dueDate: "2025-04-17",
      feeCents: 4_000,
      principalCents: 47_500,
      minimumDueCents: 8_750,
    });
  });

  it("refuses a date that is not the most recent pay date of the schedule it sets", () => {
    const l = life(biWeekly("A"));
    l.runTo(20); // Mar 23, a Sunday
    const change = (payFrequency: "W" | "B" | "S" | "M", lastPayDate: string) =>
      l.act({ kind: "changePaySchedule", payFrequency, lastPayDate }).ok;
    expect(change("B", "2025-03-24")).toBe(false); // tomorrow
    expect(change("W", "2025-03-15")).toBe(false); // paid again on Mar 22
    expect(change("S", "2025-03-20")).toBe(false); // twice monthly: the 15th or the last day
    expect(change("S", "2025-02-28")).toBe(false); // paid again on Mar 15
    expect(change("M", "2025-02-24")).toBe(true);
    expect(change("S", "2025-03-15")).toBe(true);
  });
});

describe("a line reopened at the desk (028)", () => {
  it("reopens within 30 days of a requested closure; inactivity then counts from the reopening", () => {
    const l = life(biWeekly("K"));
    l.runTo(10);
    expect(l.act({ kind: "reopenLine" }).ok).toBe(false); // open
    expect(l.act({ kind: "closeLine" })).toEqual({ ok: true }); // nothing owed: closed at once
    expect(l.runTo(41).standing).toBe("closed");
    expect(l.act({ kind: "reopenLine" }).ok).toBe(false); // day 41: 31 days after closing
    const m = life(biWeekly("K"));
    m.runTo(10);
    m.act({ kind: "closeLine" });
    expect(m.runTo(40).standing).toBe("closed");
    expect(m.act({ kind: "reopenLine" })).toEqual({ ok: true }); // day 40: the 30th day
    // 12 months after activation (2026-03-03, day 365) it stays open; 12 months after the reopening (2026-04-12) it closes.
    expect(m.runTo(365).standing).toBe("current");
    expect(m.runTo(404).standing).toBe("current");
    expect(m.runTo(405).standing).toBe("closed");
    expect(m.day(405)).toBe("2026-04-12");
    expect(m.act({ kind: "reopenLine" }).ok).toBe(false); // closed for inactivity: apply again
  });
});
