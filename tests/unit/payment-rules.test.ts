import { describe, expect, it } from "vitest";
import { defaultPaymentOption, paymentDateAllowed, paymentOptions, paymentWindow, type PaymentFacts } from "../../functions/rules/payments";

const base: PaymentFacts = { chargedOff: false, minimumDueCents: 3_900, balanceCents: 40_000, achEffectiveDate: "2026-11-23", nextPaymentDate: "2026-12-04" };

describe("one-time payment rules", () => {
  it("defaults to the minimum when one is due and the date allows, else full, else other", () => {
    expect(defaultPaymentOption(base)).toBe("minimum");
    expect(defaultPaymentOption({ ...base, minimumDueCents: 0 })).toBe("full");
    expect(defaultPaymentOption({ ...base, nextPaymentDate: "2026-11-20" })).toBe("other");
  });

  it("charged-off accounts get full or other, never the minimum", () => {
    const charged = { ...base, chargedOff: true };
    expect(defaultPaymentOption(charged)).toBe("full");
    expect(defaultPaymentOption({ ...charged, nextPaymentDate: null })).toBe("other");
    expect(paymentOptions(charged).minimum).toBe(false);
    expect(paymentOptions(charged).full).toBe(true);
  });

  it("disables minimum and full once the effective date is after the next due date", () => {
    expect(paymentOptions({ ...base, nextPaymentDate: "2026-11-20" })).toEqual({ minimum: false, full: false, other: true });
  });

  it("allows business days from the effective date to the due date, or 45 days on for Other", () => {
    expect(paymentWindow("minimum", base)).toEqual({ from: "2026-11-23", to: "2026-12-04" });
    expect(paymentWindow("other", base)).toEqual({ from: "2026-11-23", to: "2027-01-07" });
    expect(paymentWindow("full", { ...base, chargedOff: true })).toEqual({ from: "2026-11-23", to: "2027-01-07" });
    expect(paymentDateAllowed("2026-11-26", "minimum", base)).toBe(false); // Thanksgiving
    expect(paymentDateAllowed("2026-11-28", "minimum", base)).toBe(false); // Saturday
    expect(paymentDateAllowed("2026-12-07", "minimum", base)).toBe(false); // after the due date
    expect(paymentDateAllowed("2026-12-07", "other", base)).toBe(true);
    expect(paymentDateAllowed("2026-11-20", "other", base)).toBe(false); // before the effective date
  });
});
