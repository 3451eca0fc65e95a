import { creditLine, type PayFrequency, payFrequencies } from "../config";
import { formatMoney } from "../format";
import type { Standing } from "./standing";

/**
 * A line's credit limit changed at the servicing desk (issue 20, decision
 * record 023). A raise goes through underwriting's own income rule, with
 * the line's maximum instead of a new customer's; a lower limit is a risk
 * measure, allowed in any standing but never below the smallest line the
 * product approves.
 */

/** Take-home pay per paycheck to a month: W x52/12, B x26/12, S x2, M x1 (0-decisions, "Application decision"). */
export function monthlyIncomeCents(takeHomeCents: number, frequency: PayFrequency): number {
  return Math.floor((takeHomeCents * payFrequencies[frequency].paychecksPerYear) / 12);
}

/** 25% of monthly income, floored to the $25 step: underwriting's limit before any clamp. */
export function incomeLimitCents(takeHomeCents: number, frequency: PayFrequency): number {
  const monthly = monthlyIncomeCents(takeHomeCents, frequency);
  return (
    Math.floor((monthly * creditLine.limitShareOfMonthlyIncome) / creditLine.limitStepCents) * creditLine.limitStepCents
  );
}

/** The most a raise may reach: underwriting's income limit, at most the line's maximum ($3,500). */
export function raiseCeilingCents(takeHomeCents: number, frequency: PayFrequency): number {
  return Math.min(creditLine.maxLimitCents, incomeLimitCents(takeHomeCents, frequency));
}

export const limitMessages = {
  step: `Enter a limit in steps of ${formatMoney(creditLine.limitStepCents)}.`,
  same: "That is the line's limit already.",
  closed: "The line is closed: its limit cannot change.",
  notCurrent: "Only a current line's limit can be raised.",
  above: (ceiling: number) =>
    `Underwriting allows this borrower at most ${formatMoney(ceiling, { cents: true })} (25% of monthly take-home income, at most ${formatMoney(creditLine.maxLimitCents)}).`,
  below: `A limit cannot go below ${formatMoney(creditLine.newCustomerMinLimitCents)}.`,
} as const;

export interface LimitChange {
  standing: Standing;
  currentCents: number;
  newCents: number;
  /** raiseCeilingCents of the borrower's latest application. */
  ceilingCents: number;
}

/** Why the new limit is refused, or null. */
export function limitProblem(change: LimitChange): string | null {
  const { standing, currentCents, newCents, ceilingCents } = change;
  if (standing === "closed" || standing === "withdrawn" || standing === "awaiting_esign") return limitMessages.closed;
  if (!Number.isSafeInteger(newCents) || newCents <= 0 || newCents % creditLine.limitStepCents !== 0)
    return limitMessages.step;
  if (newCents === currentCents) return limitMessages.same;
  if (newCents > currentCents) {
    if (standing !== "current") return limitMessages.notCurrent;
    if (newCents > ceilingCents) return limitMessages.above(ceilingCents);
    return null;
  }
  return newCents < creditLine.newCustomerMinLimitCents ? limitMessages.below : null;
}
