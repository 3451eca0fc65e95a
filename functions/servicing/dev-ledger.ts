import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, lines, transactions } from "#db/schema/servicing";
import { cycleOf, loadLineState } from "./account-state";

/**
 * Development only: one borrower's line as the servicing core sees it at the
 * servicing clock's `now`: the raw ledger rows, the statements, the draw and
 * payment requests, and the figures derived from the rows. The whole-journey
 * browser test (tests/journey-e2e) reconciles every page against this to the
 * cent, so it is the ledger itself, not another rendering of the summary.
 */
export async function ledgerFor(db: Database, email: string, now: Date) {
  const owners = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).all();
  if (owners.length === 0) return null;
  const line = await db
    .select()
    .from(lines)
    .where(
      inArray(
        lines.customerId,
        owners.map((o) => o.id),
      ),
    )
    .orderBy(desc(lines.createdAt))
    .get();
  if (!line) return null;
  const [state, requests] = await Promise.all([
    loadLineState(db, line, now),
    db.select().from(transactions).where(eq(transactions.lineId, line.id)).orderBy(transactions.id).all(),
  ]);
  const { payments: _allocations, ...figures } = state.figures;
  return {
    now: now.toISOString(),
    today: state.today,
    lineId: line.id,
    status: line.status,
    standing: figures.standing,
    repaymentMethod: line.repaymentMethod,
    cycle: cycleOf(line),
    payAnchorDate: line.payAnchorDate,
    creditLimitCents: line.creditLimitCents,
    entries: state.book.entries,
    statements: state.book.statements,
    transactions: requests.map((t) => ({
      id: t.id,
      code: t.code,
      amountCents: t.amountCents,
      effectiveDate: t.effectiveDate,
      status: t.status,
    })),
    figures,
  };
}

export type DevLedger = NonNullable<Awaited<ReturnType<typeof ledgerFor>>>;
