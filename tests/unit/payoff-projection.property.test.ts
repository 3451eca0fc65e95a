/**
 * The minimum-payment warning proven twice (Regulation Z §1026.7(b)(12), issue 35): the engine's
 * projection (functions/servicing/engine/projection.ts, from the product's fee rules) and the
 * independent model's (tests/oracle/projection.ts, from its own fee table) agree on every figure
 * over random statements of every cycle, paying the minimum or a fixed amount, and both match
 * cases worked by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BillingCycle } from "../../functions/domain/config";
import {
  type ProjectionStart,
  projectFixedPayments,
  projectionStart,
  projectMinimumPayments,
} from "../../functions/servicing/engine/index";
import { carriedBalanceFeeCents, type BillingCycle as OracleCycle, ownMinimumCents } from "../oracle/fees";
import { type OracleStart, oracleFixedProjection, oracleMinimumProjection } from "../oracle/projection";

const CYCLES: ReadonlyArray<readonly [BillingCycle, OracleCycle]> = [
  ["biweekly", "bi-weekly"],
  ["semimonthly", "semi-monthly"],
  ["monthly", "monthly"],
];

/**
 * A statement as the oracle would issue it: its principal, fees billed earlier and still unpaid,
 * its own fee and minimum, and a past due that holds at least those older fees (an older
 * statement's unpaid minimum includes its unpaid fee: the waterfall pays the fee first) and at
 * most what the balance allows.
 */
const statementArb = fc
  .record({
    cycle: fc.constantFrom(...CYCLES),
    principalCents: fc.oneof(fc.integer({ min: 0, max: 350_000 }), fc.integer({ min: 0, max: 3_000 })),
    olderFeesCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40_000 })),
    pastDueShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map(({ cycle: [engine, oracle], principalCents, olderFeesCents, pastDueShare }) => {
    const fee = carriedBalanceFeeCents(oracle, principalCents);
    const balance = principalCents + olderFeesCents + fee;
    const own = ownMinimumCents(oracle, fee, principalCents, balance);
    const pastDue = olderFeesCents + Math.floor((balance - own - olderFeesCents) * pastDueShare);
    const totalMinimumDueCents = own + pastDue;
    return {
      engine: projectionStart(
        { principalCents, newBalanceCents: balance, pastDueCents: pastDue, minimumDueCents: own, totalMinimumDueCents },
        engine,
      ),
      oracle: { cycle: oracle, principalCents, balanceCents: balance, totalMinimumDueCents } satisfies OracleStart,
    };
  });

const paymentArb = fc.oneof(
  fc.integer({ min: 0, max: 2_000 }),
  fc.integer({ min: 1_000, max: 20_000 }),
  fc.integer({ min: 0, max: 400_000 }),
);

describe("the minimum-payment warning: the engine and the independent model agree", () => {
  it("paying exactly each statement's minimum, over random statements of every cycle", () => {
    fc.assert(
      fc.property(statementArb, ({ engine, oracle }) => {
        const projected = projectMinimumPayments(engine);
        expect(projected).toEqual(oracleMinimumProjection(oracle));
        // The minimum always repays: once the first payment clears the fees, every minimum takes a cent of principal at least.
        expect(projected.statements).not.toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it("paying a fixed amount, too small to repay ever included", () => {
    let never = 0;
    fc.assert(
      fc.property(statementArb, paymentArb, ({ engine, oracle }, payment) => {
        const projected = projectFixedPayments(engine, payment);
        expect(projected).toEqual(oracleFixedProjection(oracle, payment));
        if (projected.statements === null) never++;
      }),
      { numRuns: 2_000 },
    );
    expect(never, "payments that never repay were tried").toBeGreaterThan(0);
  });
});

describe("the projection, worked by hand", () => {
  it("bi-weekly, $300.00 principal, paying $100 on each due date: 4 statements, $35.00 in fees", () => {
    // Statement: $300 principal, $20 fee ($250.01-$500 band), new balance $320, minimum $20 + 5% = $35.
    // 1: $100 pays the $20 fee and $80 -> $220.00. 2: fee $5 -> $225; $100 pays $5 + $95 -> $125.00.
    // 3: fee $5 -> $130; $100 -> $30.00. 4: fee $5 -> $35; $35 pays it off. Fees 20 + 5 + 5 + 5.
    // 4 statements of 14 days: 56 days, 2 months rounded up.
    const start: ProjectionStart = {
      cycle: "biweekly",
      principalCents: 30_000,
      balanceCents: 32_000,
      minimumDueCents: 3_500,
    };
    const expected = {
      statements: 4,
      months: 2,
      feesCents: 3_500,
      totalPaidCents: 33_500,
      belowMinimum: false,
      balances: [32_000, 22_500, 13_000, 3_500],
    };
    expect(projectFixedPayments(start, 10_000)).toEqual(expected);
    expect(
      oracleFixedProjection(
        { cycle: "bi-weekly", principalCents: 30_000, balanceCents: 32_000, totalMinimumDueCents: 3_500 },
        10_000,
      ),
    ).toEqual(expected);
  });

  it("monthly, $1.00 principal (no fee band), paying only the minimum: 28 statements, 2 years 4 months", () => {
    // 10% of principal rounded up to the cent: 100 -10-> 90 -9-> 81 -9-> 72 -8-> 64 -7-> 57 -6-> 51
    // -6-> 45 -5-> 40 -4-> 36 -4-> 32 -4-> 28 -3-> 25 -3-> 22 -3-> 19 -2-> 17 -2-> 15 -2-> 13 -2-> 11
    // -2-> 9 (19 statements), then a cent a statement: 9 more.
    const start: ProjectionStart = { cycle: "monthly", principalCents: 100, balanceCents: 100, minimumDueCents: 10 };
    const projected = projectMinimumPayments(start);
    expect(projected).toMatchObject({ statements: 28, months: 28, feesCents: 0, totalPaidCents: 100 });
    expect(projected.balances.slice(0, 20)).toEqual([
      100, 90, 81, 72, 64, 57, 51, 45, 40, 36, 32, 28, 25, 22, 19, 17, 15, 13, 11, 9,
    ]);
    expect(
      oracleMinimumProjection({ cycle: "monthly", principalCents: 100, balanceCents: 100, totalMinimumDueCents: 10 }),
    ).toEqual(projected);
  });

  it("a payment that does not outpace the fee never repays, and the walk stops at the cap", () => {
    // $500.00 principal bi-weekly bills $20 a statement: $20 pays only the fee, for ever.
    const start: ProjectionStart = {
      cycle: "biweekly",
      principalCents: 50_000,
      balanceCents: 52_000,
      minimumDueCents: 4_500,
    };
    const projected = projectFixedPayments(start, 2_000);
    expect(projected).toMatchObject({ statements: null, months: null, feesCents: null, belowMinimum: true });
    expect(projected.balances).toHaveLength(50 * 26);
    expect(new Set(projected.balances)).toEqual(new Set([52_000]));
  });

  it("a statement at a zero balance has nothing to repay", () => {
    const start: ProjectionStart = { cycle: "semimonthly", principalCents: 0, balanceCents: 0, minimumDueCents: 0 };
    expect(projectMinimumPayments(start)).toMatchObject({ statements: 0, months: 0, feesCents: 0 });
  });
});
