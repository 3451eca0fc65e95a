import { describe, expect, it } from "vitest";
import { cashAdvanceFee } from "#domain/fees";
import { borrowerNameMatches, drawMessages, firstDrawProblem, nameToSign } from "#domain/rules/esign";
import { consentMessages, consentProblems } from "../../app/routes/esign/consent.schema";
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
