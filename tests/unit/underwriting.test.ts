import { describe, expect, it } from "vitest";
import { monthlyIncomeCents } from "#domain/rules/credit-limit";
import { ageOn, decide } from "../../functions/servicing/underwriting";

const base = { dob: "1990-05-17", state: "OH", takeHomeCents: 150_000, frequency: "B" as const, today: "2026-11-21" };

describe("the decision rules (0-decisions.md)", () => {
  it("converts pay per paycheck to a month: W x52/12, B x26/12, S x2, M x1", () => {
    expect(monthlyIncomeCents(120_000, "W")).toBe(520_000);
    expect(monthlyIncomeCents(120_000, "B")).toBe(260_000);
    expect(monthlyIncomeCents(120_000, "S")).toBe(240_000);
    expect(monthlyIncomeCents(120_000, "M")).toBe(120_000);
  });

  it("approves 25% of monthly income, floored to $25, within $300-$1,500", () => {
    expect(decide(base)).toEqual({ status: "A", limitCents: 80_000, reason: "approved" }); // $3,250 -> $812.50 -> $800
    expect(decide({ ...base, takeHomeCents: 100_000, frequency: "M" })).toMatchObject({ limitCents: 30_000 }); // $250 -> $300
    expect(decide({ ...base, takeHomeCents: 500_000, frequency: "S" })).toMatchObject({ limitCents: 150_000 }); // $2,500 -> $1,500
    expect(decide({ ...base, takeHomeCents: 230_000, frequency: "M" })).toMatchObject({ limitCents: 57_500 }); // $575
  });

  it("denies monthly income under $1,000, and approves exactly $1,000", () => {
    expect(decide({ ...base, takeHomeCents: 99_999, frequency: "M" })).toMatchObject({
      status: "D",
      reason: "low_income",
    });
    expect(decide({ ...base, takeHomeCents: 100_000, frequency: "M" })).toMatchObject({ status: "A" });
  });

  it("denies applicants under 18 (18 on the birthday itself is old enough)", () => {
    expect(ageOn("2008-11-21", "2026-11-21")).toBe(18);
    expect(ageOn("2008-11-22", "2026-11-21")).toBe(17);
    expect(decide({ ...base, dob: "2008-11-22" })).toMatchObject({ status: "D", reason: "under_age" });
    expect(decide({ ...base, dob: "2008-11-21" })).toMatchObject({ status: "A" });
  });

  it("denies every no-business state", () => {
    for (const state of ["AK", "CA", "NY", "WA", "DC", "MN", "AR"])
      expect(decide({ ...base, state })).toMatchObject({ status: "D", reason: "no_business_state" });
  });
});
