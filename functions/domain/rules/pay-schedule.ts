import { addDays, payDatesAfter } from "../calendar";
import type { PayFrequency } from "../config";
import { formatTableDate } from "../format";
import type { Standing } from "./standing";

/**
 * A borrower's pay frequency and pay dates changed at the servicing desk
 * (issue 20, decision record 026). The new schedule is set by a frequency and
 * the most recent pay date; due dates follow it from the next statement on,
 * and issued statements keep theirs.
 */
export const payScheduleMessages = {
  closed: "A closed line has no due dates.",
  notOpen: "Only an open line has due dates.",
  chargedOff: "A charged-off line has no more statements or due dates.",
  frequency: "Choose how often the borrower is paid.",
  lastPayDate: "Enter the borrower's most recent pay date, like 11/20/2026.",
  future: "The most recent pay date cannot be in the future.",
  twiceMonthly: "Twice-monthly pay falls on the 15th and the last day of the month: enter the most recent of those.",
  notMostRecent: (payDate: string) =>
    `That is not the most recent pay date: on this schedule the borrower was paid again on ${formatTableDate(payDate)}.`,
} as const;

/** Whether a date is a twice-monthly pay date: the 15th or the month's last day. */
export function isTwiceMonthlyPayDate(iso: string): boolean {
  return iso.slice(8, 10) === "15" || addDays(iso, 1).slice(8, 10) === "01";
}

export interface PayScheduleChange {
  standing: Standing;
  frequency: PayFrequency;
  /** The borrower's most recent pay date (ISO): the new schedule's anchor. */
  lastPayDate: string;
  today: string;
}

/**
 * Why the change cannot be made, or null. The line must still have due dates
 * ahead (open, not charged off); the date must be the most recent pay date
 * of the schedule it sets: not after today, and no pay date of that schedule
 * between it and today.
 */
export function payScheduleProblem({ standing, frequency, lastPayDate, today }: PayScheduleChange): string | null {
  if (standing === "closed") return payScheduleMessages.closed;
  if (standing === "awaiting_esign" || standing === "withdrawn") return payScheduleMessages.notOpen;
  if (standing === "charged_off") return payScheduleMessages.chargedOff;
  if (lastPayDate > today) return payScheduleMessages.future;
  if (frequency === "S" && !isTwiceMonthlyPayDate(lastPayDate)) return payScheduleMessages.twiceMonthly;
  const [next] = payDatesAfter(lastPayDate, frequency, lastPayDate, 1);
  return next !== undefined && next <= today ? payScheduleMessages.notMostRecent(next) : null;
}
