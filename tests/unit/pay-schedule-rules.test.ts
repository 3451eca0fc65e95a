import { describe, expect, it } from "vitest";
import { isTwiceMonthlyPayDate, payScheduleMessages, payScheduleProblem } from "#domain/rules/pay-schedule";

/** Decision record 026: the most recent pay date of the schedule it sets, on a line that still has due dates. */
describe("a pay schedule change's rule", () => {
  const today = "2026-11-25"; // a Wednesday
  const problem = (frequency: "W" | "B" | "S" | "M", lastPayDate: string, standing = "current" as const) =>
    payScheduleProblem({ standing, frequency, lastPayDate, today });

  it("takes the most recent pay date of each frequency", () => {
    expect(problem("W", "2026-11-19")).toBeNull(); // next Nov 26
    expect(problem("W", "2026-11-25")).toBeNull();
    expect(problem("B", "2026-11-12")).toBeNull(); // next Nov 26
    expect(problem("S", "2026-11-15")).toBeNull();
    expect(problem("M", "2026-10-26")).toBeNull();
  });

  it("refuses a future date, an older one, and a twice-monthly date off the 15th and the last day", () => {
    expect(problem("B", "2026-11-26")).toBe(payScheduleMessages.future);
    expect(problem("W", "2026-11-18")).toBe(payScheduleMessages.notMostRecent("2026-11-25"));
    expect(problem("M", "2026-10-25")).toBe(payScheduleMessages.notMostRecent("2026-11-25"));
    expect(problem("S", "2026-11-14")).toBe(payScheduleMessages.twiceMonthly);
    expect(problem("S", "2026-10-31")).toBe(payScheduleMessages.notMostRecent("2026-11-15"));
    expect(payScheduleMessages.notMostRecent("2026-11-25")).toContain("11/25/2026");
  });

  it("refuses a line with no due dates ahead", () => {
    expect(payScheduleProblem({ standing: "charged_off", frequency: "B", lastPayDate: today, today })).toBe(
      payScheduleMessages.chargedOff,
    );
    expect(payScheduleProblem({ standing: "closed", frequency: "B", lastPayDate: today, today })).toBe(
      payScheduleMessages.closed,
    );
    expect(payScheduleProblem({ standing: "delinquent", frequency: "B", lastPayDate: today, today })).toBeNull();
  });

  it("knows twice-monthly pay dates, month ends and leap years included", () => {
    expect(["2026-02-28", "2028-02-29", "2026-04-30", "2026-12-31", "2026-06-15"].map(isTwiceMonthlyPayDate)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["2028-02-28", "2026-04-29", "2026-06-16", "2026-06-01"].some(isTwiceMonthlyPayDate)).toBe(false);
  });
});
