import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { cashAdvanceFee, cashAdvanceFeeAtPercent } from "#domain/fees";
import { DRAW_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import {
  defaultDrawLimits,
  drawAmountMessage,
  drawAmountMessages,
  drawAmountProblem,
  drawBlock,
  drawBlockMessages,
  drawBlockOf,
  drawBlockText,
  drawLimitsOf,
  maxDrawCents,
  snapDrawAmount,
} from "#domain/rules/standing";
import { drawAmountError, drawAmountSchema, drawFigures, parseDrawAmount } from "../../app/routes/portal/draw.schema";

const MINIMUM = "The minimum draw is $100.";
const INCREMENT = "Draws must be in $25 increments.";
const MAXIMUM = "Your draw amount cannot exceed your available credit.";

describe("draw amount messages (spec file 3, section 5)", () => {
  it("are the spec's words, built from the configured minimum and increment", () => {
    expect(drawAmountMessages).toEqual({ minimum: MINIMUM, increment: INCREMENT, maximum: MAXIMUM });
  });
});

describe("draw amount rules", () => {
  const available = 61_243; // $612.43: not on the $25 grid

  it("refuses less than the minimum, and accepts the minimum itself", () => {
    expect(drawAmountProblem(9_999, available)).toBe("minimum");
    expect(drawAmountProblem(7_500, available)).toBe("minimum"); // on the grid, still too small
    expect(drawAmountProblem(0, available)).toBe("minimum");
    expect(drawAmountProblem(Number.NaN, available)).toBe("minimum");
    expect(drawAmountProblem(10_000, available)).toBeNull();
  });

  it("refuses amounts off the $25 grid, cents included", () => {
    expect(drawAmountProblem(11_000, available)).toBe("increment");
    expect(drawAmountProblem(12_501, available)).toBe("increment");
    expect(drawAmountProblem(12_500, available)).toBeNull();
  });

  it("refuses more than available credit, and accepts the largest grid amount within it", () => {
    expect(drawAmountProblem(60_000, available)).toBeNull();
    expect(drawAmountProblem(62_500, available)).toBe("maximum");
    expect(drawAmountProblem(100_000, 100_000)).toBeNull();
    expect(drawAmountProblem(102_500, 100_000)).toBe("maximum");
  });

  it("names the minimum first, then the increment, then the maximum", () => {
    expect(drawAmountProblem(9_000, 5_000)).toBe("minimum");
    expect(drawAmountProblem(61_000, available)).toBe("increment"); // within credit, off the grid
    expect(drawAmountProblem(70_010, available)).toBe("increment"); // both wrong: the grid first
  });
});

describe("the slider (decision record 009)", () => {
  it("tops out at available credit rounded down to the increment", () => {
    expect(maxDrawCents(61_243)).toBe(60_000);
    expect(maxDrawCents(100_000)).toBe(100_000);
    expect(maxDrawCents(10_000)).toBe(10_000);
    expect(maxDrawCents(12_499)).toBe(10_000);
  });

  it("has no top when no draw fits", () => {
    expect(maxDrawCents(9_999)).toBe(0);
    expect(maxDrawCents(0)).toBe(0);
    expect(maxDrawCents(-500)).toBe(0);
  });

  it("snaps to the nearest multiple of 25, within the minimum and the top", () => {
    expect(snapDrawAmount(11_200, 61_243)).toBe(10_000);
    expect(snapDrawAmount(11_300, 61_243)).toBe(12_500);
    expect(snapDrawAmount(5_000, 61_243)).toBe(10_000);
    expect(snapDrawAmount(61_243, 61_243)).toBe(60_000);
    expect(snapDrawAmount(99_900, 61_243)).toBe(60_000);
  });

  it("offers only amounts the rules accept, at every position", () => {
    for (const available of [10_000, 12_499, 61_243, 100_000, 350_000]) {
      for (let raw = 0; raw <= available + 5_000; raw += 137) {
        expect(drawAmountProblem(snapDrawAmount(raw, available), available), `${raw} of ${available}`).toBeNull();
      }
    }
  });
});

describe("the draw schema (browser and action)", () => {
  it("reads typed amounts to cents", () => {
    expect(parseDrawAmount("125")).toBe(12_500);
    expect(parseDrawAmount("$1,000")).toBe(100_000);
    expect(parseDrawAmount(" 125.00 ")).toBe(12_500);
    expect(parseDrawAmount("125.5")).toBe(12_550);
    expect(parseDrawAmount("")).toBeNaN();
    expect(parseDrawAmount("12a")).toBeNaN();
    expect(parseDrawAmount("1.234")).toBeNaN();
  });

  it("gives each message for its amount, and the amount in cents when valid", () => {
    expect(drawAmountError("90", 100_000)).toBe(MINIMUM);
    expect(drawAmountError("", 100_000)).toBe(MINIMUM);
    // Not an amount: said so, never read as a small draw (decision: refused, never reinterpreted).
    for (const typed of ["abc", "1e3", "-500", "12.345", "1,00"])
      expect(drawAmountError(typed, 100_000), typed).toBe(DRAW_NOT_AN_AMOUNT);
    expect(drawAmountError("99999999", 100_000)).toBe(INCREMENT);
    expect(drawAmountError("$99,999,900", 100_000)).toBe(MAXIMUM);
    expect(drawAmountError("$1,000.00", 100_000)).toBeNull();
    expect(drawAmountError("110", 100_000)).toBe(INCREMENT);
    expect(drawAmountError("125.50", 100_000)).toBe(INCREMENT);
    expect(drawAmountError("1025", 100_000)).toBe(MAXIMUM);
    expect(drawAmountError("1000", 100_000)).toBeNull();
    expect(v.parse(drawAmountSchema(100_000), { amount: "125" })).toEqual({ amount: 12_500 });
  });

  it("refuses a missing amount with the minimum message, not valibot's", () => {
    const result = v.safeParse(drawAmountSchema(100_000), {});
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe(MINIMUM);
  });
});

describe("cash advance fee and amount received", () => {
  it("is draw x percent / 100 to the cent; the borrower receives the rest", () => {
    expect(drawFigures(12_500, 5)).toEqual({ amountCents: 12_500, feeCents: 625, receivedCents: 11_875 });
    expect(drawFigures(12_500, 10)).toEqual({ amountCents: 12_500, feeCents: 1_250, receivedCents: 11_250 });
    expect(drawFigures(100_000, 5)).toEqual({ amountCents: 100_000, feeCents: 5_000, receivedCents: 95_000 });
  });

  it("rounds half a cent up, and fractional percents without drift", () => {
    expect(cashAdvanceFeeAtPercent(10, 5)).toBe(1); // 0.5 cent
    expect(cashAdvanceFeeAtPercent(12_510, 7.5)).toBe(938); // 938.25
    expect(cashAdvanceFeeAtPercent(10_000, 0.1 + 0.2)).toBe(30); // 0.30000000000000004%
  });

  it("matches the fee the servicing core books for each billing cycle", () => {
    for (const cents of [10_000, 12_500, 33_300, 150_000]) {
      expect(cashAdvanceFeeAtPercent(cents, 5)).toBe(cashAdvanceFee(cents, "biweekly"));
      expect(cashAdvanceFeeAtPercent(cents, 10)).toBe(cashAdvanceFee(cents, "monthly"));
    }
  });
});

describe("draw blocks (spec file 3, sections 4 and 8)", () => {
  it("are the spec's words, the state one spelt right (the spec's 'unavailble' is corrected on purpose)", () => {
    expect(drawBlockMessages.pastDue).toBe(
      "Your ability to draw funds is temporarily suspended because your account is past due. Please make a payment to bring your account up to date.",
    );
    expect(drawBlockMessages.chargedOff).toBe(
      "Your account has been closed due to lack of payment. You can no longer draw funds from this account.",
    );
    expect(drawBlockMessages.notEnoughCredit).toBe(
      "You do not have enough available credit at this time to make a draw. You'll be able to draw again once you have enough available credit for the minimum draw.",
    );
    expect(drawBlockMessages.state).toBe("Draws are unavailable in your state.");
  });

  it("read a platform that sends the spec's spelling as the same block, shown in our words; unknown texts as they are", () => {
    expect(drawBlockOf("Draws are unavailble in your state.")).toBe("state");
    expect(drawBlockText("Draws are unavailble in your state.")).toBe("Draws are unavailable in your state.");
    expect(drawBlockText(drawBlockMessages.pastDue)).toBe(drawBlockMessages.pastDue);
    expect(drawBlockOf("Not today.")).toBe("notEligible");
    expect(drawBlockText("Not today.")).toBe("Not today.");
  });

  it("block by standing before anything else", () => {
    expect(drawBlock("delinquent", 50_000, "OH")).toBe("pastDue");
    expect(drawBlock("charged_off", 50_000, "OH")).toBe("chargedOff");
    expect(drawBlock("delinquent", 50_000, "WA")).toBe("pastDue");
    for (const standing of ["closed", "withdrawn", "awaiting_esign"] as const)
      expect(drawBlock(standing, 50_000, "OH")).toBe("notEligible");
  });

  it("block a line closing at the borrower's request with its own reason, even when delinquent (draws never come back)", () => {
    expect(drawBlock("current", 50_000, "OH", true)).toBe("closing");
    expect(drawBlock("delinquent", 50_000, "OH", true)).toBe("closing");
    expect(drawBlock("charged_off", 50_000, "OH", true)).toBe("chargedOff");
    expect(drawBlockMessages.closing).toMatch(/^You asked us to close this account/);
  });

  it("block Washington residents in good standing", () => {
    expect(drawBlock("current", 50_000, "WA")).toBe("state");
    expect(drawBlock("current", 50_000, "OR")).toBeNull();
  });

  it("block when available credit is below the minimum draw, and not at the minimum", () => {
    expect(drawBlock("current", 9_999, "OH")).toBe("notEnoughCredit");
    expect(drawBlock("current", 0, "OH")).toBe("notEnoughCredit");
    expect(drawBlock("current", 10_000, "OH")).toBeNull();
  });

  it("are recognised from the summary's message, unknown ones as not eligible", () => {
    for (const block of Object.keys(drawBlockMessages) as Array<keyof typeof drawBlockMessages>)
      expect(drawBlockOf(drawBlockMessages[block])).toBe(block);
    expect(drawBlockOf("Something the upstream platform says")).toBe("notEligible");
  });
});

describe("the platform's draw limits override the defaults (spec file 3, section 9)", () => {
  const limits = { minCents: 5_000, incrementCents: 1_000 };

  it("reads them from the summary's accountConfig, keeping a default where it sends 0", () => {
    expect(drawLimitsOf({ minimumDrawAmount: 5_000, incrementDrawAmount: 1_000 })).toEqual(limits);
    expect(drawLimitsOf({ minimumDrawAmount: 0, incrementDrawAmount: 0 })).toEqual(defaultDrawLimits);
    expect(defaultDrawLimits).toEqual({ minCents: 10_000, incrementCents: 2_500 });
  });

  it("the rules, the slider and the messages follow the limits given", () => {
    expect(drawAmountProblem(6_000, 100_000, limits)).toBeNull(); // below the default minimum, above this one
    expect(drawAmountProblem(4_000, 100_000, limits)).toBe("minimum");
    expect(drawAmountProblem(6_500, 100_000, limits)).toBe("increment");
    expect(maxDrawCents(61_243, limits)).toBe(61_000);
    expect(snapDrawAmount(6_400, 61_243, limits)).toBe(6_000);
    expect(drawAmountMessage("minimum", limits)).toBe("The minimum draw is $50.");
    expect(drawAmountMessage("increment", limits)).toBe("Draws must be in $10 increments.");
  });

  it("the draw form's schema checks with them, in the browser and in the action alike", () => {
    expect(drawAmountError("60", 100_000, limits)).toBeNull();
    expect(drawAmountError("40", 100_000, limits)).toBe("The minimum draw is $50.");
    expect(drawAmountError("65", 100_000, limits)).toBe("Draws must be in $10 increments.");
    // The same amounts at the defaults.
    expect(drawAmountError("60", 100_000)).toBe(MINIMUM);
  });
});
