import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { applications, ledgerEntries, lines, statements, transactions } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import type { PayFrequency } from "#domain/config";
import { ServicingError } from "./context";
import type { Book, EntryKind, IssuedStatement, LedgerEntry, LineStatus } from "./engine/index";

export type LineRow = typeof lines.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

/** One line's rows, read in one round trip, and the engine's book made of them. */
export interface LineRecords {
  line: LineRow;
  application: ApplicationRow | undefined;
  book: Book;
  statementRows: StatementRow[];
  /** Draw requests not yet funded and one-time payments not yet posted. */
  pending: TransactionRow[];
}

export function toLedgerEntry(row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as EntryKind,
    amountCents: row.amountCents,
    effectiveDate: row.effectiveDate,
    postedAt: row.postedAt,
    reversesId: row.reversesId,
    origin: row.origin as LedgerEntry["origin"],
    feeCents: row.feeCents,
    reference: row.reference,
  };
}

export function toIssuedStatement(row: StatementRow): IssuedStatement {
  return {
    id: row.id,
    statementDate: row.statementDate,
    dueDate: row.dueDate,
    createdAt: row.createdAt,
    periodStart: row.periodStart,
    previousBalanceCents: row.previousBalanceCents,
    drawsCents: row.drawsCents,
    paymentsCents: row.paymentsCents,
    returnsCents: row.returnsCents,
    feeCents: row.feeCents,
    newBalanceCents: row.balanceCents,
    principalCents: row.principalCents,
    pastDueCents: row.pastDueCents,
    minimumDueCents: row.minimumDueCents,
    totalMinimumDueCents: row.totalMinimumDueCents,
  };
}

export function lineFacts(line: LineRow): Book["line"] {
  return {
    id: line.id,
    creditLimitCents: line.creditLimitCents,
    payFrequency: line.payFrequency as PayFrequency,
    payAnchorDate: line.payAnchorDate,
    repaymentMethod: line.repaymentMethod,
    status: line.status as LineStatus,
    openedOn: line.openedAt === null ? null : easternDateTime(new Date(line.openedAt)).date,
    chargedOffOn: line.chargedOffOn,
  };
}

export async function readLine(db: Database, line: LineRow): Promise<LineRecords> {
  const [fresh, entryRows, statementRows, pending, applicationRows] = await db.batch([
    db.select().from(lines).where(eq(lines.id, line.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.lineId, line.id)),
    db.select().from(statements).where(eq(statements.lineId, line.id)).orderBy(asc(statements.dueDate)),
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.lineId, line.id), eq(transactions.status, "pending")))
      .orderBy(asc(transactions.effectiveDate), asc(transactions.createdAt)),
    db.select().from(applications).where(eq(applications.id, line.applicationId)).limit(1),
  ]);
  const current = fresh[0] ?? line;
  return {
    line: current,
    application: applicationRows[0],
    statementRows,
    pending,
    book: {
      line: lineFacts(current),
      entries: entryRows.map(toLedgerEntry),
      statements: statementRows.map(toIssuedStatement),
      scheduled: pending
        .filter((t) => t.code === "P")
        .map((t) => ({ id: t.id, amountCents: t.amountCents, effectiveDate: t.effectiveDate })),
    },
  };
}

/** The customer's current line (the newest), or a 404 the pages can explain. */
export async function customerLine(db: Database, customerId: string): Promise<LineRow> {
  const line = await db
    .select()
    .from(lines)
    .where(eq(lines.customerId, customerId))
    .orderBy(desc(lines.createdAt))
    .get();
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  return line;
}
