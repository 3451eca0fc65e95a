import { describe, expect, it } from "vitest";
import { PAYMENT_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import type { PaymentFacts } from "#domain/rules/payments";
import { checkPayment, freshValues, moveStep } from "../../app/routes/portal/payments.schema";

const facts: PaymentFacts = {
  chargedOff: false,
  minimumDueCents: 3_900,
  pastDueCents: 0,
  balanceCents: 40_000,
  achEffectiveDate: "2026-11-23",
  nextPaymentDate: "2026-12-04",
};
const filled = { option: "minimum", other: "", date: "11/24/2026" };

describe("the payment form's schema (browser and server)", () => {
  it("turns a valid form into an option, an amount in cents and an ISO date", () => {
    expect(checkPayment(filled, facts, "date")).toEqual({
      ok: true,
      option: "minimum",
      amountCents: 3_900,
      date: "2026-11-24",
    });
    expect(checkPayment({ option: "other", other: "25.50", date: "12/21/2026" }, facts, "date")).toEqual({
      ok: true,
      option: "other",
      amountCents: 2_550,
      date: "2026-12-21",
    });
    expect(checkPayment({ option: "full", other: "", date: "" }, facts, "amount")).toMatchObject({
      ok: true,
      amountCents: 40_000,
    });
    // The Other Amount as people type money (decisions): $ and commas welcome.
    for (const [other, cents] of [
      ["$25.50", 2_550],
      ["$1,00.00", null],
      ["1,000", null],
      [" $250 ", 25_000],
      [".50", null],
    ] as const) {
      const checked = checkPayment({ option: "other", other, date: "12/21/2026" }, facts, "date");
      if (cents === null) expect(checked.ok, other).toBe(false);
      else expect(checked, other).toMatchObject({ ok: true, amountCents: cents });
    }
    // Not an amount: the field's message, never another amount ("-500" is not 500, "1e3" is not 13).
    for (const other of ["-500", "1e3", "12.345", "abc"]) {
      expect(checkPayment({ option: "other", other, date: "12/21/2026" }, facts, "date"), other).toEqual({
        ok: false,
        errors: { other: PAYMENT_NOT_AN_AMOUNT },
      });
    }
  });

  it("names the field of each problem", () => {
    expect(checkPayment({ option: "", other: "", date: "" }, facts, "date")).toEqual({
      ok: false,
      errors: { option: "Please select a payment amount option" },
    });
    expect(checkPayment({ option: "other", other: "5", date: "11/24/2026" }, facts, "date")).toEqual({
      ok: false,
      errors: { other: "The minimum payment is $10. Please enter $10 or more." },
    });
    expect(checkPayment({ ...filled, date: "" }, facts, "date")).toEqual({
      ok: false,
      errors: { date: "Invalid Payment Amount or Payment Date." },
    });
    expect(checkPayment({ ...filled, date: "11/28/2026" }, facts, "date")).toEqual({
      ok: false,
      errors: { date: "Invalid date. Your payment date must be between Nov. 23, 2026 and Dec. 4, 2026." },
    });
  });

  it("refuses an option that is disabled for this account", () => {
    const late = { ...facts, nextPaymentDate: "2026-11-20" };
    expect(checkPayment({ ...filled, option: "full" }, late, "amount")).toEqual({
      ok: false,
      errors: { option: "Please select a payment amount option" },
    });
  });

  it("requires the authorization tick at submission when asked", () => {
    expect(checkPayment(filled, facts, "submit", true)).toEqual({
      ok: false,
      errors: { authorize: "Please authorize this payment." },
    });
    expect(checkPayment({ ...filled, authorize: "on" }, facts, "submit", true)).toMatchObject({ ok: true });
    expect(checkPayment(filled, facts, "submit", false)).toMatchObject({ ok: true });
  });
});

describe("step moves", () => {
  it("opening the date step with no amount asks for an option and stays on the amount step", () => {
    expect(moveStep("date", { option: "other", other: "", date: "" }, facts, false)).toEqual({
      folder: "amount",
      values: { option: "other", other: "", date: "" },
      errors: { option: "Please select a payment amount option" },
    });
    expect(moveStep("date", { option: "other", other: "900", date: "" }, facts, false).errors).toEqual({
      other: "Your payment cannot exceed your $400.00 account balance. Please enter a different amount.",
    });
    expect(moveStep("date", filled, facts, false).folder).toBe("date");
  });

  it("an Other Amount that is no amount of money gets the field's message without JavaScript, as with it (never 'select an option')", () => {
    for (const other of ["-500", "1e3", "12.345"]) {
      expect(moveStep("date", { option: "other", other, date: "" }, facts, false), other).toEqual({
        folder: "amount",
        values: { option: "other", other, date: "" },
        errors: { other: PAYMENT_NOT_AN_AMOUNT },
      });
    }
  });

  it("CANCEL resets the amount, date, selection and other amount and returns to the amount step", () => {
    expect(moveStep("cancel", { option: "other", other: "25", date: "12/01/2026" }, facts, false)).toEqual({
      folder: "amount",
      values: freshValues(facts),
      errors: {},
    });
    expect(freshValues(facts)).toEqual({ option: "minimum", other: "", date: "" });
  });

  it("the review's CANCEL returns to the date step keeping the values", () => {
    expect(moveStep("back", filled, facts, false)).toEqual({ folder: "date", values: filled, errors: {} });
  });

  it("method and date stay shut while payments are locked", () => {
    expect(moveStep("method", filled, facts, true).folder).toBe("amount");
    expect(moveStep("date", filled, facts, true).folder).toBe("amount");
    expect(moveStep("method", filled, facts, false).folder).toBe("method");
  });
});
