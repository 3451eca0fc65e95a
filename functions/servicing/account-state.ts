import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { applications, ledgerEntries, lines, statements, transactions } from "../../db/schema/index";
import { billingCycleFor } from "../fees";
import type { PayFrequency } from "../config";
import { standingOf, type Standing } from "../rules/standing";
import { easternDateTime } from "./calendar";
import { ServicingError } from "./context";
import { deriveAccount, type DerivedAccount, type EntryKind, type LedgerEntry } from "./ledger";

export type LineRow = typeof lines.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;

/** Everything about one line as of a moment: rows read once, balances derived. */
export interface AccountState {
  line: LineRow;
  application: typeof applications.$inferSelect | undefined;
  requestedDrawCents: number;
  entries: LedgerEntry[];
  statements: StatementRow[];
  pending: TransactionRow[];
  derived: DerivedAccount;
  standing: Standing;
  today: string;
}

export function toLedgerEntry(row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as EntryKind,
    amountCents: row.amountCents,
    effectiveDate: row.effectiveDate,
    postedAt: row.postedAt,
    reversesId: row.reversesId,
    adjustmentTarget: (row.adjustmentTarget as "fees" | "principal" | null) ?? undefined,
  };
}

export async function loadLineState(db: Database, line: LineRow, now: Date): Promise<AccountState> {
  // One round trip to D1 for the four reads.
  const [entryRows, statementRows, pending, applicationRows] = await db.batch([
    db.select().from(ledgerEntries).where(eq(ledgerEntries.lineId, line.id)),
    db.select().from(statements).where(eq(statements.lineId, line.id)).orderBy(asc(statements.dueDate)),
    db.select().from(transactions).where(and(eq(transactions.lineId, line.id), eq(transactions.status, "pending"))).orderBy(asc(transactions.effectiveDate)),
    db.select().from(applications).where(eq(applications.id, line.applicationId)).limit(1),
  ]);
  const application = applicationRows[0];
  const today = easternDateTime(now).date;
  const entries = entryRows.map(toLedgerEntry);
  const derived = deriveAccount(entries, statementRows, today, line.creditLimitCents);
  const chargedOff = line.chargedOffAt !== null || derived.chargedOff;
  return {
    line,
    application,
    requestedDrawCents: application?.requestedDrawCents ?? 0,
    entries,
    statements: statementRows,
    pending,
    derived: chargedOff ? { ...derived, chargedOff, minimumDueCents: derived.balanceCents } : derived,
    standing: standingOf({ lineStatus: line.status, chargedOff, pastDueCents: derived.pastDueCents }),
    today,
  };
}

/** The customer's current line (the newest), or a 404 the pages can explain. */
export async function loadCustomerState(db: Database, customerId: string, now: Date): Promise<AccountState> {
  const line = await db.select().from(lines).where(eq(lines.customerId, customerId)).orderBy(desc(lines.createdAt)).get();
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  return loadLineState(db, line, now);
}

export function cycleOf(line: LineRow) {
  return billingCycleFor(line.payFrequency as PayFrequency);
}
