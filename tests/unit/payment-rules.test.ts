import { describe, expect, it } from "vitest";
import { PAYMENT_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import {
  defaultPaymentOption,
  minimumOptionCents,
  otherAmountMessage,
  type PaymentFacts,
  payableBalanceCents,
  paymentDateAllowed,
  paymentDateHint,
  paymentDateMessage,
  paymentOptions,
  paymentsLocked,
  paymentWindow,
  payoffOf,
  visiblePaymentOptions,
} from "#domain/rules/payments";

// Effective Monday 23 Nov 2026, next due Friday 4 Dec 2026 (Thanksgiving 26 Nov in between).
const base: PaymentFacts = {
  chargedOff: false,
  minimumDueCents: 3_900,
  pastDueCents: 0,
  balanceCents: 40_000,
  achEffectiveDate: "2026-11-23",
  nextPaymentDate: "2026-12-04",
};
const delinquent: PaymentFacts = { ...base, pastDueCents: 2_500, minimumDueCents: 6_400 };
const chargedOff: PaymentFacts = { ...base, chargedOff: true, pastDueCents: 40_000, minimumDueCents: 40_000 };
const afterDue = { nextPaymentDate: "2026-11-20" };

describe("default payment selection (spec file 3, section 4)", () => {
  it("current account with a minimum due: the minimum", () => {
    expect(defaultPaymentOption(base)).toBe("minimum");
  });
  it("current account with no minimum due: pay off the balance", () => {
    expect(defaultPaymentOption({ ...base, minimumDueCents: 0 })).toBe("full");
  });
  it("effective date after the next due date: other, whatever is owed", () => {
    expect(defaultPaymentOption({ ...base, ...afterDue })).toBe("other");
    expect(defaultPaymentOption({ ...base, minimumDueCents: 0, ...afterDue })).toBe("other");
  });
  it("delinquent account: the minimum (which pays the past-due amount)", () => {
    expect(defaultPaymentOption(delinquent)).toBe("minimum");
    expect(minimumOptionCents(delinquent)).toBe(2_500);
    expect(minimumOptionCents(base)).toBe(3_900);
  });
  it("charged off: full when the effective date is on or before the due date, else other", () => {
    expect(defaultPaymentOption(chargedOff)).toBe("full");
    expect(defaultPaymentOption({ ...chargedOff, ...afterDue })).toBe("other");
    expect(defaultPaymentOption({ ...chargedOff, nextPaymentDate: null })).toBe("other");
  });
});

describe("payment options", () => {
  it("charged-off accounts do not see the minimum option", () => {
    expect(visiblePaymentOptions(chargedOff)).toEqual(["full", "other"]);
    expect(visiblePaymentOptions(base)).toEqual(["minimum", "full", "other"]);
    expect(paymentOptions(chargedOff)).toEqual({ minimum: false, full: true, other: true });
  });
  it("the minimum is disabled with no minimum due", () => {
    expect(paymentOptions({ ...base, minimumDueCents: 0 })).toEqual({ minimum: false, full: true, other: true });
  });
  it("minimum and full are disabled once the effective date is after the next due date", () => {
    expect(paymentOptions({ ...base, ...afterDue })).toEqual({ minimum: false, full: false, other: true });
  });
  it("pay off stays available on a charged-off account past its due date (its window is the wide one)", () => {
    expect(paymentOptions({ ...chargedOff, ...afterDue })).toEqual({ minimum: false, full: true, other: true });
    expect(paymentDateAllowed("2027-01-07", "full", { ...chargedOff, ...afterDue })).toBe(true);
  });
  it("the minimum is disabled when it is more than the balance less scheduled payments (decision record 012); Pay Off is the default then", () => {
    // $400 balance, $390 already scheduled: $10 left to pay, less than the $39.00 minimum.
    const covered = { ...base, balanceCents: 1_000 };
    expect(paymentOptions(covered)).toEqual({ minimum: false, full: true, other: true });
    expect(defaultPaymentOption(covered)).toBe("full");
    expect(paymentOptions({ ...base, balanceCents: 3_900 }).minimum).toBe(true);
  });
  it("nothing can be chosen with nothing owed", () => {
    expect(paymentOptions({ ...base, balanceCents: 0, minimumDueCents: 0 })).toEqual({
      minimum: false,
      full: false,
      other: false,
    });
  });
});

describe("the payment window", () => {
  it("minimum and full run from the effective date to the next due date", () => {
    expect(paymentWindow("minimum", base)).toEqual({ from: "2026-11-23", to: "2026-12-04" });
    expect(paymentWindow("full", base)).toEqual({ from: "2026-11-23", to: "2026-12-04" });
    expect(paymentWindow("minimum", delinquent)).toEqual({ from: "2026-11-23", to: "2026-12-04" });
  });
  it("other runs to the effective date plus 45 days, in every standing", () => {
    expect(paymentWindow("other", base)).toEqual({ from: "2026-11-23", to: "2027-01-07" });
    expect(paymentWindow("other", delinquent)).toEqual({ from: "2026-11-23", to: "2027-01-07" });
    expect(paymentWindow("other", chargedOff)).toEqual({ from: "2026-11-23", to: "2027-01-07" });
  });
  it("pay off on a charged-off account takes the wide window too; with no due date every option does", () => {
    expect(paymentWindow("full", chargedOff)).toEqual({ from: "2026-11-23", to: "2027-01-07" });
    expect(paymentWindow("full", { ...base, nextPaymentDate: null })).toEqual({ from: "2026-11-23", to: "2027-01-07" });
  });
  it("hints: the billing cycle while the window ends at the due date, else the calendar", () => {
    expect(paymentDateHint("minimum", base)).toBe(
      "This payment must be scheduled during your current billing cycle. Select any banking business day between Nov. 23, 2026 and Dec. 4, 2026.",
    );
    expect(paymentDateHint("other", base)).toBe("Select an available date on the calendar to schedule your payment.");
  });
});

describe("payment dates", () => {
  it("refuses a Federal Reserve holiday, a weekend, and days outside the window", () => {
    expect(paymentDateAllowed("2026-11-24", "minimum", base)).toBe(true);
    expect(paymentDateAllowed("2026-11-26", "minimum", base)).toBe(false); // Thanksgiving
    expect(paymentDateAllowed("2026-11-28", "minimum", base)).toBe(false); // Saturday
    expect(paymentDateAllowed("2026-11-29", "other", base)).toBe(false); // Sunday
    expect(paymentDateAllowed("2026-12-07", "minimum", base)).toBe(false); // after the due date
    expect(paymentDateAllowed("2026-12-07", "other", base)).toBe(true);
    expect(paymentDateAllowed("2026-11-20", "other", base)).toBe(false); // before the effective date
    expect(paymentDateAllowed("2027-01-08", "other", base)).toBe(false); // 46 days on
  });
  it("a Saturday holiday is not moved to Friday: that Friday is a payment day", () => {
    const july: PaymentFacts = { ...base, achEffectiveDate: "2026-06-29", nextPaymentDate: "2026-07-10" };
    expect(paymentDateAllowed("2026-07-03", "minimum", july)).toBe(true); // Friday before Independence Day (Saturday)
    expect(paymentDateAllowed("2026-07-04", "minimum", july)).toBe(false);
    expect(paymentDateAllowed("2026-07-06", "minimum", july)).toBe(true); // nor to Monday
  });
  it("a Sunday holiday is observed on Monday", () => {
    const christmas: PaymentFacts = { ...base, achEffectiveDate: "2022-12-19", nextPaymentDate: "2022-12-30" };
    expect(paymentDateAllowed("2022-12-26", "minimum", christmas)).toBe(false);
    expect(paymentDateAllowed("2022-12-27", "minimum", christmas)).toBe(true);
  });
  it("says which dates are allowed, verbatim", () => {
    expect(paymentDateMessage("2026-11-26", "minimum", base)).toBe(
      "Invalid date. Your payment date must be between Nov. 23, 2026 and Dec. 4, 2026.",
    );
    expect(paymentDateMessage("2027-01-08", "other", base)).toBe(
      "Invalid date. Your payment date must be between Nov. 23, 2026 and Jan. 7, 2027.",
    );
    expect(paymentDateMessage(null, "minimum", base)).toBe("Invalid Payment Amount or Payment Date.");
    expect(paymentDateMessage("2026-11-24", "minimum", base)).toBeNull();
  });
});

describe("the Other Amount", () => {
  const minimum = "The minimum payment is $10. Please enter $10 or more.";
  it("zero, empty or under $10 gets the minimum message; text that is not an amount says so", () => {
    for (const typed of ["", "  ", "0", "0.00", "9.99", "$9.99"])
      expect(otherAmountMessage(typed, base), typed).toBe(minimum);
    // Not an amount at all: refused as such, never read as a too-small payment (decision: inputs as people type them).
    for (const typed of ["abc", "1.2.3", "10.555", "-20", "-500", "1e3", "1,00"])
      expect(otherAmountMessage(typed, base), typed).toBe(PAYMENT_NOT_AN_AMOUNT);
  });
  it("more than the balance gets the balance message", () => {
    expect(otherAmountMessage("400.01", base)).toBe(
      "Your payment cannot exceed your $400.00 account balance. Please enter a different amount.",
    );
  });
  it("from $10 up to the balance is fine", () => {
    for (const typed of ["10", "10.5", "25.25", "400", "400.00"])
      expect(otherAmountMessage(typed, base), typed).toBeNull();
  });
});

describe("paymentsLocked", () => {
  it("locks at the pending cap, then with nothing owed, then when scheduled payments cover the balance, else not", () => {
    expect(paymentsLocked({ balanceCents: 40_000, pendingCents: 0, pendingCount: 3, maxPending: 3 })).toBe(
      "pendingLimit",
    );
    expect(paymentsLocked({ balanceCents: 0, pendingCents: 0, pendingCount: 3, maxPending: 3 })).toBe("pendingLimit");
    expect(paymentsLocked({ balanceCents: 0, pendingCents: 0, pendingCount: 0, maxPending: 3 })).toBe("nothingOwed");
    expect(paymentsLocked({ balanceCents: 40_000, pendingCents: 40_000, pendingCount: 1, maxPending: 3 })).toBe(
      "coveredByPending",
    );
    expect(paymentsLocked({ balanceCents: 40_000, pendingCents: 39_999, pendingCount: 2, maxPending: 3 })).toBeNull();
    expect(paymentsLocked({ balanceCents: 40_000, pendingCents: 0, pendingCount: 2, maxPending: 3 })).toBeNull();
  });
  it("uses the platform's payoff figure when it sends one, so the lock and Pay Off Balance agree with the platform", () => {
    expect(payoffOf({ balanceCents: 40_000, pendingCents: 15_000 })).toBe(25_000);
    expect(payoffOf({ balanceCents: 40_000, pendingCents: 15_000, payoffCents: 24_000 })).toBe(24_000);
    expect(
      paymentsLocked({ balanceCents: 40_000, pendingCents: 15_000, pendingCount: 1, maxPending: 3, payoffCents: 0 }),
    ).toBe("coveredByPending");
  });
  it("leaves the balance less what is scheduled to pay, never below zero", () => {
    expect(payableBalanceCents(40_000, 15_000)).toBe(25_000);
    expect(payableBalanceCents(40_000, 45_000)).toBe(0);
  });
});
