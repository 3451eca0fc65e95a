import { describe, expect, it } from "vitest";
import { creditLine, draws, noBusinessStates, phones, servicing, states } from "#domain/config";

describe("configuration module (0-decisions.md)", () => {
  it("holds the credit line limits", () => {
    expect(creditLine.maxLimitCents).toBe(350_000);
    expect(creditLine.newCustomerMinLimitCents).toBe(30_000);
    expect(creditLine.newCustomerMaxLimitCents).toBe(150_000);
    expect(creditLine.limitStepCents).toBe(2_500);
    expect(draws).toMatchObject({ minCents: 10_000, incrementCents: 2_500, firstDrawDefaultCents: 10_000 });
    expect(servicing.minAchTransactionCents).toBe(1_000);
    expect(servicing.maxNoOfAchEffectiveDays).toBe(45);
  });

  it("lists the 34 no-business states as the union of both spec lists, all real codes", () => {
    const codes = new Set(states.map((s) => s.code));
    expect(noBusinessStates).toHaveLength(34);
    expect(new Set(noBusinessStates).size).toBe(34);
    for (const code of noBusinessStates) expect(codes.has(code)).toBe(true);
    for (const code of ["AR", "MN", "AK", "WY", "DC", "CA", "WA"]) expect(noBusinessStates).toContain(code);
  });

  it("has 50 states plus DC", () => {
    expect(states).toHaveLength(51);
  });

  it("uses fictional 555-01xx phone numbers", () => {
    for (const digits of Object.values(phones)) expect(digits).toMatch(/^1\d{3}55501\d\d$/);
  });
});
