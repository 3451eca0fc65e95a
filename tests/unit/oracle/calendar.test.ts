/** The reference model's own banking calendar (0-decisions.md "Banking calendar", 013 "Pay dates"). */
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  addMonths,
  dayOfWeek,
  dueDates,
  federalReserveHolidays,
  isBusinessDay,
  nextBusinessDay,
  payDates,
} from "../../oracle/calendar";

describe("Federal Reserve holidays", () => {
  it("lists 2026's eleven holidays", () => {
    expect(federalReserveHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-04",
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it("does not move a Saturday holiday to Friday: that Friday is a business day", () => {
    expect(dayOfWeek("2026-07-04")).toBe(6);
    expect(isBusinessDay("2026-07-03")).toBe(true);
    expect(dayOfWeek("2027-12-25")).toBe(6);
    expect(isBusinessDay("2027-12-24")).toBe(true);
    expect(dayOfWeek("2028-01-01")).toBe(6);
    expect(isBusinessDay("2027-12-31")).toBe(true);
  });

  it("observes a Sunday holiday on the Monday", () => {
    expect(dayOfWeek("2027-07-04")).toBe(0);
    expect(isBusinessDay("2027-07-05")).toBe(false);
    expect(dayOfWeek("2022-06-19")).toBe(0);
    expect(isBusinessDay("2022-06-20")).toBe(false);
    expect(isBusinessDay("2023-01-02")).toBe(false); // New Year's Day 2023 was a Sunday
  });

  it("has Juneteenth from 2021 only", () => {
    expect(isBusinessDay("2020-06-19")).toBe(true); // a Friday
    expect(isBusinessDay("2025-06-19")).toBe(false); // a Thursday
  });

  it("excludes weekends", () => {
    expect(isBusinessDay("2026-03-07")).toBe(false);
    expect(isBusinessDay("2026-03-08")).toBe(false);
    expect(isBusinessDay("2026-03-09")).toBe(true);
  });
});

describe("business-day arithmetic", () => {
  it("steps over weekends and holidays", () => {
    expect(nextBusinessDay("2026-07-02")).toBe("2026-07-03");
    expect(nextBusinessDay("2026-07-03")).toBe("2026-07-06");
    expect(addBusinessDays("2026-11-25", 2)).toBe("2026-11-30"); // Thanksgiving on the 26th
    expect(addBusinessDays("2026-11-25", 0)).toBe("2026-11-25");
  });

  it("adds months, ending on the last day of a shorter month", () => {
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2025-11-15", 2)).toBe("2026-01-15");
  });
});

describe("pay dates and due dates (013)", () => {
  it("twice monthly: the 15th and the last day of the month", () => {
    expect(payDates("S", "2026-01-31", "2026-03-20")).toEqual(["2026-01-31", "2026-02-15", "2026-02-28", "2026-03-15"]);
  });

  it("monthly: the anchor's day, the last day in shorter months", () => {
    expect(payDates("M", "2026-01-31", "2026-05-01")).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
  });

  it("weekly pays every 7 days but only every other pay date is a due date", () => {
    expect(payDates("W", "2025-03-07", "2025-03-28")).toEqual(["2025-03-07", "2025-03-14", "2025-03-21", "2025-03-28"]);
    expect(dueDates("W", "2025-03-07", "2025-03-28")).toEqual(["2025-03-07", "2025-03-21"]);
  });

  it("moves due dates off weekends and holidays to the next business day", () => {
    // Saturday anchor: Jan 3 -> Mon Jan 5; Jan 17 (Sat) -> Mon Jan 19 is MLK Day -> Tue Jan 20.
    expect(dueDates("B", "2026-01-03", "2026-01-31")).toEqual(["2026-01-05", "2026-01-20", "2026-02-02"]);
    // Feb 15 2026 is a Sunday and Feb 16 Presidents Day; Feb 28 a Saturday.
    expect(dueDates("S", "2026-02-01", "2026-03-31")).toEqual(["2026-02-17", "2026-03-02", "2026-03-16", "2026-03-31"]);
  });
});
