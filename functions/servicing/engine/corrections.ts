import { addBusinessDays } from "#domain/calendar";
import { RETURN_WINDOW_BUSINESS_DAYS } from "./actions";
import { cancelledIds } from "./replay";
import type { Book, LedgerEntry } from "./types";

/**
 * The servicing desk's two corrections of money (decision record 022), each
 * a reversal row that cancels an earlier row, so the ledger is never edited
 * and the replay leaves the cancelled row out:
 * - a carried balance fee waived (unpaid) or refunded (paid): its statement's
 *   fee and minimum lose the fee; what payments paid toward it applies again
 *   down the waterfall (the next unpaid minimum, then principal, then a credit);
 * - a posted payment reversed (taken in error, or reversed by the bank after
 *   the return window): what it paid is unpaid again, like a return.
 * Pure, so the desk's service and the money lives build them the same way.
 */
export type CorrectionKind = "waive fee" | "reverse payment";

export type CorrectionProblem = "unknown" | "closed" | "alreadyCancelled" | "notYetPosted";

export const correctionProblemMessages: Record<CorrectionKind, Record<CorrectionProblem, string>> = {
  "waive fee": {
    unknown: "No carried balance fee with that id on this line.",
    closed: "The line is closed: there is no fee to waive.",
    alreadyCancelled: "That fee was already waived.",
    notYetPosted: "That fee has not been billed yet.",
  },
  "reverse payment": {
    unknown: "No posted payment with that id on this line.",
    closed: "The line is closed: its payments can no longer be reversed here.",
    alreadyCancelled: "That payment was already returned or reversed.",
    notYetPosted: "That payment has not posted yet: cancel it instead.",
  },
};

const TARGET_KIND: Record<CorrectionKind, LedgerEntry["kind"]> = {
  "waive fee": "carried_balance_fee",
  "reverse payment": "payment",
};

/** Why the correction cannot be made today, or null. */
export function correctionProblem(
  book: Pick<Book, "entries" | "line">,
  kind: CorrectionKind,
  entryId: string,
  day: string,
): CorrectionProblem | null {
  const target = book.entries.find((e) => e.id === entryId && e.kind === TARGET_KIND[kind]);
  if (!target) return "unknown";
  if (book.line.status === "closed") return "closed";
  if (cancelledIds(book.entries, "9999-12-31").has(target.id)) return "alreadyCancelled";
  if (target.effectiveDate > day) return "notYetPosted";
  return null;
}

/** The reversal row of a correction, dated the day it was approved. */
export function correctionEntry(
  target: Pick<LedgerEntry, "id" | "amountCents">,
  reference: number,
  day: string,
  at: number,
): LedgerEntry {
  return {
    id: `X${target.id}`,
    kind: "reversal",
    amountCents: target.amountCents,
    effectiveDate: day,
    postedAt: at,
    reversesId: target.id,
    reference,
  };
}

/** The rows each correction may name today: fees not yet waived, payments posted and not returned or reversed. */
export function correctable(book: Pick<Book, "entries">, kind: CorrectionKind, day: string): LedgerEntry[] {
  const cancelled = cancelledIds(book.entries, "9999-12-31");
  return book.entries.filter((e) => e.kind === TARGET_KIND[kind] && !cancelled.has(e.id) && e.effectiveDate <= day);
}

/** Whether a posted payment could still be returned by the bank on `day` (the return window of 0-decisions.md). */
export function paymentReturnable(book: Pick<Book, "entries">, day: string): boolean {
  const cancelled = cancelledIds(book.entries, "9999-12-31");
  return book.entries.some(
    (e) =>
      e.kind === "payment" &&
      !cancelled.has(e.id) &&
      e.effectiveDate <= day &&
      day <= addBusinessDays(e.effectiveDate, RETURN_WINDOW_BUSINESS_DAYS),
  );
}
