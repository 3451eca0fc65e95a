import { describe, expect, it } from "vitest";
import { creditUsedPercent, standingOf } from "../../functions/rules/standing";

describe("account standing (spec file 3, section 4)", () => {
  const open = { lineStatus: "open", chargedOff: false, pastDueCents: 0 };

  it("is current when nothing is past due", () => {
    expect(standingOf(open)).toBe("current");
  });

  it("is delinquent while any amount is past due", () => {
    expect(standingOf({ ...open, pastDueCents: 1 })).toBe("delinquent");
  });

  it("charged off wins over delinquent (more than 90 days past due: the full balance is due)", () => {
    expect(standingOf({ ...open, chargedOff: true, pastDueCents: 25_000 })).toBe("charged_off");
  });

  it("a line that is not open has the standing of its status, whatever its ledger says", () => {
    expect(standingOf({ ...open, lineStatus: "awaiting_esign", pastDueCents: 100 })).toBe("awaiting_esign");
    expect(standingOf({ ...open, lineStatus: "withdrawn" })).toBe("withdrawn");
    expect(standingOf({ ...open, lineStatus: "closed", chargedOff: true })).toBe("closed");
  });
});

describe("credit used percent (spec file 3, section 5)", () => {
  it("is round(available / limit x 100)", () => {
    expect(creditUsedPercent(75_000, 100_000)).toBe(75);
    expect(creditUsedPercent(33_350, 100_000)).toBe(33);
    expect(creditUsedPercent(33_550, 100_000)).toBe(34);
    expect(creditUsedPercent(100_000, 100_000)).toBe(100);
  });

  it("is 0 when the limit is 0, and never outside 0-100", () => {
    expect(creditUsedPercent(50_000, 0)).toBe(0);
    expect(creditUsedPercent(0, 100_000)).toBe(0);
    expect(creditUsedPercent(-500, 100_000)).toBe(0);
    expect(creditUsedPercent(120_000, 100_000)).toBe(100);
  });
});
