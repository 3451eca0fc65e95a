import { addDays, isBusinessDay, nextBusinessDay, payDatesAfter } from "#domain/calendar";
import { type BillingCycle, type PayFrequency, payFrequencies, servicing } from "#domain/config";

/**
 * Due dates and statement dates (0-decisions.md, "Billing cycle and
 * servicing"; decision record 013): due dates fall on pay dates, one per
 * billing cycle (weekly pay is billed every other pay date, from the known
 * pay date); a due date on a weekend or a Federal Reserve holiday moves to
 * the next business day, for every purpose; each statement is issued
 * `statementLeadDays` before its (moved) due date; the first due date is the
 * first whose statement date is after the day of the first draw.
 */
const cycleFrequency: Record<BillingCycle, "B" | "S" | "M"> = { biweekly: "B", semimonthly: "S", monthly: "M" };

export function cycleOfFrequency(frequency: PayFrequency): BillingCycle {
  return payFrequencies[frequency].cycle;
}

/** A pay date as a due date: the next business day when it is not one. */
export function asDueDate(payDate: string): string {
  return isBusinessDay(payDate) ? payDate : nextBusinessDay(payDate);
}

export function statementDateFor(dueDate: string): string {
  return addDays(dueDate, -servicing.statementLeadDays);
}

/**
 * The due dates strictly after `after`, ascending. A cycle date moved forward
 * can land after `after` even when the pay date itself did not, so the walk
 * starts a week early and filters.
 */
export function dueDatesAfter(anchor: string, cycle: BillingCycle, after: string, count: number): string[] {
  const out: string[] = [];
  let from = addDays(after, -7);
  while (out.length < count) {
    for (const payDate of payDatesAfter(anchor, cycleFrequency[cycle], from, count + 2)) {
      const due = asDueDate(payDate);
      if (due > after && !out.includes(due) && out.length < count) out.push(due);
      from = payDate;
    }
  }
  return out;
}

/** The first due date of a line: the first whose statement date is after the first draw's day. */
export function firstDueDate(anchor: string, cycle: BillingCycle, firstDrawDate: string): string {
  return dueDatesAfter(anchor, cycle, addDays(firstDrawDate, servicing.statementLeadDays), 1)[0]!;
}

/** The due date whose statement is issued on `day`, if `day` is a statement date of this schedule. */
export function dueDateIssuedOn(anchor: string, cycle: BillingCycle, day: string): string | null {
  const due = addDays(day, servicing.statementLeadDays);
  const [next] = dueDatesAfter(anchor, cycle, addDays(due, -1), 1);
  return next === due ? due : null;
}

/**
 * The next due date to expect when no issued statement is ahead: the first
 * due date on or after the first one whose statement is still to come
 * (statement date after today).
 */
export function projectedDueDate(anchor: string, cycle: BillingCycle, firstDrawDate: string, today: string): string {
  const first = firstDueDate(anchor, cycle, firstDrawDate);
  if (statementDateFor(first) > today) return first;
  return dueDatesAfter(anchor, cycle, addDays(today, servicing.statementLeadDays), 1)[0]!;
}
