/**
 * Money proven twice (issue 13): random borrower lives of 400 days, every
 * pay frequency and both repayment methods, with draws, one-time payments,
 * automatic payments, returns and missed due dates, played day by day
 * through the product's engine (functions/servicing/engine, the code the
 * cron, the posting service and the pages run) and through the independent
 * model in tests/oracle (written from 0-decisions.md alone). Every figure of
 * every day, every statement and every payment must agree to the cent.
 * More lives, reproducibly: npm run verify:money -- --lives 5000 --seed N.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareLife, describeDisagreement, LIFE_DAYS, type Life, lifeArb } from "../money/lives";
import { productLine } from "../money/product-line";
import { addDays } from "../oracle/calendar";

const LIVES = Number(process.env.MONEY_LIVES ?? 120);

/** What happened in a life, so the test can prove the lives reach the paths that matter. */
function pathsOf(life: Life): Set<string> {
  const seen = new Set<string>();
  // compareLife already played it; a second, product-only pass reads what happened on the way.
  compareLife(life, (setup) => {
    const wrapped = productLine(setup);
    return {
      ...wrapped,
      morning(day) {
        wrapped.morning(day);
        const f = wrapped.figures();
        seen.add(f.standing);
        if (f.unappliedCents > 0) seen.add("overpaid");
        if (wrapped.payments().some((p) => p.origin === "automatic")) seen.add("automatic payment");
        if (wrapped.payments().some((p) => p.returnedOn !== null)) seen.add("returned payment");
        if (wrapped.statements().some((s) => s.pastDueCents > 0)) seen.add("statement with past due");
      },
    };
  });
  return seen;
}

describe("the engine and the independent model agree on every figure of random lives", () => {
  it(`${LIVES} lives of ${LIFE_DAYS} days`, { timeout: 600_000 }, () => {
    const reached = new Map<string, number>();
    fc.assert(
      fc.property(lifeArb, (life) => {
        const disagreement = compareLife(life, productLine);
        if (disagreement) throw new Error(describeDisagreement(disagreement));
        for (const path of pathsOf(life)) reached.set(path, (reached.get(path) ?? 0) + 1);
      }),
      { numRuns: LIVES },
    );
    // The lives must reach every path the rules have, or agreeing proves little.
    for (const path of [
      "current",
      "delinquent",
      "charged_off",
      "closed",
      "automatic payment",
      "returned payment",
      "statement with past due",
      "overpaid",
    ]) {
      expect(reached.get(path) ?? 0, `lives reaching "${path}"`).toBeGreaterThan(0);
    }
  });

  it("the generator's lives start on different days of the calendar (holidays, leap years)", () => {
    const starts = fc.sample(lifeArb, { numRuns: 50, seed: 1 }).map((l) => l.setup.openedOn);
    expect(new Set(starts.map((d) => d.slice(0, 4))).size).toBeGreaterThan(3);
    expect(starts.every((d) => addDays(d, 0) === d)).toBe(true);
  });
});
