/** Test helper: plays a reference line day by day, with days counted from the opening. */
import { addDays } from "../../oracle/calendar";
import { referenceLine } from "../../oracle/model";
import type { Action, ActionOutcome, DayFigures, LifeSetup, ReferenceLine } from "../../oracle/types";

export interface Life {
  line: ReferenceLine;
  /** The ISO date of day n (day 0 is the opening day). */
  day(n: number): string;
  /** Runs every morning up to and including day n; returns that day's figures. */
  runTo(n: number): DayFigures;
  act(action: Action): ActionOutcome;
}

export function life(setup: LifeSetup): Life {
  const line = referenceLine(setup);
  let last = -1;
  const day = (n: number) => addDays(setup.openedOn, n);
  return {
    line,
    day,
    runTo(n) {
      while (last < n) line.morning(day(++last));
      return line.figures();
    },
    act: (action) => line.act(action),
  };
}

/** The worked example's line (../shared/spec/4-money-example.md): opened Monday 2025-03-03, bi-weekly pay, a $1,000 limit. */
export const exampleSetup = (repaymentMethod: "A" | "K"): LifeSetup => ({
  openedOn: "2025-03-03",
  payFrequency: "B",
  payAnchorDate: "2025-02-24",
  repaymentMethod,
  creditLimitCents: 100_000,
  takeHomeCents: 200_000,
});
