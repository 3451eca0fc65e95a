import { describe, expect, it } from "vitest";
import { localTimeLabel, quietHoursEnd, timeZoneOf } from "#domain/rules/quiet-hours";

/**
 * Quiet hours (0-decisions.md; Regulation F §1006.6(b)(1), the TCPA; decision record 033): texts and
 * calls only from 8 a.m. to 9 p.m. in the borrower's time zone, from their state and ZIP code.
 */
describe("the borrower's time zone", () => {
  it("comes from the state, and from the ZIP code where a time-zone line crosses the state", () => {
    expect(timeZoneOf("AZ", "85004")).toEqual({ zone: "America/Phoenix", known: true });
    expect(timeZoneOf("HI", "96813")).toEqual({ zone: "Pacific/Honolulu", known: true });
    expect(timeZoneOf("FL", "33101").zone).toBe("America/New_York");
    expect(timeZoneOf("FL", "32501").zone).toBe("America/Chicago");
    expect(timeZoneOf("TX", "79901").zone).toBe("America/Denver");
    expect(timeZoneOf("tn", "37902").zone).toBe("America/New_York");
    expect(timeZoneOf("TN", "38103").zone).toBe("America/Chicago");
  });

  it("is Eastern, and said to be unknown, when the state is not one we know", () => {
    expect(timeZoneOf("", "")).toEqual({ zone: "America/New_York", known: false });
    expect(timeZoneOf("ZZ", "12345")).toEqual({ zone: "America/New_York", known: false });
    expect(timeZoneOf(null, undefined)).toEqual({ zone: "America/New_York", known: false });
  });
});

const utc = (iso: string) => Date.parse(iso);

describe("quiet hours", () => {
  it("hold a text at 3 a.m. in Arizona until 8 a.m. there, summer and winter alike (no daylight saving)", () => {
    // 3 a.m. MST is 10:00 UTC all year; 8 a.m. is 15:00 UTC.
    expect(quietHoursEnd(utc("2026-07-15T10:00:00Z"), "America/Phoenix")).toBe(utc("2026-07-15T15:00:00Z"));
    expect(quietHoursEnd(utc("2026-01-15T10:00:00Z"), "America/Phoenix")).toBe(utc("2026-01-15T15:00:00Z"));
    // Denver, an hour off Phoenix in summer, keeps daylight saving.
    expect(quietHoursEnd(utc("2026-07-15T09:00:00Z"), "America/Denver")).toBe(utc("2026-07-15T14:00:00Z"));
  });

  it("let a text go at 8:59 p.m. in Hawaii, and hold one at 9 p.m. until 8 a.m. the next day", () => {
    // 8:59 p.m. HST is 06:59 UTC the next day.
    expect(quietHoursEnd(utc("2026-12-04T06:59:00Z"), "Pacific/Honolulu")).toBeNull();
    expect(quietHoursEnd(utc("2026-12-04T07:00:00Z"), "Pacific/Honolulu")).toBe(utc("2026-12-04T18:00:00Z"));
    // 3 a.m. HST: the same morning's 8 a.m.
    expect(quietHoursEnd(utc("2026-12-04T13:00:00Z"), "Pacific/Honolulu")).toBe(utc("2026-12-04T18:00:00Z"));
  });

  it("open at 8 a.m. exactly and close at 9 p.m. exactly", () => {
    expect(quietHoursEnd(utc("2026-12-03T13:00:00Z"), "America/New_York")).toBeNull();
    expect(quietHoursEnd(utc("2026-12-03T12:59:59Z"), "America/New_York")).toBe(utc("2026-12-03T13:00:00Z"));
    expect(quietHoursEnd(utc("2026-12-04T01:59:59Z"), "America/New_York")).toBeNull();
    expect(quietHoursEnd(utc("2026-12-04T02:00:00Z"), "America/New_York")).toBe(utc("2026-12-04T13:00:00Z"));
  });

  it("open at 8 a.m. local across a change to daylight saving in the night", () => {
    // New York springs forward at 2 a.m. on 2027-03-14: 10 p.m. EST on the 13th, 8 a.m. EDT is 12:00 UTC.
    expect(quietHoursEnd(utc("2027-03-14T03:00:00Z"), "America/New_York")).toBe(utc("2027-03-14T12:00:00Z"));
    // And falls back on 2026-11-01: 8 a.m. EST is 13:00 UTC.
    expect(quietHoursEnd(utc("2026-11-01T03:00:00Z"), "America/New_York")).toBe(utc("2026-11-01T13:00:00Z"));
  });

  it("say when a held message goes in the borrower's own time", () => {
    expect(localTimeLabel(utc("2026-12-04T15:00:00Z"), "America/Phoenix")).toBe("Dec 4, 8:00 a.m. MST");
  });
});
