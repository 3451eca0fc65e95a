import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ledgerEntries, transactions } from "../../db/schema/index";
import { easternDateTime } from "./calendar";
import { ServicingError } from "./context";

/**
 * Corrections never edit a row: a returned payment gets a payment_return row
 * that cancels it, a mistaken charge a reversal row. Balances, allocation and
 * standing are then re-derived from the ledger as if the cancelled row had
 * never been there.
 */
export async function returnPayment(db: Database, lineId: number, transactionId: number, now: Date): Promise<void> {
  const payment = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.id, `P${transactionId}`), eq(ledgerEntries.lineId, lineId))).get();
  if (!payment) throw new ServicingError(404, "No posted payment with that id on this line.");
  const at = now.getTime();
  await db.batch([
    db.insert(ledgerEntries).values({
      id: `R${transactionId}`,
      lineId,
      kind: "payment_return",
      amountCents: payment.amountCents,
      // The banking day is Eastern: in the Eastern evening (from 7 p.m. EST, 8 p.m. EDT) the UTC date is already tomorrow.
      effectiveDate: easternDateTime(now).date,
      postedAt: at,
      reversesId: payment.id,
      description: "Returned payment",
    }).onConflictDoNothing(),
    db.update(transactions).set({ status: "returned" }).where(eq(transactions.id, transactionId)),
  ]);
}

export async function reverseEntry(db: Database, lineId: number, entryId: string, reason: string, now: Date): Promise<void> {
  const entry = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.lineId, lineId))).get();
  if (!entry) throw new ServicingError(404, "No such ledger row on this line.");
  await db.insert(ledgerEntries).values({
    id: `X${entryId}`,
    lineId,
    kind: "reversal",
    amountCents: entry.amountCents,
    effectiveDate: easternDateTime(now).date,
    postedAt: now.getTime(),
    reversesId: entry.id,
    description: reason,
  }).onConflictDoNothing();
}
