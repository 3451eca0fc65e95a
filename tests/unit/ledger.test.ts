import { describe, expect, it } from "vitest";
import { servicing } from "../../functions/config";
import { carriedBalanceFee, cashAdvanceFee, minimumPayment } from "../../functions/fees";
import {
  activeEntries,
  daysBetween,
  deriveAccount,
  drawRows,
  type LedgerEntry,
  maxPaymentCents,
  type StatementDue,
  statementRows,
  wouldExceedLimit,
} from "../../functions/servicing/ledger";

const LIMIT = 50_000;
let clock = 1_000;
/** Each row is recorded one second after the previous one unless told otherwise. */
function row(id: string, kind: LedgerEntry["kind"], amountCents: number, effectiveDate: string, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  clock += 1_000;
  return { id, kind, amountCents, effectiveDate, postedAt: clock, ...extra };
}
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const alloc = (entryId: string, toFeesCents: number, toPrincipalCents: number, unappliedCents = 0) => ({
  entryId,
  toFeesCents,
  toPrincipalCents,
  unappliedCents,
});

// A $200 draw on a bi-weekly cycle: $10 cash advance fee (5%).
const draw = row("d1", "draw", 20_000, "2026-01-05");
const caf = row("d1:fee", "cash_advance_fee", cashAdvanceFee(20_000, "biweekly"), "2026-01-05");

describe("draws and fees", () => {
  it("a draw adds the full amount to principal and its cash advance fee to fees", () => {
    expect(caf.amountCents).toBe(1_000);
    const a = deriveAccount([draw, caf], [], "2026-01-05", LIMIT);
    expect(a).toMatchObject({ principalCents: 20_000, feesCents: 1_000, balanceCents: 21_000, availableCreditCents: 29_000, payments: [] });
  });

  it("drawRows adds the full draw to the balance: the deposited principal plus the cash advance fee", () => {
    const rows = drawRows("d1", 20_000, "biweekly", "2026-01-05", 5);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([["draw", 19_000], ["cash_advance_fee", 1_000]]);
    expect(deriveAccount(rows, [], "2026-01-05", LIMIT).balanceCents).toBe(20_000);
    const monthly = drawRows("m", 20_000, "monthly", "2026-01-05", 5);
    expect(monthly.map((r) => r.amountCents)).toEqual([18_000, 2_000]);
  });

  it("statementRows charges the carried balance fee and sets the minimum from principal", () => {
    const { feeEntry, statement } = statementRows([draw, caf], { id: "s1", statementDate: "2026-01-06", dueDate: "2026-01-20", cycle: "biweekly", postedAt: 9 });
    expect(feeEntry).toMatchObject({ kind: "carried_balance_fee", amountCents: 500, effectiveDate: "2026-01-06" });
    expect(statement).toEqual({ id: "s1", statementDate: "2026-01-06", dueDate: "2026-01-20", minimumDueCents: 1_500 });
    expect(statement.minimumDueCents).toBe(minimumPayment(20_000, "biweekly"));
    expect(statementRows([], { id: "s0", statementDate: "2026-01-06", dueDate: "2026-01-20", cycle: "biweekly", postedAt: 9 }).feeEntry).toBeNull();
  });
});

describe("payment allocation", () => {
  it("goes to fees first, then principal", () => {
    const a = deriveAccount([draw, caf, row("p1", "payment", 5_000, "2026-01-20")], [], "2026-01-20", LIMIT);
    expect(a.payments).toEqual([alloc("p1", 1_000, 4_000)]);
    expect(a).toMatchObject({ principalCents: 16_000, feesCents: 0, balanceCents: 16_000 });
  });

  it("a partial payment smaller than the fees touches only fees", () => {
    const a = deriveAccount([draw, caf, row("p1", "payment", 600, "2026-01-20")], [], "2026-01-20", LIMIT);
    expect(a.payments).toEqual([alloc("p1", 600, 0)]);
    expect(a).toMatchObject({ principalCents: 20_000, feesCents: 400, balanceCents: 20_400 });
  });

  it("an overpayment leaves the excess unapplied and a zero (never negative) balance", () => {
    const a = deriveAccount([draw, caf, row("p1", "payment", 30_000, "2026-01-20")], [], "2026-01-20", LIMIT);
    expect(a.payments).toEqual([alloc("p1", 1_000, 20_000, 9_000)]);
    expect(a).toMatchObject({ principalCents: 0, feesCents: 0, balanceCents: 0, availableCreditCents: LIMIT });
    // Unapplied money is not a credit against a later draw.
    const later = deriveAccount([draw, caf, row("p2", "payment", 30_000, "2026-01-20"), row("d2", "draw", 10_000, "2026-01-21")], [], "2026-01-21", LIMIT);
    expect(later.balanceCents).toBe(10_000);
  });

  it("same-day rows are applied by postedAt, then id", () => {
    // The fee's id sorts first, but it was posted last: postedAt decides before the id.
    const fee = { ...row("0fee", "carried_balance_fee", 500, "2026-01-10"), postedAt: 50 };
    const b = { ...row("b", "payment", 300, "2026-01-10"), postedAt: 40 };
    const a = { ...row("a", "payment", 300, "2026-01-10"), postedAt: 40 };
    const acct = deriveAccount([draw, fee, b, a], [], "2026-01-10", LIMIT);
    // Both payments precede the fee (posted earlier); "a" before "b" on the id tie. Neither sees the fee.
    expect(acct.payments).toEqual([alloc("a", 0, 300), alloc("b", 0, 300)]);
    expect(acct).toMatchObject({ principalCents: 19_400, feesCents: 500 });
  });
});

describe("adjustments", () => {
  it("credit fees or principal and never go below zero (excess dropped)", () => {
    const fees = deriveAccount([draw, caf, row("j1", "adjustment", 1_500, "2026-01-06", { adjustmentTarget: "fees" })], [], "2026-01-06", LIMIT);
    expect(fees).toMatchObject({ principalCents: 20_000, feesCents: 0 });
    const principal = deriveAccount([draw, caf, row("j2", "adjustment", 25_000, "2026-01-06", { adjustmentTarget: "principal" })], [], "2026-01-06", LIMIT);
    expect(principal).toMatchObject({ principalCents: 0, feesCents: 1_000 });
    const untargeted = deriveAccount([draw, caf, row("j3", "adjustment", 1_500, "2026-01-06")], [], "2026-01-06", LIMIT);
    expect(untargeted).toMatchObject({ principalCents: 19_500, feesCents: 0 });
  });
});

describe("reversals and returns", () => {
  it("a reversal cancels a fee and neither row counts", () => {
    const rev = row("r1", "reversal", caf.amountCents, "2026-01-07", { reversesId: caf.id });
    const a = deriveAccount([draw, caf, rev], [], "2026-01-07", LIMIT);
    expect(a).toMatchObject({ principalCents: 20_000, feesCents: 0, balanceCents: 20_000 });
    expect(activeEntries([draw, caf, rev]).map((e) => e.id)).toEqual(["d1"]);
  });

  it("reversing a reversal reinstates its target; reversals of unknown or later rows are ignored", () => {
    const rev = row("r1", "reversal", caf.amountCents, "2026-01-07", { reversesId: caf.id });
    const undo = row("r2", "reversal", caf.amountCents, "2026-01-08", { reversesId: rev.id });
    expect(deriveAccount([draw, caf, rev, undo], [], "2026-01-08", LIMIT).feesCents).toBe(1_000);
    const ghost = row("r3", "reversal", 1, "2026-01-08", { reversesId: "nope" });
    const early = { ...row("r4", "reversal", caf.amountCents, "2026-01-08", { reversesId: caf.id }), postedAt: caf.postedAt - 1 };
    expect(deriveAccount([draw, caf, ghost, early], [], "2026-01-08", LIMIT).feesCents).toBe(1_000);
  });

  it("a reversal dated after asOf does not act yet", () => {
    const rev = row("r1", "reversal", caf.amountCents, "2026-02-01", { reversesId: caf.id });
    expect(deriveAccount([draw, caf, rev], [], "2026-01-31", LIMIT).feesCents).toBe(1_000);
    expect(deriveAccount([draw, caf, rev], [], "2026-02-01", LIMIT).feesCents).toBe(0);
  });

  it("a payment return re-derives allocation and makes the statement past due", () => {
    const cbf = row("s1:fee", "carried_balance_fee", carriedBalanceFee(20_000, "biweekly"), "2026-01-06");
    const s1: StatementDue = { id: "s1", statementDate: "2026-01-06", dueDate: "2026-01-20", minimumDueCents: minimumPayment(20_000, "biweekly") };
    const pA = row("pA", "payment", 1_000, "2026-01-15");
    const pB = row("pB", "payment", 1_000, "2026-01-19");
    const before = deriveAccount([draw, caf, cbf, pA, pB], [s1], "2026-01-25", LIMIT);
    expect(before.payments).toEqual([alloc("pA", 1_000, 0), alloc("pB", 500, 500)]);
    expect(before).toMatchObject({ pastDueCents: 0, delinquent: false, daysPastDue: 0, balanceCents: 19_500 });

    const ret = row("ret", "payment_return", 1_000, "2026-01-23", { reversesId: "pA" });
    const after = deriveAccount([draw, caf, cbf, pA, pB, ret], [s1], "2026-01-25", LIMIT);
    expect(after.payments).toEqual([alloc("pB", 1_000, 0)]);
    expect(after).toMatchObject({ principalCents: 20_000, feesCents: 500, pastDueCents: 500, delinquent: true, daysPastDue: 5, minimumDueCents: 500 });
  });

  it("returns of unknown ids, of non-payments, or of a different amount are ignored", () => {
    const p = row("p", "payment", 2_000, "2026-01-10");
    const bad = [
      row("x1", "payment_return", 2_000, "2026-01-11", { reversesId: "nope" }),
      row("x2", "payment_return", 20_000, "2026-01-11", { reversesId: draw.id }),
      row("x3", "payment_return", 1_999, "2026-01-11", { reversesId: "p" }),
    ];
    expect(deriveAccount([draw, caf, p, ...bad], [], "2026-01-12", LIMIT)).toEqual(deriveAccount([draw, caf, p], [], "2026-01-12", LIMIT));
    expect(deriveAccount([draw, caf, p, ...bad], [], "2026-01-12", LIMIT).balanceCents).toBe(19_000);
  });
});

describe("back-dated payments", () => {
  it("a payment back-dated before a later fee changes allocation deterministically", () => {
    const cbf = row("s1:fee", "carried_balance_fee", 500, "2026-01-20");
    const p1 = row("p1", "payment", 3_000, "2026-01-25");
    const without = deriveAccount([draw, caf, cbf, p1], [], "2026-01-26", LIMIT);
    expect(without.payments).toEqual([alloc("p1", 1_500, 1_500)]);

    const p0 = row("p0", "payment", 2_000, "2026-01-10"); // recorded last, effective first
    const withP0 = deriveAccount([draw, caf, cbf, p1, p0], [], "2026-01-26", LIMIT);
    expect(withP0.payments).toEqual([alloc("p0", 1_000, 1_000), alloc("p1", 500, 2_500)]);
    expect(withP0).toMatchObject({ principalCents: 16_500, feesCents: 0 });
    expect(deriveAccount([p0, cbf, p1, caf, draw], [], "2026-01-26", LIMIT)).toEqual(withP0);
  });
});

describe("statements: past due, current due, minimum due", () => {
  const s1: StatementDue = { id: "s1", statementDate: "2026-01-18", dueDate: "2026-02-01", minimumDueCents: 1_500 };
  const s2: StatementDue = { id: "s2", statementDate: "2026-02-01", dueDate: "2026-02-15", minimumDueCents: 1_400 };
  const pay = row("p", "payment", 1_000, "2026-01-30");

  it("a short payment leaves the first statement past due and the second current", () => {
    const a = deriveAccount([draw, caf, pay], [s2, s1], "2026-02-10", LIMIT);
    expect(a).toMatchObject({
      pastDueCents: 500,
      currentDueCents: 1_400,
      minimumDueCents: 1_900,
      nextDueDate: "2026-02-15",
      daysPastDue: 9,
      delinquent: true,
      chargedOff: false,
    });
  });

  it("on the due date itself the statement is current, not past due", () => {
    const a = deriveAccount([draw, caf, pay], [s1, s2], "2026-02-01", LIMIT);
    expect(a).toMatchObject({ pastDueCents: 0, currentDueCents: 500, nextDueDate: "2026-02-01", daysPastDue: 0, delinquent: false });
  });

  it("a late payment cures the past due; surplus goes to the next statement", () => {
    const late = row("late", "payment", 2_000, "2026-02-05");
    const a = deriveAccount([draw, caf, pay, late], [s1, s2], "2026-02-10", LIMIT);
    expect(a).toMatchObject({ pastDueCents: 0, currentDueCents: 0, minimumDueCents: 0, delinquent: false, daysPastDue: 0 });
    const b = deriveAccount([draw, caf, pay, row("l2", "payment", 1_000, "2026-02-05")], [s1, s2], "2026-02-10", LIMIT);
    expect(b).toMatchObject({ pastDueCents: 0, currentDueCents: 900, minimumDueCents: 900 });
  });

  it("statements sharing the next due date both count towards the current due", () => {
    const s3: StatementDue = { id: "s3", statementDate: "2026-02-02", dueDate: "2026-02-15", minimumDueCents: 300 };
    const a = deriveAccount([draw, caf, pay], [s1, s2, s3], "2026-02-10", LIMIT);
    expect(a).toMatchObject({ pastDueCents: 500, currentDueCents: 1_700, minimumDueCents: 2_200, nextDueDate: "2026-02-15" });
  });

  it("a statement not issued by asOf does not count", () => {
    const a = deriveAccount([draw, caf], [s1, s2], "2026-01-20", LIMIT);
    expect(a).toMatchObject({ currentDueCents: 1_500, nextDueDate: "2026-02-01" });
    expect(deriveAccount([draw, caf], [s1, s2], "2026-01-17", LIMIT)).toMatchObject({ currentDueCents: 0, nextDueDate: null });
  });

  it("minimum due is capped at the balance", () => {
    const credit = row("j", "adjustment", 20_000, "2026-01-31", { adjustmentTarget: "principal" });
    const a = deriveAccount([draw, caf, credit], [s1, s2], "2026-02-10", LIMIT);
    expect(a).toMatchObject({ balanceCents: 1_000, pastDueCents: 1_000, currentDueCents: 0, minimumDueCents: 1_000 });
  });
});

describe("days past due and charge-off", () => {
  const s1: StatementDue = { id: "s1", statementDate: "2026-01-06", dueDate: "2026-01-20", minimumDueCents: 1_500 };
  it(`is not charged off at exactly ${servicing.chargeOffAfterDaysPastDue} days past due`, () => {
    const asOf = addDays(s1.dueDate, servicing.chargeOffAfterDaysPastDue);
    expect(asOf).toBe("2026-04-20");
    const a = deriveAccount([draw, caf], [s1], asOf, LIMIT);
    expect(a).toMatchObject({ daysPastDue: 90, delinquent: true, chargedOff: false, minimumDueCents: 1_500 });
  });

  it(`is charged off at ${servicing.chargeOffAfterDaysPastDue + 1} days: the full balance is due`, () => {
    const a = deriveAccount([draw, caf], [s1], addDays(s1.dueDate, servicing.chargeOffAfterDaysPastDue + 1), LIMIT);
    expect(a).toMatchObject({ daysPastDue: 91, chargedOff: true, pastDueCents: 1_500, minimumDueCents: 21_000, balanceCents: 21_000 });
  });

  it("daysBetween counts calendar days across months and leap years", () => {
    expect(daysBetween("2026-01-20", "2026-04-20")).toBe(90);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-03-01", "2026-02-28")).toBe(-1);
    expect(() => daysBetween("2026-02-30", "2026-03-01")).toThrow(RangeError);
  });
});

describe("limits and asOf", () => {
  it("available credit is never negative when fees push the balance above the limit", () => {
    const a = deriveAccount([draw, caf], [], "2026-01-05", 20_000);
    expect(a).toMatchObject({ balanceCents: 21_000, creditLimitCents: 20_000, availableCreditCents: 0 });
  });

  it("entries effective after asOf are ignored", () => {
    const future = [row("d2", "draw", 10_000, "2026-01-06"), row("p", "payment", 500, "2026-01-06")];
    const a = deriveAccount([draw, caf, ...future], [], "2026-01-05", LIMIT);
    expect(a).toEqual(deriveAccount([draw, caf], [], "2026-01-05", LIMIT));
    expect(a.balanceCents).toBe(21_000);
  });

  it("wouldExceedLimit compares a draw with the available credit", () => {
    const a = deriveAccount([draw, caf], [], "2026-01-05", LIMIT);
    expect(wouldExceedLimit(a, 29_000)).toBe(false);
    expect(wouldExceedLimit(a, 29_025)).toBe(true);
  });

  it("maxPaymentCents is the balance less pending payments, floored at zero", () => {
    const a = deriveAccount([draw, caf], [], "2026-01-05", LIMIT);
    expect(maxPaymentCents(a, 0)).toBe(21_000);
    expect(maxPaymentCents(a, 5_000)).toBe(16_000);
    expect(maxPaymentCents(a, 30_000)).toBe(0);
  });
});

describe("corrupt rows stop the derivation", () => {
  it.each([0, -5, 1.5])("amountCents %s throws", (amountCents) => {
    expect(() => deriveAccount([draw, { ...caf, amountCents }], [], "2026-01-05", LIMIT)).toThrow(RangeError);
  });
  it("duplicate ids throw", () => {
    expect(() => deriveAccount([draw, { ...caf, id: draw.id }], [], "2026-01-05", LIMIT)).toThrow(/Duplicate/);
  });
});
