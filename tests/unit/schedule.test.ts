import { describe, expect, it } from "vitest";
import { billingCycleFor } from "../../functions/fees";
import { dueDateAfter, firstDueDate, nextDueToBill, statementDateFor } from "../../functions/servicing/schedule";

describe("due dates follow pay dates, one per billing cycle", () => {
  it("weekly pay is billed bi-weekly: every other pay date from the anchor", () => {
    const cycle = billingCycleFor("W");
    // Anchor Friday 2026-01-02; first draw 2026-01-05 -> first due at least 14 days later, on a 14-day step.
    expect(firstDueDate("2026-01-02", cycle, "2026-01-05")).toBe("2026-01-30");
    expect(dueDateAfter("2026-01-02", cycle, "2026-01-30")).toBe("2026-02-13");
  });

  it("bi-weekly pay: the first pay date 14 or more days after the draw", () => {
    const cycle = billingCycleFor("B");
    expect(firstDueDate("2026-01-02", cycle, "2026-01-16")).toBe("2026-01-30");
    expect(firstDueDate("2026-01-02", cycle, "2026-01-17")).toBe("2026-02-13");
  });

  it("semi-monthly pay: the 15th and the last day of the month", () => {
    const cycle = billingCycleFor("S");
    expect(firstDueDate("2026-01-15", cycle, "2026-01-10")).toBe("2026-01-31");
    expect(dueDateAfter("2026-01-15", cycle, "2026-01-31")).toBe("2026-02-15");
    expect(dueDateAfter("2026-01-15", cycle, "2026-02-15")).toBe("2026-02-28");
  });

  it("monthly pay: the anchor's day each month, clamped to the month's end", () => {
    const cycle = billingCycleFor("M");
    expect(firstDueDate("2026-01-31", cycle, "2026-02-01")).toBe("2026-02-28");
    expect(dueDateAfter("2026-01-31", cycle, "2026-02-28")).toBe("2026-03-31");
    expect(firstDueDate("2026-01-10", cycle, "2026-01-05")).toBe("2026-02-10");
  });

  it("statements are issued 14 days before their due date", () => {
    expect(statementDateFor("2026-01-30")).toBe("2026-01-16");
    expect(nextDueToBill("2026-01-02", "biweekly", "2026-01-05", null)).toBe("2026-01-30");
    expect(nextDueToBill("2026-01-02", "biweekly", "2026-01-05", "2026-01-30")).toBe("2026-02-13");
  });
});
