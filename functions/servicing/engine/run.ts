import { addDays, daysBetween } from "#domain/calendar";
import { servicing } from "#domain/config";
import { debitsOn } from "#domain/rules/autopay";
import { closesAtOnce } from "#domain/rules/closure";
import { paymentReturnable } from "./corrections";
import { activitySince, addMonths, lastIssued } from "./cycle";
import { noticesOf, statementBill } from "./projection";
import { cycleOfFrequency, dueDateIssuedOn, firstDueDate } from "./schedule";
import { accountState, firstDrawDate } from "./state";
import type { AccountState, Book, IssuedStatement, LedgerEntry, ScheduledPayment } from "./types";

/**
 * The servicing run of one day (0-decisions.md, "Billing cycle and
 * servicing"), as rows to write: pure, so the cron, the demo seed and the
 * property tests run the very same code. In order: the day's scheduled
 * payments post; the automatic payment of a due date; due dates on or before
 * the day have passed; charge-off; closure; statements.
 */
export interface Notice {
  kind: "past_due" | "charged_off" | "closure_notice" | "closed" | "autopay_upcoming";
  /** With the line, what makes the notice once-only. */
  ref: string;
  state: AccountState;
  closesOn?: string;
  /** autopay_upcoming: the payment to be taken. */
  payment?: { date: string; amountCents: number };
}

export interface DayWork {
  day: string;
  posted: ScheduledPayment[];
  entries: LedgerEntry[];
  statements: IssuedStatement[];
  chargedOffOn: string | null;
  closure: ClosureReason | null;
  notices: Notice[];
}

export interface RunClock {
  /** When the rows are recorded. */
  at: number;
  /** A new short numeric transaction id. */
  reference: () => number;
}

export function serviceDay(book: Book, day: string, clock: RunClock): { book: Book; work: DayWork } {
  const work: DayWork = {
    day,
    posted: [],
    entries: [],
    statements: [],
    chargedOffOn: null,
    closure: null,
    notices: [],
  };
  if (book.line.status !== "open") return { book, work };
  let next = postScheduled(book, day, clock, work);
  next = postAutomatic(next, day, clock, work);
  next = chargeOffOrClose(next, day, work);
  if (next.line.status === "open" && next.line.chargedOffOn === null) next = issueStatement(next, day, clock, work);
  return { book: next, work };
}

function postScheduled(book: Book, day: string, clock: RunClock, work: DayWork): Book {
  const due = book.scheduled.filter((p) => p.effectiveDate <= day);
  if (due.length === 0) return book;
  work.posted.push(...due);
  const rows: LedgerEntry[] = due.map((p) => ({
    id: `P${p.id}`,
    kind: "payment",
    origin: "one_time",
    amountCents: p.amountCents,
    effectiveDate: p.effectiveDate,
    postedAt: clock.at,
    reference: p.id,
  }));
  work.entries.push(...rows);
  return {
    ...book,
    entries: [...book.entries, ...rows],
    scheduled: book.scheduled.filter((p) => p.effectiveDate > day),
  };
}

/** One debit per line per due date: its id is made of the two, so a repeated or racing run cannot add a second. */
/** Why a run closed a line: paid after charge-off, inactivity, or the borrower's request once paid. */
export type ClosureReason = "paid" | "inactivity" | "requested";

export const automaticPaymentId = (lineId: number, dueDate: string) => `A${lineId}-${dueDate}`;

function postAutomatic(book: Book, day: string, clock: RunClock, work: DayWork): Book {
  const { line } = book;
  if (!debitsOn(line, day) || line.chargedOffOn !== null || !book.statements.some((s) => s.dueDate === day))
    return book;
  const id = automaticPaymentId(line.id, day);
  if (book.entries.some((e) => e.id === id)) return book;
  const owed = accountState(book, day)
    .statements.filter((s) => s.dueDate <= day)
    .reduce((total, s) => total + s.unpaidCents, 0);
  if (owed <= 0) return book;
  const row: LedgerEntry = {
    id,
    kind: "payment",
    origin: "automatic",
    amountCents: owed,
    effectiveDate: day,
    postedAt: clock.at,
    reference: clock.reference(),
  };
  work.entries.push(row);
  return { ...book, entries: [...book.entries, row] };
}

function chargeOffOrClose(book: Book, day: string, work: DayWork): Book {
  const state = accountState(book, day);
  const overdue = state.statements.filter((s) => s.dueDate === day && s.unpaidCents > 0);
  if (overdue.length > 0 && book.line.chargedOffOn === null) work.notices.push({ kind: "past_due", ref: day, state });
  // A few days before an automatic payment is taken, the borrower hears of it (once per payment date).
  const automatic = state.nextAutomaticPayment;
  const daysAhead = automatic ? daysBetween(day, automatic.date) : 0;
  if (automatic && daysAhead > 0 && daysAhead <= servicing.autopayReminderDays)
    work.notices.push({ kind: "autopay_upcoming", ref: automatic.date, state, payment: automatic });
  if (book.line.chargedOffOn === null && state.daysPastDue > servicing.chargeOffAfterDaysPastDue) {
    work.chargedOffOn = day;
    const charged = { ...book, line: { ...book.line, chargedOffOn: day } };
    work.notices.push({ kind: "charged_off", ref: "1", state: accountState(charged, day) });
    return charged;
  }
  // Paid in full after charge-off: closed once no payment can still be returned (a return would leave a closed line owing).
  if (book.line.chargedOffOn !== null)
    return state.balanceCents === 0 && !paymentReturnable(book, day) ? close(book, day, "paid", state, work) : book;
  // Asked to close with a balance: closed once nothing is owed or scheduled (decision record 025).
  if (
    book.line.closeRequestedOn != null &&
    closesAtOnce(state.balanceCents, state.scheduledCount, paymentReturnable(book, day))
  )
    return close(book, day, "requested", state, work);
  const closesOn = inactivityClosure(book, state);
  if (closesOn === null) return book;
  if (day >= closesOn) return close(book, day, "inactivity", state, work);
  if (daysBetween(day, closesOn) <= servicing.closureNoticeDays)
    work.notices.push({ kind: "closure_notice", ref: closesOn, state, closesOn });
  return book;
}

function close(book: Book, day: string, reason: ClosureReason, state: AccountState, work: DayWork): Book {
  work.closure = reason;
  work.notices.push({ kind: "closed", ref: day, state });
  return { ...book, line: { ...book.line, status: "closed", closedOn: day, closureReason: reason } };
}

/**
 * When an open line at a zero balance closes for inactivity (0-decisions.md,
 * "Closure"), or null: 12 months after activation with no draw, two years at
 * zero balance with no activity. A reopened line counts from its reopening
 * as from an activation (decision record 028).
 */
export function inactivityClosure(book: Book, state: Pick<AccountState, "balanceCents">): string | null {
  const start = book.line.reopenedOn ?? book.line.openedOn;
  if (start == null || state.balanceCents > 0) return null;
  const since = book.entries.filter((e) => e.effectiveDate >= start);
  if (!since.some((e) => e.kind === "draw")) return addMonths(start, servicing.closeAfterMonthsWithoutDraw);
  const lastActivity = since
    .filter((e) => e.kind !== "carried_balance_fee" && e.kind !== "reversal")
    .map((e) => e.effectiveDate)
    .sort()
    .at(-1)!;
  return addMonths(lastActivity, servicing.closeAfterYearsAtZero * 12);
}

function issueStatement(book: Book, day: string, clock: RunClock, work: DayWork): Book {
  const { line } = book;
  const firstDraw = firstDrawDate(book);
  const cycle = cycleOfFrequency(line.payFrequency);
  const dueDate = firstDraw ? dueDateIssuedOn(line.payAnchorDate, cycle, day) : null;
  if (!firstDraw || !dueDate || dueDate < firstDueDate(line.payAnchorDate, cycle, firstDraw)) return book;
  if (book.statements.some((s) => s.dueDate === dueDate)) return book;
  const state = accountState(book, day);
  const last = lastIssued(book.statements);
  const cycleActivity = activitySince(book.entries, last, day);
  if (state.balanceCents <= 0 && !cycleActivity.any) return book;
  const {
    feeCents: fee,
    newBalanceCents: newBalance,
    minimumDueCents: minimum,
  } = statementBill(state.principalCents, state.balanceCents, cycle);
  const id = `S${line.id}-${dueDate}`;
  const statement: IssuedStatement = {
    id,
    statementDate: day,
    dueDate,
    createdAt: clock.at,
    periodStart: last?.statementDate ?? line.openedOn ?? firstDraw,
    previousBalanceCents: last?.newBalanceCents ?? 0,
    drawsCents: cycleActivity.drawsCents,
    paymentsCents: cycleActivity.paymentsCents,
    returnsCents: cycleActivity.returnsCents,
    creditsCents: cycleActivity.creditsCents,
    feeCents: fee,
    newBalanceCents: newBalance,
    principalCents: state.principalCents,
    pastDueCents: state.pastDueCents,
    minimumDueCents: minimum,
    totalMinimumDueCents: state.pastDueCents + minimum,
  };
  statement.notices = noticesOf(statement, cycle);
  const feeRow: LedgerEntry[] =
    fee > 0
      ? [
          {
            id: `${id}:fee`,
            kind: "carried_balance_fee",
            amountCents: fee,
            effectiveDate: day,
            postedAt: clock.at,
            reference: clock.reference(),
          },
        ]
      : [];
  work.statements.push(statement);
  work.entries.push(...feeRow);
  return { ...book, entries: [...book.entries, ...feeRow], statements: [...book.statements, statement] };
}

/** The days a run must service: from the day after the last serviced (or the opening day) through today. */
export function daysToService(servicedThrough: string | null, openedOn: string | null, today: string): string[] {
  const from = servicedThrough ? addDays(servicedThrough, 1) : openedOn;
  if (!from || from > today) return [];
  return Array.from({ length: daysBetween(from, today) + 1 }, (_, i) => addDays(from, i));
}
