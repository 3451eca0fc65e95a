import { describe, expect, it } from "vitest";
import { carriedBalanceFees } from "#domain/config";
import {
  amountReceived,
  billingCycleFor,
  carriedBalanceFee,
  cashAdvanceFee,
  feeChartRows,
  minimumPayment,
} from "#domain/fees";

describe("billing cycle follows pay frequency", () => {
  it.each([
    ["W", "biweekly"],
    ["B", "biweekly"],
    ["S", "semimonthly"],
    ["M", "monthly"],
  ] as const)("%s pay gives a %s cycle", (frequency, cycle) => {
    expect(billingCycleFor(frequency)).toBe(cycle);
  });
});

describe("cash advance fee", () => {
  it("is 5% on bi-weekly and semi-monthly cycles, 10% on monthly", () => {
    expect(cashAdvanceFee(10_000, "biweekly")).toBe(500);
    expect(cashAdvanceFee(10_000, "semimonthly")).toBe(500);
    expect(cashAdvanceFee(10_000, "monthly")).toBe(1_000);
  });

  it("is deducted from the amount deposited", () => {
    expect(amountReceived(12_500, "biweekly")).toBe(11_875);
    expect(amountReceived(12_500, "monthly")).toBe(11_250);
  });

  it("rounds to the nearest cent", () => {
    expect(cashAdvanceFee(12_345, "biweekly")).toBe(617); // 617.25
  });
});

describe("carried balance fee chart (0-decisions.md)", () => {
  it.each([
    [0, 0, 0],
    [1_000, 0, 0],
    [1_001, 500, 1_000],
    [25_000, 500, 1_000],
    [25_001, 2_000, 4_000],
    [75_000, 3_000, 6_000],
    [100_000, 4_500, 9_000],
    [150_000, 7_000, 14_000],
    [200_000, 9_500, 19_000],
    [300_000, 14_500, 29_000],
    [325_001, 17_000, 34_000],
    [350_000, 17_000, 34_000],
  ])("principal %i cents: %i short cycle, %i monthly", (principal, short, monthly) => {
    expect(carriedBalanceFee(principal, "biweekly")).toBe(short);
    expect(carriedBalanceFee(principal, "semimonthly")).toBe(short);
    expect(carriedBalanceFee(principal, "monthly")).toBe(monthly);
  });

  it("covers 0 to the line maximum without gaps, and monthly is double the short cycle", () => {
    const rows = feeChartRows();
    expect(rows[0]!.fromCents).toBe(0);
    expect(rows.at(-1)!.toCents).toBe(350_000);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.fromCents).toBe(rows[i - 1]!.toCents + 1);
    for (const row of carriedBalanceFees) expect(row.monthlyCents).toBe(row.shortCycleCents * 2);
    expect(rows).toHaveLength(15);
  });
});

describe("minimum payment (0-decisions.md)", () => {
  it("is the carried balance fee plus 5% of principal on short cycles, rounded up", () => {
    // $1,234.56 principal: fee $55 + ceil(6,172.8) cents.
    expect(minimumPayment(123_456, "biweekly")).toBe(5_500 + 6_173);
    expect(minimumPayment(123_456, "semimonthly")).toBe(5_500 + 6_173);
  });

  it("is the fee plus 10% on the monthly cycle", () => {
    expect(minimumPayment(50_000, "monthly")).toBe(4_000 + 5_000);
  });

  it("never exceeds the whole balance", () => {
    // $10 principal carries no fee; 5% of it is far below the balance...
    expect(minimumPayment(1_000, "biweekly")).toBe(50);
    // ...and a tiny balance is never asked for more than itself.
    expect(minimumPayment(1, "monthly")).toBe(1);
  });
});
