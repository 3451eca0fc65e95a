import { daysBetween } from "#domain/calendar";
import { debitsOn } from "#domain/rules/autopay";
import { replay } from "./replay";
import { cycleOfFrequency, projectedDueDate, statementDateFor } from "./schedule";
import type { AccountState, Book, Standing, StatementStanding } from "./types";

/**
 * The one account-state engine (decision record 013): every figure a page,
 * a statement, the cron or a rule needs about a line, as of `today` after
 * today's servicing run. Pure: the same book and day give the same answer.
 */
export function accountState(book: Book, today: string): AccountState {
  const { line } = book;
  const chargedOff = line.chargedOffOn !== null && line.chargedOffOn <= today;
  const replayed = replay(book.entries, book.statements, today, line.chargedOffOn);
  const balance = replayed.principalCents + replayed.unpaidFeesCents;
  const passed = (s: StatementStanding) => s.dueDate <= today;
  const pastDue = sum(replayed.statements.filter(passed));
  const currentDue = sum(replayed.statements.filter((s) => !passed(s)));
  const standing = standingOf(line.status, chargedOff, pastDue);
  const scheduledCents = book.scheduled.reduce((total, p) => total + p.amountCents, 0);
  const next = nextDue(book, today, standing, balance, replayed.statements);
  const available = Math.max(0, line.creditLimitCents - balance);
  return {
    today,
    standing,
    principalCents: replayed.principalCents,
    unpaidFeesCents: replayed.unpaidFeesCents,
    balanceCents: balance,
    unappliedCents: replayed.unappliedCents,
    creditLimitCents: line.creditLimitCents,
    availableCreditCents: available,
    closing: line.status === "open" && line.closeRequestedOn != null,
    // A line closing at the borrower's request offers no credit to draw (decision record 025).
    shownAvailableCreditCents: standing === "current" && line.closeRequestedOn == null ? available : 0,
    statements: replayed.statements,
    pastDueCents: pastDue,
    currentDueCents: currentDue,
    nextMinimumDueCents: chargedOff ? balance : pastDue + currentDue,
    nextDueDate: next.dueDate,
    nextStatementDate: next.statementDate,
    daysPastDue: daysPastDue(replayed.statements, today),
    scheduledCount: book.scheduled.length,
    scheduledCents,
    payoffCents: Math.max(0, balance - scheduledCents),
    nextAutomaticPayment: nextAutomaticPayment(book, today, standing, replayed.statements),
    payments: replayed.payments,
  };
}

const sum = (statements: StatementStanding[]) => statements.reduce((total, s) => total + s.unpaidCents, 0);

function standingOf(status: Book["line"]["status"], chargedOff: boolean, pastDueCents: number): Standing {
  if (status !== "open") return status;
  if (chargedOff) return "charged_off";
  return pastDueCents > 0 ? "delinquent" : "current";
}

/** Days since the earliest due date (on or before today) whose minimum is still unpaid. */
function daysPastDue(statements: StatementStanding[], today: string): number {
  const earliest = statements.find((s) => s.dueDate <= today && s.unpaidCents > 0);
  return earliest ? daysBetween(earliest.dueDate, today) : 0;
}

/**
 * The earliest due date of an issued statement not yet passed that still
 * owes something (or simply the earliest, when none does: a holiday can move
 * a due date past the next statement's issue, and a paid due date must not
 * look like the day the next minimum is due); with none and a balance, the
 * due date of the next statement to come, with that statement's date (so a
 * page can say nothing is billed before then rather than show a due date
 * with a $0.00 minimum); none once charged off or closed.
 */
function nextDue(
  book: Book,
  today: string,
  standing: Standing,
  balance: number,
  statements: StatementStanding[],
): { dueDate: string | null; statementDate: string | null } {
  const none = { dueDate: null, statementDate: null };
  if (standing !== "current" && standing !== "delinquent") return none;
  const ahead = statements.filter((s) => s.dueDate > today).sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1));
  const issued = (ahead.find((s) => s.unpaidCents > 0) ?? ahead[0])?.dueDate;
  if (issued) return { dueDate: issued, statementDate: null };
  const firstDraw = firstDrawDate(book);
  if (balance <= 0 || !firstDraw) return none;
  const projected = projectedDueDate(
    book.line.payAnchorDate,
    cycleOfFrequency(book.line.payFrequency),
    firstDraw,
    today,
  );
  return { dueDate: projected, statementDate: statementDateFor(projected) };
}

export function firstDrawDate(book: Pick<Book, "entries">): string | null {
  return (
    book.entries
      .filter((e) => e.kind === "draw")
      .map((e) => e.effectiveDate)
      .sort()[0] ?? null
  );
}

/**
 * EFT borrowers, open and not charged off: the first due date of an issued
 * statement ahead on which a debit will be taken, for the unpaid minimums
 * due on or before it, less one-time payments scheduled on or before it
 * (0-decisions.md, "Automatic payments"); none when no debit is coming.
 */
function nextAutomaticPayment(
  book: Book,
  today: string,
  standing: Standing,
  statements: StatementStanding[],
): AccountState["nextAutomaticPayment"] {
  if (book.line.repaymentMethod !== "A" || (standing !== "current" && standing !== "delinquent")) return null;
  const ahead = [...new Set(statements.filter((s) => s.dueDate > today).map((s) => s.dueDate))].sort();
  for (const date of ahead) {
    // After a revocation's notice no debit is taken (decision record 024).
    if (!debitsOn(book.line, date)) return null;
    const owed = sum(statements.filter((s) => s.dueDate <= date));
    const scheduled = book.scheduled
      .filter((p) => p.effectiveDate <= date)
      .reduce((total, p) => total + p.amountCents, 0);
    if (owed > scheduled) return { date, amountCents: owed - scheduled };
  }
  return null;
}
