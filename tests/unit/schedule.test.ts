import { describe, expect, it } from "vitest";
import { isBusinessDay } from "#domain/calendar";
import { billingCycleFor } from "#domain/fees";
import {
  asDueDate,
  dueDatesAfter,
  firstDueDate,
  projectedDueDate,
  statementDateFor,
} from "../../functions/servicing/engine/index";
import { dueDateIssuedOn } from "../../functions/servicing/engine/schedule";

describe("due dates follow pay dates, one per billing cycle (0-decisions.md, decision record 013)", () => {
  it("weekly pay is billed bi-weekly: every other pay date from the anchor", () => {
    const cycle = billingCycleFor("W");
    // Anchor Friday 2026-01-02: due dates 01-16, 01-30, 02-13 (never the weeks between).
    expect(dueDatesAfter("2026-01-02", cycle, "2026-01-02", 3)).toEqual(["2026-01-16", "2026-01-30", "2026-02-13"]);
  });

  it("the first due date is the first whose statement date is after the day of the first draw", () => {
    const cycle = billingCycleFor("B");
    // A draw on 01-15: due 01-30 has its statement on 01-16, after the draw.
    expect(firstDueDate("2026-01-02", cycle, "2026-01-15")).toBe("2026-01-30");
    // A draw on 01-16 itself: that statement (issued by the morning run) would come before it, so the next cycle.
    expect(firstDueDate("2026-01-02", cycle, "2026-01-16")).toBe("2026-02-13");
  });

  it("semi-monthly pay: the 15th and the last day of the month, moved off weekends", () => {
    const cycle = billingCycleFor("S");
    // 2026-01-31 is a Saturday: Monday 02-02. 02-15 is a Sunday and 02-16 Presidents Day: the 17th. 02-28 is a Saturday.
    expect(dueDatesAfter("2026-01-15", cycle, "2026-01-15", 3)).toEqual(["2026-02-02", "2026-02-17", "2026-03-02"]);
    // 2026-02-15 is a Sunday and 02-16 is Presidents Day: the 17th.
    expect(asDueDate("2026-02-15")).toBe("2026-02-17");
  });

  it("monthly pay: the anchor's day each month, clamped to the month's end, then moved to a business day", () => {
    const cycle = billingCycleFor("M");
    // Anchor Jan 31 2026, a Saturday -> Feb 2; Feb 28 is a Saturday too -> Mar 2; Mar 31 (Tue).
    expect(dueDatesAfter("2026-01-31", cycle, "2026-01-31", 3)).toEqual(["2026-02-02", "2026-03-02", "2026-03-31"]);
  });

  it("a due date on a Federal Reserve holiday is the next business day; a Saturday holiday is not moved to Friday", () => {
    // 2026-12-25 (Fri) is Christmas -> Monday 12-28.
    expect(asDueDate("2026-12-25")).toBe("2026-12-28");
    // 2026-07-03 (Fri) is a business day: Independence Day falls on Saturday and is not observed on Friday.
    expect(isBusinessDay("2026-07-03")).toBe(true);
    expect(asDueDate("2026-07-03")).toBe("2026-07-03");
  });

  it("statements are issued 14 days before their (moved) due date, and only on those days", () => {
    expect(statementDateFor("2026-02-02")).toBe("2026-01-19");
    expect(dueDateIssuedOn("2026-01-15", "semimonthly", "2026-01-19")).toBe("2026-02-02");
    expect(dueDateIssuedOn("2026-01-15", "semimonthly", "2026-01-20")).toBeNull();
  });
});

describe("the projected next due date of a balance with no issued statement ahead", () => {
  const cycle = billingCycleFor("B");

  it("is the first due date while its statement is still to come", () => {
    // First draw 2026-01-05: first due 2026-01-30, statement 2026-01-16.
    expect(projectedDueDate("2026-01-02", cycle, "2026-01-05", "2026-01-10")).toBe("2026-01-30");
  });

  it("is never a due date whose statement date has passed (a cycle skipped at a zero balance)", () => {
    // The pay date 06-19 is Juneteenth: the due date is Monday 06-22.
    const due = projectedDueDate("2026-01-02", cycle, "2026-01-05", "2026-06-01");
    expect(due).toBe("2026-06-22");
    expect(statementDateFor(due) > "2026-06-01").toBe(true);
  });
});
