import { servicing } from "../config";
import { addDays, isBusinessDay } from "../servicing/calendar";

/**
 * One-time payment rules (spec file 3 and 0-decisions.md), shared by the
 * payments page and the platform: which options, which default, which dates.
 */
export type PaymentOption = "minimum" | "full" | "other";

export interface PaymentFacts {
  chargedOff: boolean;
  minimumDueCents: number;
  balanceCents: number;
  achEffectiveDate: string;
  nextPaymentDate: string | null;
}

const onOrBeforeDue = (f: PaymentFacts) => f.nextPaymentDate !== null && f.achEffectiveDate <= f.nextPaymentDate;

/** Options a person may pick: minimum is hidden when charged off, disabled with no minimum or past the due date. */
export function paymentOptions(f: PaymentFacts): Record<PaymentOption, boolean> {
  return {
    minimum: !f.chargedOff && f.minimumDueCents > 0 && onOrBeforeDue(f),
    full: f.balanceCents > 0 && (f.chargedOff || onOrBeforeDue(f)),
    other: f.balanceCents > 0,
  };
}

/** The default selection (spec file 3, section 4). */
export function defaultPaymentOption(f: PaymentFacts): PaymentOption {
  if (f.chargedOff) return onOrBeforeDue(f) ? "full" : "other";
  if (f.minimumDueCents > 0 && onOrBeforeDue(f)) return "minimum";
  return onOrBeforeDue(f) ? "full" : "other";
}

/**
 * The payment window: from the ACH effective date to the next due date; for
 * Other Amount, and Pay Off Balance on a charged-off account, to the
 * effective date plus maxNoOfAchEffectiveDays (45).
 */
export function paymentWindow(option: PaymentOption, f: PaymentFacts): { from: string; to: string } {
  const wide = option === "other" || (option === "full" && f.chargedOff) || !f.nextPaymentDate;
  return { from: f.achEffectiveDate, to: wide ? addDays(f.achEffectiveDate, servicing.maxNoOfAchEffectiveDays) : f.nextPaymentDate! };
}

export function paymentDateAllowed(date: string, option: PaymentOption, f: PaymentFacts): boolean {
  const { from, to } = paymentWindow(option, f);
  return date >= from && date <= to && isBusinessDay(date);
}

/**
 * Make a payment (spec file 3, section 4): the account page's button is
 * disabled, and the method and date steps lock, when the pending-payment cap
 * is reached or nothing is owed. The page opens only when the line has a limit.
 */
export function paymentsLocked(f: { balanceCents: number; pendingCount: number; maxPending: number }): "pendingLimit" | "nothingOwed" | null {
  if (f.pendingCount >= f.maxPending) return "pendingLimit";
  if (f.balanceCents <= 0) return "nothingOwed";
  return null;
}
