import { type BillingCycle, servicing } from "../config";
import { addDays, payDatesAfter } from "./calendar";

/**
 * Due dates and statement dates (0-decisions.md): due dates fall on pay
 * dates, one per billing cycle (weekly pay is billed every other pay date);
 * the first is at least 14 days after the first draw; each statement is
 * issued 14 days before its due date.
 */
const cycleFrequency: Record<BillingCycle, "B" | "S" | "M"> = { biweekly: "B", semimonthly: "S", monthly: "M" };

/** The first due date: the first cycle date at least `firstDueAfterDrawDays` after the first draw. */
export function firstDueDate(payAnchor: string, cycle: BillingCycle, firstDrawDate: string): string {
  return payDatesAfter(payAnchor, cycleFrequency[cycle], addDays(firstDrawDate, servicing.firstDueAfterDrawDays - 1), 1)[0]!;
}

/** The due date after `previousDue` in the same cycle. */
export function dueDateAfter(payAnchor: string, cycle: BillingCycle, previousDue: string): string {
  return payDatesAfter(payAnchor, cycleFrequency[cycle], previousDue, 1)[0]!;
}

export function statementDateFor(dueDate: string): string {
  return addDays(dueDate, -servicing.statementLeadDays);
}

/** The next due date to bill: after the last statement's, or the first one. */
export function nextDueToBill(payAnchor: string, cycle: BillingCycle, firstDrawDate: string, lastStatementDue: string | null): string {
  return lastStatementDue ? dueDateAfter(payAnchor, cycle, lastStatementDue) : firstDueDate(payAnchor, cycle, firstDrawDate);
}

/**
 * The due date a borrower with a balance but no open statement should expect:
 * the next one to bill whose statement date has not passed. Due dates whose
 * statements were skipped at a zero balance are in the past and never billed,
 * so they must not be shown as the next payment date.
 */
export function projectedDueDate(payAnchor: string, cycle: BillingCycle, firstDrawDate: string, lastStatementDue: string | null, today: string): string {
  let due = nextDueToBill(payAnchor, cycle, firstDrawDate, lastStatementDue);
  while (statementDateFor(due) < today) due = dueDateAfter(payAnchor, cycle, due);
  return due;
}
