import { describe, expect, it } from "vitest";
import { cashAdvanceFee } from "#domain/fees";
import { borrowerNameMatches, drawMessages, firstDrawProblem, nameToSign } from "#domain/rules/esign";
import { DRAW_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import { drawAmountProblem } from "#domain/rules/standing";
import { consentMessages, consentProblems, firstDrawError } from "../../app/routes/esign/consent.schema";
import { signatureMessages } from "../../app/routes/esign/signature";

describe("the typed borrower name", () => {
  it("equals first plus last name, case-insensitive, spaces ignored", () => {
    expect(borrowerNameMatches("Jordan Rivera", "Jordan", "Rivera")).toBe(true);
    expect(borrowerNameMatches("jordan rivera", "Jordan", "Rivera")).toBe(true);
    expect(borrowerNameMatches("JordanRivera", "Jordan", "Rivera")).toBe(true);
    expect(borrowerNameMatches("Mary Ann Smith", "Mary Ann", "Smith")).toBe(true);
    expect(borrowerNameMatches("Jordan Smith", "Jordan", "Rivera")).toBe(false);
    expect(borrowerNameMatches("", "", "")).toBe(false);
  });

  it("reads a name with accents or a phone's apostrophe as the same name, typed with them or without", () => {
    expect(borrowerNameMatches("José Nuñez", "José", "Nuñez")).toBe(true);
    expect(borrowerNameMatches("Jose Nunez", "José", "Nuñez")).toBe(true);
    expect(borrowerNameMatches("jose\u0301 nun\u0303ez", "José", "Nuñez")).toBe(true);
    expect(borrowerNameMatches("Sean O\u2019Brien", "Sean", "O'Brien")).toBe(true);
    expect(borrowerNameMatches("Jos Nuez", "José", "Nuñez")).toBe(false);
  });

  it("reads hyphens, apostrophes and extra spaces as how a name is written, not which letters it has (issue 33)", () => {
    expect(borrowerNameMatches("ana-maria oneil", "Ana-María", "O'Neil")).toBe(true);
    expect(borrowerNameMatches("Ana Maria O Neil", "Ana-María", "O'Neil")).toBe(true);
    expect(borrowerNameMatches("  ANA-MARÍA   O’NEIL ", "Ana-María", "O'Neil")).toBe(true);
    expect(borrowerNameMatches("Ana‐Maria O'Neil", "Ana-María", "O'Neil")).toBe(true);
    expect(borrowerNameMatches("Sean OBrien", "Sean", "O'Brien")).toBe(true);
    expect(borrowerNameMatches("Lukasz Sorensen", "Łukasz", "Sørensen")).toBe(true);
    expect(borrowerNameMatches("Anna Strauss", "Anna", "Strauß")).toBe(true);
    // A missing or wrong letter is another name.
    expect(borrowerNameMatches("Jos OBrien", "José", "O'Brien")).toBe(false);
    expect(borrowerNameMatches("Ana-Mara O'Neil", "Ana-María", "O'Neil")).toBe(false);
    expect(borrowerNameMatches("Ana-María O'Neill", "Ana-María", "O'Neil")).toBe(false);
    expect(borrowerNameMatches("- ' -", "Ana-María", "O'Neil")).toBe(false);
  });

  it("names the exact name to type", () => {
    expect(nameToSign("Ana-María", "O'Neil")).toBe("Ana-María O'Neil");
  });
});

describe("the first draw (spec file 2, section 5)", () => {
  it("needs a decision: a draw above 0 or the refuse box", () => {
    expect(firstDrawProblem(0, 80_000, false)).toBe("decision");
    expect(firstDrawProblem(0, 80_000, true)).toBeNull();
    expect(drawMessages.decision).toBe(
      "Please select a draw amount or check the box indicating you don't want to draw right now",
    );
  });

  it("applies the minimum, the credit limit and the increment", () => {
    expect(firstDrawProblem(7_500, 80_000, false)).toBe("minimum");
    expect(drawMessages.minimum).toBe("The minimum draw is $100.");
    expect(firstDrawProblem(82_500, 80_000, false)).toBe("limit");
    expect(drawMessages.limit).toBe("Your draw amount cannot exceed your credit limit");
    expect(firstDrawProblem(11_000, 80_000, false)).toBe("increment");
    expect(drawMessages.increment).toBe("Draws must be in $25 increments.");
    expect(firstDrawProblem(12_500, 80_000, false)).toBeNull();
  });

  it("is the portal's draw rule, in its order (issue 33): $1,010 on a $1,000 line is an increment problem", () => {
    expect(firstDrawProblem(101_000, 100_000, false)).toBe("increment");
    expect(firstDrawProblem(26_000, 100_000, false)).toBe("increment");
    expect(firstDrawProblem(102_500, 100_000, false)).toBe("limit");
    for (const cents of [5_000, 10_000, 26_000, 100_000, 101_000, 102_500])
      expect(firstDrawProblem(cents, 100_000, false) === null).toBe(drawAmountProblem(cents, 100_000) === null);
  });

  it("the field's schema, as the browser and the action run it: typed money in, the consent's messages out", () => {
    const error = (drawAmount: string, refuseDraw = false) => firstDrawError({ drawAmount, refuseDraw }, 100_000);
    expect(error("1010")).toBe("Draws must be in $25 increments.");
    expect(error("$1,010.00")).toBe("Draws must be in $25 increments.");
    expect(error("260")).toBe("Draws must be in $25 increments.");
    expect(error("1025")).toBe("Your draw amount cannot exceed your credit limit");
    expect(error("50")).toBe("The minimum draw is $100.");
    expect(error("1e3")).toBe(DRAW_NOT_AN_AMOUNT);
    expect(error("")).toBe(drawMessages.decision);
    expect(error("", true)).toBeNull();
    expect(error("1e3", true)).toBeNull();
    expect(error("$1,000")).toBeNull();
    // The platform's own minimum and increment, named in the messages as the portal names them.
    const limits = { minCents: 20_000, incrementCents: 5_000 };
    expect(firstDrawError({ drawAmount: "150", refuseDraw: false }, 100_000, limits)).toBe("The minimum draw is $200.");
    expect(firstDrawError({ drawAmount: "225", refuseDraw: false }, 100_000, limits)).toBe(
      "Draws must be in $50 increments.",
    );
  });

  it("shows the cash advance fee and the amount received from the fee percent", () => {
    expect(cashAdvanceFee(12_500, "biweekly")).toBe(625);
    expect(12_500 - cashAdvanceFee(12_500, "monthly")).toBe(11_250);
  });
});

describe("consent is valid only when complete", () => {
  const complete = {
    agreed: { agrarbitration: true, agreleconsent: true, agrcredit: true },
    marketingTexts: false,
    marketingCalls: false,
    drawCents: 10_000,
    refuseDraw: false,
    consentComplete: false,
  };

  it("passes when the three agreements are accepted, texts answered and the draw decided", () => {
    expect(consentProblems(complete, 80_000)).toEqual({});
  });

  it("names each missing agreement, the unanswered texts question and the draw", () => {
    expect(consentProblems({ ...complete, agreed: {}, marketingTexts: null, drawCents: 0 }, 80_000)).toEqual({
      agrarbitration: "Please read & agree to the Arbitration Agreement",
      agreleconsent: "Please read & agree to the Consent for Electronic Records",
      agrcredit: "Please read & agree to the Credit Agreement",
      marketingTexts: "Please select an option",
      drawAmount: "Please select a draw amount or check the box indicating you don't want to draw right now",
    });
    expect(consentMessages.incomplete).toBe("Please complete all sections as noted above");
  });

  it("an inline password abandoned at its passcode never blocks Save and Continue (0-decisions.md: optional in fact)", () => {
    expect(consentProblems({ ...complete, password: { step: "code", sealed: "x" } }, 80_000)).toEqual({});
    expect(consentProblems({ ...complete, password: { step: "skipped" } }, 80_000)).toEqual({});
  });

  it("reads the draw as typed when it is given: text that is not an amount is said so", () => {
    expect(consentProblems(complete, 80_000, { drawAmount: "1e3", refuseDraw: false })).toEqual({
      drawAmount: DRAW_NOT_AN_AMOUNT,
    });
    expect(consentProblems(complete, 80_000, { drawAmount: "$800.00", refuseDraw: false })).toEqual({});
  });

  it("a disagreed agreement is missing again", () => {
    expect(consentProblems({ ...complete, agreed: { ...complete.agreed, agrcredit: false } }, 80_000)).toEqual({
      agrcredit: consentMessages.agrcredit,
    });
  });
});

describe("signature messages (spec file 2, section 8)", () => {
  it("are the spec's texts", () => {
    expect(signatureMessages).toMatchObject({
      repayment: "Please select a repayment method",
      military: "Please select the statement that applies to you",
      terms: "You must check the box as part of your eSignature",
      name: "Please enter your name to eSign",
      notSaved: "Data not saved. please try again.",
    });
  });
});
