import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, lines } from "#db/schema/servicing";
import { addBusinessDays } from "#domain/calendar";
import { type LineState, loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { returnPayment } from "./corrections";
import { type LedgerEntry, RETURN_WINDOW_BUSINESS_DAYS, returnProblem, returnProblemMessages } from "./engine/index";

/**
 * Development only: a person trying the product returns a borrower's payment
 * as a bank would (insufficient funds), from /dev/clock, `npm run clock --
 * return` or POST /api/dev/return (0-decisions.md, "Returns"). Which payments
 * may be returned is the engine's returnProblem; the return itself is
 * returnPayment, the same correction the servicing core makes.
 */
export interface ReturnablePayment {
  /** The ledger row (what returnPayment takes). */
  entryId: string;
  /** The Trans. ID the borrower reads on /transactions. */
  transactionId: string;
  postedOn: string;
  amountCents: number;
  description: "Payment" | "Automatic Payment";
  /** The last day it may be returned. */
  returnableUntil: string;
}

export const devReturnMessages = {
  noLine: "No line of credit for this e-mail address.",
  noneReturnable: `This borrower has no payment that can be returned now: a payment can be returned only up to ${RETURN_WINDOW_BUSINESS_DAYS} business days after it posts, and only once.`,
} as const;

/** The borrower's newest line, as the dev ledger finds it. */
async function lineForEmail(db: Database, email: string) {
  const owners = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email.trim().toLowerCase()))
    .all();
  if (owners.length === 0) return null;
  return (
    (await db
      .select()
      .from(lines)
      .where(
        inArray(
          lines.customerId,
          owners.map((o) => o.id),
        ),
      )
      .orderBy(desc(lines.createdAt))
      .get()) ?? null
  );
}

function returnable(state: LineState): ReturnablePayment[] {
  return state.book.entries
    .filter((e) => e.kind === "payment" && returnProblem(state.book, e.id, state.today) === null)
    .sort((a, b) =>
      a.effectiveDate === b.effectiveDate ? b.postedAt - a.postedAt : a.effectiveDate < b.effectiveDate ? 1 : -1,
    )
    .map((e) => ({
      entryId: e.id,
      transactionId: e.reference ? String(e.reference) : "",
      postedOn: e.effectiveDate,
      amountCents: e.amountCents,
      description: e.origin === "automatic" ? "Automatic Payment" : "Payment",
      returnableUntil: addBusinessDays(e.effectiveDate, RETURN_WINDOW_BUSINESS_DAYS),
    }));
}

/** The borrower's payments that may still be returned, newest first; null when the e-mail has no line. */
export async function returnablePayments(
  db: Database,
  email: string,
  now: Date,
): Promise<{ lineId: number; today: string; payments: ReturnablePayment[] } | null> {
  const line = await lineForEmail(db, email);
  if (!line) return null;
  const state = await loadLineState(db, line, now);
  return { lineId: line.id, today: state.today, payments: returnable(state) };
}

/** A payment named by its Trans. ID or its ledger row id. */
function paymentNamed(entries: readonly LedgerEntry[], paymentId: string): LedgerEntry | undefined {
  return entries.find(
    (e) =>
      e.kind === "payment" &&
      (e.id === paymentId || (e.reference !== null && e.reference !== undefined && String(e.reference) === paymentId)),
  );
}

/**
 * Returns the named payment, or the latest returnable one when none is named.
 * Refusals (unknown, already returned, not yet posted, too late) are
 * ServicingErrors with the engine's messages. Answers the line's standing
 * afterwards, so a person sees what the return did.
 */
export async function devReturnPayment(db: Database, email: string, paymentId: string | undefined, now: Date) {
  const line = await lineForEmail(db, email);
  if (!line) throw new ServicingError(404, devReturnMessages.noLine);
  const before = await loadLineState(db, line, now);
  const entry = paymentId
    ? paymentNamed(before.book.entries, paymentId)
    : before.book.entries.find((e) => e.id === returnable(before)[0]?.entryId);
  if (!entry)
    throw paymentId
      ? new ServicingError(404, returnProblemMessages.unknown)
      : new ServicingError(422, devReturnMessages.noneReturnable);
  const { amountCents, returnedOn } = await returnPayment(db, line.id, entry.id, now);
  const after = await loadLineState(db, line, now);
  return {
    returned: {
      transactionId: entry.reference ? String(entry.reference) : "",
      entryId: entry.id,
      postedOn: entry.effectiveDate,
      amountCents,
      returnedOn,
    },
    standing: after.figures.standing,
    pastDueCents: after.figures.pastDueCents,
    nextMinimumDueCents: after.figures.nextMinimumDueCents,
  };
}
