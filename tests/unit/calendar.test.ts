import { describe, expect, it } from "vitest";
import {
  achEffectiveDate,
  addBusinessDays,
  addDays,
  dayOfWeek,
  daysBetween,
  drawFundingDate,
  easternDateTime,
  fedHolidays,
  isBusinessDay,
  isHoliday,
  nextBusinessDay,
  payDatesAfter,
} from "#domain/calendar";

// Instants are written with explicit UTC offsets so the tests do not depend on the host time zone.
// 2026 DST: starts Sunday March 8 (EDT = UTC-4), ends Sunday November 1 (EST = UTC-5).

describe("date arithmetic", () => {
  it("adds days across month, year and DST boundaries", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("gives the weekday, 0 Sunday .. 6 Saturday", () => {
    expect(dayOfWeek("2026-07-04")).toBe(6);
    expect(dayOfWeek("2027-07-04")).toBe(0);
    expect(dayOfWeek("2026-03-09")).toBe(1);
  });

  it("counts days between dates, signed", () => {
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(daysBetween("2026-11-05", "2026-11-01")).toBe(-4);
  });

  it("rejects malformed and impossible dates", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => dayOfWeek("2026-2-3")).toThrow(RangeError);
  });
});

describe("Federal Reserve holidays", () => {
  const expected: Record<number, Array<[string, string]>> = {
    2025: [
      ["2025-01-01", "New Year's Day"],
      ["2025-01-20", "Martin Luther King Jr. Day"],
      ["2025-02-17", "Presidents Day"],
      ["2025-05-26", "Memorial Day"],
      ["2025-06-19", "Juneteenth"],
      ["2025-07-04", "Independence Day"],
      ["2025-09-01", "Labor Day"],
      ["2025-10-13", "Columbus Day"],
      ["2025-11-11", "Veterans Day"],
      ["2025-11-27", "Thanksgiving"],
      ["2025-12-25", "Christmas"],
    ],
    2026: [
      ["2026-01-01", "New Year's Day"],
      ["2026-01-19", "Martin Luther King Jr. Day"],
      ["2026-02-16", "Presidents Day"],
      ["2026-05-25", "Memorial Day"],
      ["2026-06-19", "Juneteenth"],
      ["2026-07-04", "Independence Day"], // Saturday: not moved
      ["2026-09-07", "Labor Day"],
      ["2026-10-12", "Columbus Day"],
      ["2026-11-11", "Veterans Day"],
      ["2026-11-26", "Thanksgiving"],
      ["2026-12-25", "Christmas"],
    ],
    2027: [
      ["2027-01-01", "New Year's Day"],
      ["2027-01-18", "Martin Luther King Jr. Day"],
      ["2027-02-15", "Presidents Day"],
      ["2027-05-31", "Memorial Day"],
      ["2027-06-19", "Juneteenth"], // Saturday: not moved
      ["2027-07-05", "Independence Day"], // Sunday July 4 -> Monday
      ["2027-09-06", "Labor Day"],
      ["2027-10-11", "Columbus Day"],
      ["2027-11-11", "Veterans Day"],
      ["2027-11-25", "Thanksgiving"],
      ["2027-12-25", "Christmas"], // Saturday: not moved
    ],
    2028: [
      ["2028-01-01", "New Year's Day"], // Saturday: stays in 2028
      ["2028-01-17", "Martin Luther King Jr. Day"],
      ["2028-02-21", "Presidents Day"],
      ["2028-05-29", "Memorial Day"],
      ["2028-06-19", "Juneteenth"],
      ["2028-07-04", "Independence Day"],
      ["2028-09-04", "Labor Day"],
      ["2028-10-09", "Columbus Day"],
      ["2028-11-11", "Veterans Day"], // Saturday: not moved
      ["2028-11-23", "Thanksgiving"],
      ["2028-12-25", "Christmas"],
    ],
  };

  it.each([2025, 2026, 2027, 2028])("lists every %i holiday on the date the Fed is closed", (year) => {
    expect(fedHolidays(year)).toEqual(expected[year]!.map(([date, name]) => ({ date, name })));
  });

  it("observes a Sunday New Year's Day on Monday January 2 (2023)", () => {
    expect(fedHolidays(2023)[0]).toEqual({ date: "2023-01-02", name: "New Year's Day" });
    expect(isHoliday("2023-01-01")).toBe(false);
    expect(isHoliday("2023-01-02")).toBe(true);
    expect(isBusinessDay("2023-01-02")).toBe(false);
    expect(isBusinessDay("2022-12-30")).toBe(true);
  });

  it("has no Juneteenth before 2021 and has it from 2021", () => {
    expect(fedHolidays(2020).map((h) => h.name)).not.toContain("Juneteenth");
    expect(fedHolidays(2020)).toHaveLength(10);
    expect(isHoliday("2020-06-19")).toBe(false);
    expect(isBusinessDay("2020-06-19")).toBe(true);
    expect(fedHolidays(2021)).toContainEqual({ date: "2021-06-19", name: "Juneteenth" });
    expect(fedHolidays(2021)).toHaveLength(11);
  });

  it("returns copies the caller cannot use to corrupt the calendar", () => {
    const list = fedHolidays(2026);
    list[0]!.date = "2026-01-02";
    list.pop();
    expect(isHoliday("2026-01-01")).toBe(true);
    expect(isHoliday("2026-12-25")).toBe(true);
    expect(isHoliday("2026-01-02")).toBe(false);
  });
});

describe("business days", () => {
  it("excludes weekends", () => {
    expect(isBusinessDay("2026-03-07")).toBe(false); // Saturday
    expect(isBusinessDay("2026-03-08")).toBe(false); // Sunday
    expect(isBusinessDay("2026-03-09")).toBe(true); // Monday
  });

  it("excludes Fed holidays, including Sunday holidays observed on Monday", () => {
    expect(isBusinessDay("2026-05-25")).toBe(false); // Memorial Day
    expect(isBusinessDay("2026-11-26")).toBe(false); // Thanksgiving
    expect(isBusinessDay("2027-07-05")).toBe(false); // Independence Day observed
    expect(isHoliday("2027-07-04")).toBe(false);
  });

  it("keeps the Friday before a Saturday holiday a business day", () => {
    expect(isBusinessDay("2026-07-03")).toBe(true); // July 4 2026 is Saturday
    expect(isBusinessDay("2027-06-18")).toBe(true); // Juneteenth 2027 is Saturday
    expect(isBusinessDay("2027-12-24")).toBe(true); // Christmas 2027 is Saturday
    expect(isBusinessDay("2027-12-31")).toBe(true); // New Year's Day 2028 is Saturday
    expect(isBusinessDay("2028-11-10")).toBe(true); // Veterans Day 2028 is Saturday
  });

  it("finds the next business day strictly after a date", () => {
    expect(nextBusinessDay("2026-03-09")).toBe("2026-03-10");
    expect(nextBusinessDay("2026-05-22")).toBe("2026-05-26"); // Friday before Memorial Day -> Tuesday
    expect(nextBusinessDay("2026-07-02")).toBe("2026-07-03");
    expect(nextBusinessDay("2027-12-31")).toBe("2028-01-03");
    expect(nextBusinessDay("2022-12-30")).toBe("2023-01-03");
    expect(nextBusinessDay("2026-11-25")).toBe("2026-11-27");
  });

  it("adds business days", () => {
    expect(addBusinessDays("2026-12-23", 1)).toBe("2026-12-24");
    expect(addBusinessDays("2026-12-23", 2)).toBe("2026-12-28"); // skips Christmas Friday and the weekend
    expect(addBusinessDays("2027-12-23", 1)).toBe("2027-12-24"); // Christmas on Saturday
    expect(addBusinessDays("2026-05-21", 3)).toBe("2026-05-27");
    expect(addBusinessDays("2026-03-06", 5)).toBe("2026-03-13");
  });

  it("requires at least one business day", () => {
    expect(() => addBusinessDays("2026-03-09", 0)).toThrow(RangeError);
    expect(() => addBusinessDays("2026-03-09", 1.5)).toThrow(RangeError);
  });
});

describe("Eastern date and time", () => {
  it("converts instants in EDT and EST", () => {
    expect(easternDateTime(new Date("2026-03-09T23:44:00Z"))).toEqual({ date: "2026-03-09", hour: 19, minute: 44 });
    expect(easternDateTime(new Date("2026-11-03T00:44:00Z"))).toEqual({ date: "2026-11-02", hour: 19, minute: 44 });
    expect(easternDateTime(new Date("2026-03-07T05:00:00Z"))).toEqual({ date: "2026-03-07", hour: 0, minute: 0 });
  });

  it("handles the DST switch itself", () => {
    // 06:59Z on March 8 2026 is 1:59 a.m. EST; 07:00Z is 3:00 a.m. EDT.
    expect(easternDateTime(new Date("2026-03-08T06:59:00Z"))).toEqual({ date: "2026-03-08", hour: 1, minute: 59 });
    expect(easternDateTime(new Date("2026-03-08T07:00:00Z"))).toEqual({ date: "2026-03-08", hour: 3, minute: 0 });
  });

  it("answers from its cache of recent minutes exactly as worked out afresh", () => {
    // The same minute asked again (any second of it), and after a caller changed the answer it was given.
    const first = easternDateTime(new Date("2026-11-01T05:59:00Z"));
    first.hour = 99;
    expect(easternDateTime(new Date("2026-11-01T05:59:59.999Z"))).toEqual({ date: "2026-11-01", hour: 1, minute: 59 });
    // The fall-back hour: 1:59 a.m. EDT, then 1:00 a.m. EST, two minutes apart in UTC but never confused.
    expect(easternDateTime(new Date("2026-11-01T06:00:00Z"))).toEqual({ date: "2026-11-01", hour: 1, minute: 0 });
    // More minutes than the cache keeps, then the first again.
    const start = Date.parse("2026-06-01T12:00:00Z");
    for (let i = 0; i < 200; i++) {
      const hour = Math.floor(i / 60);
      expect(easternDateTime(new Date(start + i * 60_000))).toEqual({
        date: "2026-06-01",
        hour: 8 + hour,
        minute: i % 60,
      });
    }
    expect(easternDateTime(new Date(start))).toEqual({ date: "2026-06-01", hour: 8, minute: 0 });
  });
});

describe("draw funding date", () => {
  it("funds a Monday request before 7:45 p.m. the next business day", () => {
    expect(drawFundingDate(new Date("2026-03-09T23:44:00Z"))).toBe("2026-03-10"); // Mon 7:44 p.m. EDT
  });

  it("funds a request at or after the cut-off on the second business day", () => {
    expect(drawFundingDate(new Date("2026-03-09T23:45:00Z"))).toBe("2026-03-11"); // Mon 7:45 p.m. EDT
    expect(drawFundingDate(new Date("2026-03-10T02:00:00Z"))).toBe("2026-03-11"); // Mon 10 p.m. EDT, Tue in UTC
  });

  it("uses the Eastern date and the right offset in standard time", () => {
    expect(drawFundingDate(new Date("2026-11-03T00:44:00Z"))).toBe("2026-11-03"); // Mon 7:44 p.m. EST
    expect(drawFundingDate(new Date("2026-11-03T00:45:00Z"))).toBe("2026-11-04"); // Mon 7:45 p.m. EST
  });

  it("applies the cut-off by the local clock on the Monday after DST starts", () => {
    // 23:50Z: 7:50 p.m. EDT (after cut-off), though it would be 6:50 p.m. under EST.
    expect(drawFundingDate(new Date("2026-03-09T23:50:00Z"))).toBe("2026-03-11");
    // 23:30Z on the Friday before DST: 6:30 p.m. EST; Friday still funds on Tuesday.
    expect(drawFundingDate(new Date("2026-03-06T23:30:00Z"))).toBe("2026-03-10");
  });

  it("funds a Thursday request before the cut-off on Friday", () => {
    expect(drawFundingDate(new Date("2026-03-12T14:00:00Z"))).toBe("2026-03-13");
    expect(drawFundingDate(new Date("2026-07-02T14:00:00Z"))).toBe("2026-07-03"); // Saturday holiday is not moved
  });

  it("funds a Friday request on Tuesday, even in the morning", () => {
    expect(drawFundingDate(new Date("2026-03-13T13:00:00Z"))).toBe("2026-03-17"); // Fri 9 a.m. EDT
    expect(drawFundingDate(new Date("2026-07-03T13:00:00Z"))).toBe("2026-07-07");
  });

  it("funds weekend requests on Tuesday", () => {
    expect(drawFundingDate(new Date("2026-03-14T15:00:00Z"))).toBe("2026-03-17"); // Saturday
    expect(drawFundingDate(new Date("2026-03-15T15:00:00Z"))).toBe("2026-03-17"); // Sunday
    expect(drawFundingDate(new Date("2026-05-23T15:00:00Z"))).toBe("2026-05-27"); // Saturday before Memorial Day
  });

  it("funds a holiday request on the second business day after it", () => {
    expect(drawFundingDate(new Date("2026-05-25T14:00:00Z"))).toBe("2026-05-27"); // Memorial Day
    expect(drawFundingDate(new Date("2026-11-26T15:00:00Z"))).toBe("2026-11-30"); // Thanksgiving
  });

  it("skips the holiday for a request the day before it", () => {
    expect(drawFundingDate(new Date("2026-11-25T15:00:00Z"))).toBe("2026-11-27"); // Wed 10 a.m. EST
    expect(drawFundingDate(new Date("2026-11-26T00:45:00Z"))).toBe("2026-11-30"); // Wed 7:45 p.m. EST
    expect(drawFundingDate(new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-04"); // Thu before New Year's Day
  });
});

describe("ACH effective date", () => {
  it("is today before 11:45 a.m. Eastern when same-day is allowed", () => {
    expect(achEffectiveDate(new Date("2026-03-09T15:44:00Z"), true)).toBe("2026-03-09"); // 11:44 a.m. EDT
    expect(achEffectiveDate(new Date("2026-11-02T16:44:00Z"), true)).toBe("2026-11-02"); // 11:44 a.m. EST
  });

  it("is the next business day from 11:45 a.m. Eastern", () => {
    expect(achEffectiveDate(new Date("2026-03-09T15:45:00Z"), true)).toBe("2026-03-10");
    expect(achEffectiveDate(new Date("2026-11-02T16:45:00Z"), true)).toBe("2026-11-03");
  });

  it("is the next business day when same-day is not allowed", () => {
    expect(achEffectiveDate(new Date("2026-03-09T13:00:00Z"), false)).toBe("2026-03-10");
    expect(achEffectiveDate(new Date("2026-03-13T13:00:00Z"), false)).toBe("2026-03-16"); // Friday -> Monday
  });

  it("is the next business day on weekends and holidays", () => {
    expect(achEffectiveDate(new Date("2026-03-14T14:00:00Z"), true)).toBe("2026-03-16"); // Saturday
    expect(achEffectiveDate(new Date("2026-05-24T14:00:00Z"), true)).toBe("2026-05-26"); // Sunday before Memorial Day
    expect(achEffectiveDate(new Date("2026-05-25T13:00:00Z"), true)).toBe("2026-05-26"); // Memorial Day
  });

  it("uses the Eastern date late in the evening", () => {
    // 03:00Z Tuesday is still Monday 11 p.m. EDT.
    expect(achEffectiveDate(new Date("2026-03-10T03:00:00Z"), true)).toBe("2026-03-10");
  });
});

describe("pay dates", () => {
  it("steps weekly pay by 7 days, strictly after the given date", () => {
    expect(payDatesAfter("2026-01-02", "W", "2026-01-20", 3)).toEqual(["2026-01-23", "2026-01-30", "2026-02-06"]);
    expect(payDatesAfter("2026-01-02", "W", "2026-01-23", 1)).toEqual(["2026-01-30"]);
    expect(payDatesAfter("2025-12-26", "W", "2026-12-31", 1)).toEqual(["2027-01-01"]);
  });

  it("steps bi-weekly pay by 14 days", () => {
    expect(payDatesAfter("2026-01-02", "B", "2026-01-16", 3)).toEqual(["2026-01-30", "2026-02-13", "2026-02-27"]);
    expect(payDatesAfter("2026-01-02", "B", "2026-01-17", 2)).toEqual(["2026-01-30", "2026-02-13"]);
  });

  it("never goes before the anchor", () => {
    expect(payDatesAfter("2026-03-06", "B", "2026-01-01", 2)).toEqual(["2026-03-06", "2026-03-20"]);
    expect(payDatesAfter("2026-03-31", "S", "2026-01-01", 2)).toEqual(["2026-03-31", "2026-04-15"]);
    expect(payDatesAfter("2026-03-20", "M", "2026-03-01", 2)).toEqual(["2026-03-20", "2026-04-20"]);
  });

  it("pays monthly on the anchor day, clamped to month end without drifting", () => {
    expect(payDatesAfter("2026-01-31", "M", "2026-01-31", 4)).toEqual([
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
    ]);
    expect(payDatesAfter("2026-01-15", "M", "2026-06-10", 2)).toEqual(["2026-06-15", "2026-07-15"]);
    expect(payDatesAfter("2026-01-15", "M", "2026-06-15", 1)).toEqual(["2026-07-15"]);
  });

  it("clamps monthly pay to February 29 in a leap year", () => {
    expect(payDatesAfter("2027-12-31", "M", "2028-01-15", 3)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
    expect(payDatesAfter("2024-01-30", "M", "2024-01-30", 2)).toEqual(["2024-02-29", "2024-03-30"]);
  });

  it("pays semi-monthly on the 15th and the last day of the month", () => {
    expect(payDatesAfter("2026-01-15", "S", "2026-01-20", 4)).toEqual([
      "2026-01-31",
      "2026-02-15",
      "2026-02-28",
      "2026-03-15",
    ]);
    expect(payDatesAfter("2026-01-15", "S", "2026-02-15", 2)).toEqual(["2026-02-28", "2026-03-15"]);
    expect(payDatesAfter("2026-01-15", "S", "2026-12-31", 1)).toEqual(["2027-01-15"]);
  });

  it("uses February 29 for semi-monthly pay in a leap year", () => {
    expect(payDatesAfter("2028-01-31", "S", "2028-02-01", 3)).toEqual(["2028-02-15", "2028-02-29", "2028-03-15"]);
  });

  it("returns exactly count dates", () => {
    expect(payDatesAfter("2026-01-02", "B", "2026-01-02", 0)).toEqual([]);
    expect(payDatesAfter("2026-01-02", "W", "2026-01-02", 52)).toHaveLength(52);
    expect(() => payDatesAfter("2026-01-02", "W", "2026-01-02", -1)).toThrow(RangeError);
  });
});
