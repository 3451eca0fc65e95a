import { describe, expect, it } from "vitest";
import type { PaymentFacts, PaymentLockFacts } from "#domain/rules/payments";
import {
  nearestAllowedDate,
  type PaymentRecheckInput,
  type ReviewedPayment,
  recheckDraw,
  recheckPayment,
} from "#domain/rules/recheck";
import { defaultDrawLimits } from "#domain/rules/standing";

/**
 * The re-check at submit (0-decisions.md: one-time payments and draws post
 * exactly the amount and date the borrower reviewed, or nothing, with the
 * reason and the figure now allowed).
 */

// Effective Monday 23 Nov 2026, next due Friday 4 Dec 2026 (Thanksgiving 26 Nov in between). Balance $400, nothing scheduled.
const facts: PaymentFacts = {
  chargedOff: false,
  minimumDueCents: 3_900,
  pastDueCents: 0,
  balanceCents: 40_000,
  achEffectiveDate: "2026-11-23",
  nextPaymentDate: "2026-12-04",
};
const lock: PaymentLockFacts = {
  balanceCents: 40_000,
  pendingCents: 0,
  pendingCount: 0,
  maxPending: 3,
  payoffCents: 40_000,
};
const input: PaymentRecheckInput = { facts, lock, pastDue: false, maybePosted: false };

/** The account after a draw of `cents` in another tab: the balance and the payoff grow by it. */
const afterDraw = (cents: number, base = input): PaymentRecheckInput => ({
  ...base,
  facts: { ...base.facts, balanceCents: base.facts.balanceCents + cents },
  lock: { ...base.lock, balanceCents: base.lock.balanceCents + cents, payoffCents: base.lock.payoffCents! + cents },
});
/** A $100 balance: the case (Pay Off Balance reviewed at $100.00, then a $200 draw in another tab). */
const owing100: PaymentRecheckInput = {
  ...input,
  facts: { ...facts, balanceCents: 10_000 },
  lock: { ...lock, balanceCents: 10_000, payoffCents: 10_000 },
};
/** The account after another tab scheduled a payment of `cents`: the payoff falls by it, one more pending. */
const afterPayment = (cents: number, base = input): PaymentRecheckInput => ({
  ...base,
  facts: { ...base.facts, balanceCents: base.facts.balanceCents - cents },
  lock: {
    ...base.lock,
    pendingCents: base.lock.pendingCents + cents,
    pendingCount: base.lock.pendingCount + 1,
    payoffCents: base.lock.payoffCents! - cents,
  },
});

const payOff: ReviewedPayment = { option: "full", amountCents: 40_000, date: "2026-11-24" };
const minimum: ReviewedPayment = { option: "minimum", amountCents: 3_900, date: "2026-12-04" };
const other: ReviewedPayment = { option: "other", amountCents: 40_000, date: "2026-12-21" };

describe("a payment re-checked at submit", () => {
  it("unchanged: posts exactly what was reviewed", () => {
    for (const r of [payOff, minimum, other, { ...other, amountCents: 1_000 }])
      expect(recheckPayment(r, input), r.option).toEqual({ verdict: "post" });
  });

  it("Pay Off Balance after a draw in another tab: the review again at the new payoff, with the reason", () => {
    expect(recheckPayment({ ...payOff, amountCents: 10_000 }, afterDraw(20_000, owing100))).toEqual({
      verdict: "review",
      amountCents: 30_000,
      date: "2026-11-24",
      message:
        "Nothing was scheduled. Since your review, your balance changed and Pay Off Balance is now $300.00. Please check the payment below and submit it again.",
    });
  });

  it("Pay Off Balance after another payment was scheduled: the review again at the balance less both", () => {
    expect(recheckPayment(payOff, afterPayment(1_000))).toMatchObject({ verdict: "review", amountCents: 39_000 });
  });

  it("Next Minimum Due, or Past Due, that changed: the review again naming the new figure by the option's label", () => {
    const changed = { ...input, facts: { ...facts, minimumDueCents: 4_500 } };
    expect(recheckPayment(minimum, changed)).toMatchObject({
      verdict: "review",
      amountCents: 4_500,
      message: expect.stringContaining("your Next Minimum Due amount changed and is now $45.00"),
    });
    const pastDue = { ...input, pastDue: true, facts: { ...facts, pastDueCents: 2_000, minimumDueCents: 5_900 } };
    expect(recheckPayment({ ...minimum, amountCents: 2_500 }, pastDue)).toMatchObject({
      verdict: "review",
      amountCents: 2_000,
      message: expect.stringContaining("your Past Due amount changed and is now $20.00"),
    });
  });

  it("an Other Amount above the payoff now: the review again at the most that can be paid", () => {
    expect(recheckPayment(other, afterPayment(5_000))).toMatchObject({
      verdict: "review",
      amountCents: 35_000,
      message: expect.stringContaining("the most you can pay is now $350.00, so the amount below is $350.00"),
    });
    // Below the payoff it still posts as reviewed, whatever else changed.
    expect(recheckPayment({ ...other, amountCents: 2_000 }, afterPayment(5_000))).toEqual({ verdict: "post" });
  });

  it("a date no longer in the window: the review again on the nearest allowed day", () => {
    // The effective date moved on past the reviewed day (a day passed): the first allowed day now.
    const later = { ...input, facts: { ...facts, achEffectiveDate: "2026-11-25" } };
    expect(recheckPayment(payOff, later)).toMatchObject({
      verdict: "review",
      amountCents: 40_000,
      date: "2026-11-25",
      message: expect.stringContaining(
        "the date you chose, Nov. 24, 2026, is no longer available, so the date below is Nov. 25, 2026",
      ),
    });
    // The due date moved earlier: the last allowed day (Thanksgiving skipped).
    expect(recheckPayment(minimum, { ...input, facts: { ...facts, nextPaymentDate: "2026-11-27" } })).toMatchObject({
      verdict: "review",
      date: "2026-11-27",
    });
  });

  it("amount and date both changed: one message with both reasons", () => {
    const changed = { ...afterDraw(10_000), facts: { ...afterDraw(10_000).facts, achEffectiveDate: "2026-11-25" } };
    const verdict = recheckPayment(payOff, changed);
    expect(verdict).toMatchObject({ verdict: "review", amountCents: 50_000, date: "2026-11-25" });
    expect(verdict.verdict === "review" && verdict.message).toMatch(
      /Pay Off Balance is now \$500\.00; the date you chose/,
    );
  });

  it("the pending cap reached, or scheduled payments that now cover the balance: nothing can be scheduled", () => {
    const twoMore = afterPayment(1_000, afterPayment(1_000, afterPayment(1_000)));
    expect(recheckPayment({ ...other, amountCents: 1_000 }, twoMore)).toEqual({
      verdict: "locked",
      lock: "pendingLimit",
      message:
        "Your payment of $10.00 on Dec. 21, 2026 was not scheduled, because your account changed since you reviewed it.",
    });
    expect(recheckPayment(payOff, afterPayment(40_000))).toMatchObject({ verdict: "locked", lock: "coveredByPending" });
  });

  it("an option that is no longer available: choose again", () => {
    // The minimum was paid meanwhile (an automatic payment posted).
    expect(recheckPayment(minimum, { ...input, facts: { ...facts, minimumDueCents: 0 } })).toEqual({
      verdict: "choose",
      message:
        "Nothing was scheduled. Since your review, your account changed and Next Minimum Due is no longer available. Please choose an amount again.",
    });
    // More than the balance less scheduled payments: Pay Off Balance is what is left to pay.
    expect(recheckPayment(minimum, afterPayment(37_000))).toMatchObject({ verdict: "choose" });
  });

  describe("a retry of a key already sent (double submit, lost answer): the figures may already include this very payment", () => {
    it("Pay Off Balance that did post: posts again under the same key (the platform replays its answer)", () => {
      expect(recheckPayment(payOff, afterPayment(40_000))).toMatchObject({ verdict: "locked" });
      expect(recheckPayment(payOff, { ...afterPayment(40_000), maybePosted: true })).toEqual({ verdict: "post" });
      const third = afterPayment(1_000, afterPayment(1_000));
      expect(
        recheckPayment({ ...other, amountCents: 1_000 }, { ...afterPayment(1_000, third), maybePosted: true }),
      ).toEqual({ verdict: "post" });
    });

    it("a change that is not this payment is still caught", () => {
      expect(
        recheckPayment({ ...payOff, amountCents: 10_000 }, { ...afterDraw(20_000, owing100), maybePosted: true }),
      ).toMatchObject({ verdict: "review", amountCents: 30_000 });
    });
  });
});

describe("the nearest allowed payment date", () => {
  it("keeps an allowed date; moves a date outside the window to its nearest end; skips weekends and holidays", () => {
    expect(nearestAllowedDate("2026-11-24", "minimum", facts)).toBe("2026-11-24");
    expect(nearestAllowedDate("2026-11-20", "minimum", facts)).toBe("2026-11-23");
    expect(nearestAllowedDate("2026-12-07", "minimum", facts)).toBe("2026-12-04");
    expect(nearestAllowedDate("2026-11-26", "minimum", facts)).toBe("2026-11-27"); // Thanksgiving
    expect(nearestAllowedDate("2026-11-28", "other", facts)).toBe("2026-11-30"); // Saturday
    expect(nearestAllowedDate("2026-11-24", "minimum", { ...facts, nextPaymentDate: "2026-11-22" })).toBeNull();
  });
});

describe("a draw re-checked at submit", () => {
  const draw = { block: null, availableCents: 50_000, limits: defaultDrawLimits } as const;

  it("unchanged: posts exactly the reviewed amount", () => {
    expect(recheckDraw(50_000, draw)).toEqual({ verdict: "post" });
  });

  it("available credit fell in another tab: the review again at the largest draw now allowed, with the reason", () => {
    expect(recheckDraw(50_000, { ...draw, availableCents: 37_510 })).toEqual({
      verdict: "review",
      amountCents: 37_500,
      message:
        "Nothing was drawn. Since your review, your available credit changed and the largest draw now allowed is $375.00. Please check the draw below and submit it again.",
    });
  });

  it("draws now blocked (past due, or not enough credit for the minimum draw): the amount view with the reason", () => {
    expect(recheckDraw(10_000, { ...draw, block: "pastDue", availableCents: 0 })).toEqual({
      verdict: "amount",
      message: "Nothing was drawn, because your account changed since you reviewed this draw.",
    });
    expect(recheckDraw(10_000, { ...draw, block: "notEnoughCredit", availableCents: 5_000 })).toMatchObject({
      verdict: "amount",
    });
  });

  it("an amount that breaks another rule gets that rule's message", () => {
    expect(recheckDraw(11_000, draw)).toEqual({ verdict: "amount", message: "Draws must be in $25 increments." });
  });
});
