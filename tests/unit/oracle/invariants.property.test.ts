/**
 * The reference model's own invariants over random lives (not a comparison
 * with the product): money never goes negative, the figures add up, and every
 * issued statement's balance follows from the previous one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../oracle/calendar";
import { referenceLine } from "../../oracle/model";
import type { Action, LifeSetup } from "../../oracle/types";

const setupArb: fc.Arbitrary<LifeSetup> = fc
  .record({
    openedOn: fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays("2025-01-01", n)),
    payFrequency: fc.constantFrom("W" as const, "B" as const, "S" as const, "M" as const),
    anchorBack: fc.integer({ min: 0, max: 30 }),
    repaymentMethod: fc.constantFrom("A" as const, "K" as const),
    creditLimitCents: fc.integer({ min: 12, max: 60 }).map((n) => n * 2_500),
    takeHomeCents: fc.constant(200_000),
  })
  .map(({ anchorBack, ...s }) => ({ ...s, payAnchorDate: addDays(s.openedOn, -anchorBack) }));

/** Actions by day offset; dates of payments are given as offsets from that day. */
const actionArb = fc.oneof(
  fc.integer({ min: 4, max: 40 }).map((n) => ({ kind: "draw" as const, amountCents: n * 2_500 })),
  fc
    .record({ amountCents: fc.integer({ min: 1, max: 60_000 }), ahead: fc.integer({ min: 1, max: 10 }) })
    .map((p) => ({ kind: "schedulePayment" as const, ...p })),
  fc.integer({ min: 0, max: 10 }).map((index) => ({ kind: "returnPayment" as const, index })),
);

describe("reference model invariants", () => {
  // 60 lives of 200 days: ~4 s alone, several times that on a loaded machine; a budget, not a speed target.
  it("hold on every day of random lives", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        setupArb,
        fc.array(fc.tuple(fc.integer({ min: 0, max: 199 }), actionArb), { maxLength: 30 }),
        (setup, plan) => {
          const line = referenceLine(setup);
          let everUnapplied = false;
          for (let n = 0; n < 200; n++) {
            const today = addDays(setup.openedOn, n);
            line.morning(today);
            for (const [, a] of plan.filter(([d]) => d === n)) {
              const action: Action =
                a.kind === "schedulePayment"
                  ? { kind: "schedulePayment", amountCents: a.amountCents, date: addDays(today, a.ahead) }
                  : a;
              line.act(action);
            }
            const f = line.figures();
            const unpaid = line.unpaidMinimums();
            expect(f.principalCents).toBeGreaterThanOrEqual(0);
            expect(f.balanceCents).toBe(f.principalCents + f.unpaidFeesCents);
            expect(unpaid.every((m) => m >= 0)).toBe(true);
            expect(f.pastDueCents + f.currentDueCents).toBe(unpaid.reduce((a, b) => a + b, 0));
            expect(f.payoffCents).toBe(Math.max(0, f.balanceCents - f.scheduledCents));
            if (f.standing === "current") expect(f.pastDueCents).toBe(0);
            if (f.standing === "delinquent") expect(f.pastDueCents).toBeGreaterThan(0);
            if (f.standing !== "current") expect(f.shownAvailableCreditCents).toBe(0);
            everUnapplied ||= f.unappliedCents > 0;
          }
          const statements = line.statements();
          // The identity holds only when nothing was unapplied (types.ts).
          if (!everUnapplied) {
            statements.forEach((s, i) => {
              expect(s.previousBalanceCents).toBe(i === 0 ? 0 : statements[i - 1]!.newBalanceCents);
              expect(s.newBalanceCents).toBe(
                s.previousBalanceCents + s.drawsCents - s.paymentsCents + s.returnsCents + s.feeCents,
              );
              expect(s.totalMinimumDueCents).toBe(s.pastDueCents + s.minimumDueCents);
            });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
