import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, lines } from "#db/schema/servicing";
import { cycleOf, loadLineState } from "./account-state";
import { lineRequests } from "./objects/homes";

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
  // A moved line's rows are its object's (decision record 032): its state and requests are read there.
  const [state, requests] = await Promise.all([loadLineState(db, line, now), lineRequests(db, line)]);
  const current = state.line;
  const { payments: _allocations, ...figures } = state.figures;
  return {
    now: now.toISOString(),
    today: state.today,
    lineId: line.id,
    status: current.status,
    standing: figures.standing,
    repaymentMethod: current.repaymentMethod,
    cycle: cycleOf(current),
    payAnchorDate: current.payAnchorDate,
    creditLimitCents: current.creditLimitCents,
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
