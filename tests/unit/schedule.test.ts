import { describe, expect, it } from "vitest";
import { billingCycleFor } from "../../functions/fees";
import { dueDateAfter, firstDueDate, nextDueToBill, projectedDueDate, statementDateFor } from "../../functions/servicing/schedule";

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

describe("the projected next due date of a balance with no open statement", () => {
  const cycle = billingCycleFor("B");

  it("is the next due to bill when its statement date has not passed", () => {
    // First draw 2026-01-05: first due 2026-01-30, statement 2026-01-16.
    expect(projectedDueDate("2026-01-02", cycle, "2026-01-05", null, "2026-01-10")).toBe("2026-01-30");
  });

  it("skips due dates whose statements were passed over at a zero balance, so it is never in the past", () => {
    // The last statement was for 2026-01-30; a draw months later is billed on the first due date still ahead.
    const due = projectedDueDate("2026-01-02", cycle, "2026-01-05", "2026-01-30", "2026-06-01");
    expect(due).toBe("2026-06-19");
    expect(statementDateFor(due) >= "2026-06-01").toBe(true);
  });
});
