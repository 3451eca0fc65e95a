import { addBusinessDays } from "#domain/calendar";
import type { BillingCycle } from "#domain/config";
import { cashAdvanceFee } from "#domain/fees";
import { cancelledIds } from "./replay";
import type { Book, LedgerEntry } from "./types";

/**
 * The rows a borrower's actions add, and the rule for returns: pure, so the
 * posting service and the property tests build them the same way.
 */

/** A draw: one row for the full amount (all of it principal); the fee kept from the deposit is its detail. */
export function drawEntry(
  reference: number,
  amountCents: number,
  cycle: BillingCycle,
  day: string,
  at: number,
): LedgerEntry {
  return {
    id: `D${reference}`,
    kind: "draw",
    amountCents,
    feeCents: cashAdvanceFee(amountCents, cycle),
    effectiveDate: day,
    postedAt: at,
    reference,
  };
}

/** Returns are accepted on the posting day and up to this many business days after (0-decisions.md). */
export const RETURN_WINDOW_BUSINESS_DAYS = 2;

export type ReturnProblem = "unknown" | "alreadyReturned" | "notYetPosted" | "tooLate";

export function returnProblem(book: Pick<Book, "entries">, paymentId: string, day: string): ReturnProblem | null {
  const payment = book.entries.find((e) => e.id === paymentId && e.kind === "payment");
  if (!payment) return "unknown";
  if (cancelledIds(book.entries, "9999-12-31").has(payment.id)) return "alreadyReturned";
  if (payment.effectiveDate > day) return "notYetPosted";
  if (day > addBusinessDays(payment.effectiveDate, RETURN_WINDOW_BUSINESS_DAYS)) return "tooLate";
  return null;
}

export const returnProblemMessages: Record<ReturnProblem, string> = {
  unknown: "No posted payment with that id on this line.",
  alreadyReturned: "That payment was already returned.",
  notYetPosted: "That payment has not posted yet.",
  tooLate: `A payment can be returned only up to ${RETURN_WINDOW_BUSINESS_DAYS} business days after it posts.`,
};

/** The returned payment's reversing row, dated the day of the return. */
export function returnEntry(
  payment: Pick<LedgerEntry, "id" | "amountCents">,
  reference: number,
  day: string,
  at: number,
): LedgerEntry {
  return {
    id: `R${payment.id}`,
    kind: "payment_return",
    amountCents: payment.amountCents,
    effectiveDate: day,
    postedAt: at,
    reversesId: payment.id,
    reference,
  };
}
