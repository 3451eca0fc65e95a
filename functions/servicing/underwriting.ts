import { daysBetween } from "#domain/calendar";
import { creditLine, noBusinessStates, type PayFrequency } from "#domain/config";
import { incomeLimitCents, monthlyIncomeCents } from "#domain/rules/credit-limit";

/**
 * The embedded platform's decision rules (0-decisions.md), deterministic so
 * every outcome can be reached on purpose. The existing-customer check runs
 * before this (an existing SSN sends the applicant to login).
 */
export interface DecisionInput {
  dob: string;
  state: string;
  takeHomeCents: number;
  frequency: PayFrequency;
  today: string;
}

export type Decision =
  | { status: "A"; limitCents: number; reason: "approved" }
  | { status: "D"; limitCents: 0; reason: "under_age" | "no_business_state" | "low_income" };

/** Whole years between two ISO dates (birthdays count on the day). */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function decide(input: DecisionInput): Decision {
  if (ageOn(input.dob, input.today) < creditLine.minApplicantAge || daysBetween(input.dob, input.today) < 0) {
    return { status: "D", limitCents: 0, reason: "under_age" };
  }
  if (noBusinessStates.includes(input.state)) return { status: "D", limitCents: 0, reason: "no_business_state" };
  const monthly = monthlyIncomeCents(input.takeHomeCents, input.frequency);
  if (monthly < creditLine.minMonthlyIncomeCents) return { status: "D", limitCents: 0, reason: "low_income" };
  const raw = incomeLimitCents(input.takeHomeCents, input.frequency);
  const limitCents = Math.min(creditLine.newCustomerMaxLimitCents, Math.max(creditLine.newCustomerMinLimitCents, raw));
  return { status: "A", limitCents, reason: "approved" };
}
