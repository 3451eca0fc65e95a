import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { ledgerEntries, statements, transactions } from "#db/line/tables";
import { applications, lines } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import type { PayFrequency } from "#domain/config";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import type { Book, EntryKind, IssuedStatement, LedgerEntry, LineStatus, StatementNotices } from "./engine/index";

export type LineRow = typeof lines.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;

/**
 * What a line's read takes of its application: what the summary, the
 * postings and the servicing run use. Not the encrypted bank account number,
 * the request's address or browser: every portal page reads this row.
 */
const lineApplicationColumns = {
  id: applications.id,
  customerId: applications.customerId,
  status: applications.status,
  approvedLimitCents: applications.approvedLimitCents,
  requestedDrawCents: applications.requestedDrawCents,
  incomeSource: applications.incomeSource,
  employerName: applications.employerName,
  workPhone: applications.workPhone,
  workPhoneExt: applications.workPhoneExt,
  incomePaymentMethod: applications.incomePaymentMethod,
  takeHomeCents: applications.takeHomeCents,
  payFrequency: applications.payFrequency,
  bankAccountLast4: applications.bankAccountLast4,
  repaymentMethod: applications.repaymentMethod,
};
export type ApplicationRow = { [K in keyof typeof lineApplicationColumns]: (typeof applications.$inferSelect)[K] };

/** The ledger's columns the engine reads (toLedgerEntry): not the line (known) or the description (never shown). */
const ledgerColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amountCents: ledgerEntries.amountCents,
  effectiveDate: ledgerEntries.effectiveDate,
  postedAt: ledgerEntries.postedAt,
  reversesId: ledgerEntries.reversesId,
  origin: ledgerEntries.origin,
  feeCents: ledgerEntries.feeCents,
  reference: ledgerEntries.reference,
};
type LedgerRow = { [K in keyof typeof ledgerColumns]: (typeof ledgerEntries.$inferSelect)[K] };

/** One line's rows, read in one round trip, and the engine's book made of them. */
export interface LineRecords {
  line: LineRow;
  application: ApplicationRow | undefined;
  book: Book;
  statementRows: StatementRow[];
  /** Draw requests not yet funded and one-time payments not yet posted. */
  pending: TransactionRow[];
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
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
    creditsCents: row.creditsCents,
    feeCents: row.feeCents,
    newBalanceCents: row.balanceCents,
    principalCents: row.principalCents,
    pastDueCents: row.pastDueCents,
    minimumDueCents: row.minimumDueCents,
    totalMinimumDueCents: row.totalMinimumDueCents,
    notices: noticesOfRow(row),
  };
}

/** A statement's notices as issued, or null for one issued before statements carried them. */
function noticesOfRow(row: StatementRow): StatementNotices | null {
  if (row.noticesEdition === null) return null;
  return {
    edition: row.noticesEdition,
    payoffStatements: row.payoffStatements,
    payoffMonths: row.payoffMonths,
    payoffFeesCents: row.payoffFeesCents,
    billingErrorAddress: (row.billingErrorAddress ?? "").split("\n"),
    chargeOffAfterDays: row.chargeOffAfterDays ?? 0,
  };
}

/** The columns a statement's notices are kept in (noticesOfRow reads them back). */
export function noticeColumns(notices: StatementNotices | null | undefined) {
  return {
    notices_edition: notices?.edition ?? null,
    payoff_statements: notices?.payoffStatements ?? null,
    payoff_months: notices?.payoffMonths ?? null,
    payoff_fees_cents: notices?.payoffFeesCents ?? null,
    billing_error_address: notices ? notices.billingErrorAddress.join("\n") : null,
    charge_off_after_days: notices?.chargeOffAfterDays ?? null,
  };
}

export function lineFacts(line: LineRow): Book["line"] {
  return {
    id: line.id,
    creditLimitCents: line.creditLimitCents,
    payFrequency: line.payFrequency as PayFrequency,
    payAnchorDate: line.payAnchorDate,
    repaymentMethod: line.repaymentMethod,
    autopayEndsOn: line.autopayEndsOn,
    closeRequestedOn: line.closeRequestedOn,
    status: line.status as LineStatus,
    openedOn: line.openedAt === null ? null : easternDateTime(new Date(line.openedAt)).date,
    chargedOffOn: line.chargedOffOn,
    closedOn: line.closedAt === null ? null : easternDateTime(new Date(line.closedAt)).date,
    closureReason: line.closureReason,
    reopenedOn: line.reopenedOn,
  };
}

/**
 * Whether the store being read keeps the line's ledger, statements and requests: a line keeps them
 * where it opened, its own object (decision record 032). The shared database holds a line never
 * opened (awaiting its signature, or withdrawn), which has none anywhere, or one marked moved, whose
 * rows are its object's alone: neither is read for them there.
 */
export const keepsRowsHere = (line: Pick<LineRow, "openedAt" | "status">): boolean =>
  line.openedAt !== null && line.status !== "moved";

/**
 * The two reads every line has, for one batch: the line and its application. The ids may be values
 * or SQL (a sub-select of the customer's newest line, so a call can read a line it has not looked up
 * yet in the same batch as its token).
 */
export function lineHeadQueries(db: Database, lineId: number | SQL, applicationId: number | SQL) {
  return [
    db.select().from(lines).where(eq(lines.id, lineId)),
    db.select(lineApplicationColumns).from(applications).where(eq(applications.id, applicationId)).limit(1),
  ] as const;
}

/** The line's ledger, its statements and its pending requests: read only where the line keeps them. */
function lineRowQueries(db: Database, lineId: number) {
  return [
    db.select(ledgerColumns).from(ledgerEntries).where(eq(ledgerEntries.lineId, lineId)),
    db.select().from(statements).where(eq(statements.lineId, lineId)).orderBy(asc(statements.dueDate)),
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.lineId, lineId), eq(transactions.status, "pending")))
      .orderBy(asc(transactions.effectiveDate), asc(transactions.createdAt)),
  ] as const;
}

function recordsOf(
  line: LineRow,
  application: ApplicationRow | undefined,
  [entryRows, statementRows, pending]: readonly [LedgerRow[], StatementRow[], TransactionRow[]],
): LineRecords {
  return {
    line,
    application,
    statementRows,
    pending,
    book: {
      line: lineFacts(line),
      entries: entryRows.map(toLedgerEntry),
      statements: statementRows.map(toIssuedStatement),
      scheduled: pending
        .filter((t) => t.code === "P")
        .map((t) => ({ id: t.id, amountCents: t.amountCents, effectiveDate: t.effectiveDate })),
    },
  };
}

/**
 * The records of a line from its head reads (lineHeadQueries), null when there is no such line. A line
 * that keeps its rows in this store (a line's object, read as the shared database is) reads them next.
 */
export async function lineRecordsOf(
  db: Database,
  [fresh, applicationRows]: readonly [LineRow[], ApplicationRow[]],
): Promise<LineRecords | null> {
  const line = fresh[0];
  if (!line) return null;
  return keepsRowsHere(line) ? readLine(db, line) : recordsOf(line, applicationRows[0], [[], [], []]);
}

/** One line's records, read in one round trip: its rows only where the line keeps them. */
export async function readLine(db: Database, line: LineRow): Promise<LineRecords> {
  const head = lineHeadQueries(db, line.id, line.applicationId);
  if (!keepsRowsHere(line)) {
    const [fresh, application] = await db.batch(head);
    return recordsOf(fresh[0] ?? line, application[0], [[], [], []]);
  }
  const [fresh, application, ...rows] = await db.batch([...head, ...lineRowQueries(db, line.id)]);
  return recordsOf(fresh[0] ?? line, application[0], rows);
}

/** The customer's newest line, as SQL for lineHeadQueries: `customerId` a value or SQL itself (a token's customer). */
export function newestLineOf(customerId: string | SQL) {
  const line = sql`(SELECT id FROM ${lines} WHERE ${lines.customerId} = ${customerId} ORDER BY ${lines.createdAt} DESC LIMIT 1)`;
  const application = sql`(SELECT ${lines.applicationId} FROM ${lines} WHERE ${lines.id} = ${line})`;
  return { line, application };
}

/** The customer's current line (the newest), or a 404 the pages can explain. */
export async function customerLine(db: Database, customerId: string): Promise<LineRow> {
  const line = await latestLine(db, customerId);
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  return line;
}
