import { addDays, isBusinessDay } from "../calendar";
import { servicing } from "../config";
import { formatDate, formatMoney, formatTableDate } from "../format";
import { moneyInputCents, PAYMENT_NOT_AN_AMOUNT } from "./money-input";
import { paymentAmountProblem } from "./standing";

/**
 * One-time payment rules (spec file 3, sections 4 and 5, and 0-decisions.md),
 * shared by the payments page (browser and server) and the platform: which
 * options, which default, which amount, which dates, which messages.
 */
export type PaymentOption = "minimum" | "full" | "other";
export const PAYMENT_OPTIONS: readonly PaymentOption[] = ["minimum", "full", "other"];

export interface PaymentFacts {
  chargedOff: boolean;
  minimumDueCents: number;
  /** Above 0 on a delinquent account: the minimum option then pays this. */
  pastDueCents: number;
  balanceCents: number;
  achEffectiveDate: string;
  nextPaymentDate: string | null;
}

/** Spec file 3, sections 5 and 8, verbatim; the minimum names config's one value. */
export const paymentMessages = {
  chooseOption: "Please select a payment amount option",
  minimum: `The minimum payment is ${formatMoney(servicing.minAchTransactionCents)}. Please enter ${formatMoney(servicing.minAchTransactionCents)} or more.`,
  maximum: (balanceCents: number) =>
    `Your payment cannot exceed your ${formatMoney(balanceCents, { cents: true })} account balance. Please enter a different amount.`,
  invalidDate: (from: string, to: string) =>
    `Invalid date. Your payment date must be between ${formatDate(from)} and ${formatDate(to)}.`,
  missing: "Invalid Payment Amount or Payment Date.",
  pendingLimit:
    "You have reached the maximum number of pending transactions allowed. No additional payments can be scheduled at this time.",
  cycleHint: (from: string, to: string) =>
    `This payment must be scheduled during your current billing cycle. Select any banking business day between ${formatDate(from)} and ${formatDate(to)}.`,
  calendarHint: "Select an available date on the calendar to schedule your payment.",
  /** Not in the spec (it only says the tick is required): shown when a form without JavaScript is posted unticked. */
  authorize: "Please authorize this payment.",
} as const;

const onOrBeforeDue = (f: PaymentFacts) => f.nextPaymentDate !== null && f.achEffectiveDate <= f.nextPaymentDate;

/** The options' names (spec file 3, section 2): the minimum is "Past Due" on a past-due account. */
export function paymentOptionLabel(option: PaymentOption, pastDue: boolean): string {
  return { minimum: pastDue ? "Past Due" : "Next Minimum Due", full: "Pay Off Balance", other: "Other Amount" }[option];
}

/** Charged-off accounts do not see the minimum option at all. */
export function visiblePaymentOptions(f: PaymentFacts): PaymentOption[] {
  return f.chargedOff ? ["full", "other"] : [...PAYMENT_OPTIONS];
}

/**
 * Options a person may pick: the minimum is disabled with no minimum due, and
 * minimum and full are disabled once the effective date is after the next
 * payment date, because their window (effective date to due date) is then
 * empty. Pay Off Balance on a charged-off account has the wide window instead
 * (0-decisions.md, which wins), so it stays available however old the due
 * date is: the whole balance is what such a borrower owes. Its default still
 * follows the spec (Other when the effective date is after the due date).
 * The minimum is also disabled when it is more than the balance less
 * scheduled payments (decision record 012: the page never offers a figure
 * the platform refuses); Pay Off Balance then pays what is left.
 */
export function paymentOptions(f: PaymentFacts): Record<PaymentOption, boolean> {
  return {
    minimum: !f.chargedOff && f.minimumDueCents > 0 && onOrBeforeDue(f) && minimumOptionCents(f) <= f.balanceCents,
    full: f.balanceCents > 0 && (f.chargedOff || onOrBeforeDue(f)),
    other: f.balanceCents > 0,
  };
}

/** The default selection when none is stored (spec file 3, section 4). */
export function defaultPaymentOption(f: PaymentFacts): PaymentOption {
  if (f.chargedOff) return onOrBeforeDue(f) ? "full" : "other";
  if (paymentOptions(f).minimum) return "minimum";
  return onOrBeforeDue(f) ? "full" : "other";
}

/** What the minimum option pays: the past-due amount on a delinquent or charged-off account, else the minimum due. */
export function minimumOptionCents(f: PaymentFacts): number {
  return f.chargedOff || f.pastDueCents > 0 ? f.pastDueCents : f.minimumDueCents;
}

/** An Other Amount as typed, by the one money rule ($ and commas welcome); null when it is not an amount. */
export function parseOtherAmount(text: string): number | null {
  return moneyInputCents(text);
}

/** The amount an option pays, or null when Other has no usable number. */
export function paymentAmountCents(option: PaymentOption, f: PaymentFacts, otherText: string): number | null {
  if (option === "full") return f.balanceCents;
  if (option === "minimum") return minimumOptionCents(f);
  return parseOtherAmount(otherText);
}

/** The Other Amount's message, or null: empty or zero gets the minimum message, text that is no amount of money says so. */
export function otherAmountMessage(otherText: string, f: PaymentFacts): string | null {
  if (otherText.trim() === "") return paymentMessages.minimum;
  const cents = parseOtherAmount(otherText);
  if (cents === null) return PAYMENT_NOT_AN_AMOUNT;
  if (cents === 0) return paymentMessages.minimum;
  // The pending cap is the lock's business (paymentsLocked), not the amount's.
  const problem = paymentAmountProblem(cents, f.balanceCents, 0);
  if (problem === "maximum") return paymentMessages.maximum(f.balanceCents);
  return problem === "minimum" ? paymentMessages.minimum : null;
}

/** The widest window any payment may take: the effective date plus maxNoOfAchEffectiveDays. The platform enforces it. */
export function widestPaymentWindow(achEffectiveDate: string): { from: string; to: string } {
  return { from: achEffectiveDate, to: addDays(achEffectiveDate, servicing.maxNoOfAchEffectiveDays) };
}

/**
 * The payment window: from the ACH effective date to the next due date; for
 * Other Amount, and Pay Off Balance on a charged-off account (or with no due
 * date at all), the widest window (0-decisions.md, "Banking calendar").
 */
export function paymentWindow(option: PaymentOption, f: PaymentFacts): { from: string; to: string } {
  const wide = option === "other" || (option === "full" && f.chargedOff) || !f.nextPaymentDate;
  return wide ? widestPaymentWindow(f.achEffectiveDate) : { from: f.achEffectiveDate, to: f.nextPaymentDate! };
}

export function paymentDateAllowed(date: string, option: PaymentOption, f: PaymentFacts): boolean {
  const { from, to } = paymentWindow(option, f);
  return date >= from && date <= to && isBusinessDay(date);
}

/** The date's message, or null: missing gets the spec's "missing" message, anything else outside the window the range. */
export function paymentDateMessage(isoDate: string | null, option: PaymentOption, f: PaymentFacts): string | null {
  if (!isoDate) return paymentMessages.missing;
  if (paymentDateAllowed(isoDate, option, f)) return null;
  const { from, to } = paymentWindow(option, f);
  return paymentMessages.invalidDate(from, to);
}

/** The date step's hint: the billing-cycle text while the window ends at the due date, else the plain calendar text. */
export function paymentDateHint(option: PaymentOption, f: PaymentFacts): string {
  const { from, to } = paymentWindow(option, f);
  return to === f.nextPaymentDate ? paymentMessages.cycleHint(from, to) : paymentMessages.calendarHint;
}

/**
 * What is left to pay once the payments already scheduled post: Pay Off
 * Balance and the largest Other Amount, since the platform refuses a payment
 * that would take the balance below zero.
 */
export const payableBalanceCents = (balanceCents: number, pendingCents: number) =>
  Math.max(0, balanceCents - pendingCents);

/**
 * Make a payment (spec file 3, section 4): the account page's button is
 * disabled, and the method and date steps lock, when the pending-payment cap
 * is reached or nothing is owed (no balance, or scheduled payments that
 * already cover it). The page opens only when the line has a limit. The
 * account page and the payments page both ask this, with the same figures.
 */
export function paymentsLocked(f: PaymentLockFacts): PaymentLock | null {
  if (f.pendingCount >= f.maxPending) return "pendingLimit";
  if (f.balanceCents <= 0) return "nothingOwed";
  if (payoffOf(f) <= 0) return "coveredByPending";
  return null;
}

export type PaymentLock = "pendingLimit" | "nothingOwed" | "coveredByPending";

export interface PaymentLockFacts {
  balanceCents: number;
  pendingCents: number;
  pendingCount: number;
  maxPending: number;
  /** The platform's own payoff figure when it sends one (the summary's payoffAmount). */
  payoffCents?: number;
}

/** The payoff: the platform's figure when it sends one, else the balance less scheduled payments (the same rule). */
export const payoffOf = (f: Pick<PaymentLockFacts, "balanceCents" | "pendingCents" | "payoffCents">) =>
  f.payoffCents ?? payableBalanceCents(f.balanceCents, f.pendingCents);

/**
 * A scheduled one-time payment can be cancelled (its authorization revoked)
 * until `achRevocationNoticeDays` days before its date: spec file 3,
 * "Revocation of authorization at least 3 days before the payment date".
 */
export function paymentCancellable(paymentDate: string, today: string): boolean {
  return paymentDate >= addDays(today, servicing.achRevocationNoticeDays);
}

export const cancelMessages = {
  tooLate: (date: string) =>
    `The payment on ${formatTableDate(date)} can no longer be cancelled: a payment is cancelled at least ${servicing.achRevocationNoticeDays} days before its date.`,
  notScheduled: "That payment is no longer scheduled.",
} as const;
