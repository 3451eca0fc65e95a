/**
 * Today's figures from a replayed ledger (0-decisions.md "Fees": past due,
 * current due, Next Minimum Due; decision record 013: days past due, next due
 * date, next automatic payment). Pure functions of their arguments.
 */
import { daysBetween, statementDateFor } from "./calendar";
import { balanceOf, type LedgerState, unpaidFeesOf } from "./ledger";
import type { DayFigures, LifeSetup, Standing } from "./types";

export interface ScheduledPayment {
  amountCents: number;
  date: string;
}

/** Everything figures() needs besides the ledger replay. */
export interface FigureInputs {
  setup: LifeSetup;
  today: string;
  state: LedgerState;
  scheduled: readonly ScheduledPayment[];
  /** Every due date of the line's schedule, in order (issued or not). */
  dueDates: readonly string[];
  closed: boolean;
  /** A revocation's first day without automatic debits, or null. */
  autopayEndsOn?: string | null;
  /** The borrower asked to close: no credit is offered. */
  closing?: boolean;
}

/** Unpaid minimums of issued statements due on or before `date` (a due date has passed on the day itself). */
export function unpaidDueOnOrBefore(state: LedgerState, date: string): number {
  return state.statements.filter((s) => s.dueDate <= date).reduce((sum, s) => sum + s.minimumUnpaidCents, 0);
}

/** Unpaid minimums of issued statements whose due date is after `date`. */
function unpaidDueAfter(state: LedgerState, date: string): number {
  return state.statements.filter((s) => s.dueDate > date).reduce((sum, s) => sum + s.minimumUnpaidCents, 0);
}

/** 013: counted from the earliest due date whose minimum is still unpaid; 0 when none has passed. */
export function daysPastDue(state: LedgerState, today: string): number {
  const unpaid = state.statements.filter((s) => s.dueDate <= today && s.minimumUnpaidCents > 0);
  if (unpaid.length === 0) return 0;
  const earliest = unpaid.map((s) => s.dueDate).sort()[0]!;
  return daysBetween(earliest, today);
}

/**
 * The next payment date among issued statements not yet passed (013): the
 * earliest one still owing; when none owes anything, simply the earliest.
 * (A statement issued before the previous due date, after a holiday moved
 * it, must not make a paid due date look like the day its minimum is due.)
 */
function earliestIssuedDueAfter(state: LedgerState, today: string): string | null {
  const ahead = state.statements.filter((s) => s.dueDate > today).sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1));
  return (ahead.find((s) => s.minimumUnpaidCents > 0) ?? ahead[0])?.dueDate ?? null;
}

function scheduledOnOrBefore(scheduled: readonly ScheduledPayment[], date: string): number {
  return scheduled.filter((p) => p.date <= date).reduce((sum, p) => sum + p.amountCents, 0);
}

function standingOf(inputs: FigureInputs, pastDueCents: number): Standing {
  if (inputs.closed) return "closed";
  if (inputs.state.chargedOff) return "charged_off";
  return pastDueCents > 0 ? "delinquent" : "current";
}

/**
 * The next due date: an issued statement's not yet passed; otherwise, while
 * something is owed on an open, not charged-off line, the first due date whose
 * statement is still to come (its statement date is after today, whose run is done),
 * with that statement date.
 */
function nextDue(inputs: FigureInputs, balanceCents: number): { dueDate: string | null; statementDate: string | null } {
  const { state, today } = inputs;
  const none = { dueDate: null, statementDate: null };
  if (inputs.closed || state.chargedOff) return none;
  const issued = earliestIssuedDueAfter(state, today);
  if (issued !== null) return { dueDate: issued, statementDate: null };
  if (balanceCents === 0) return none;
  const projected = inputs.dueDates.find((d) => statementDateFor(d) > today) ?? null;
  return { dueDate: projected, statementDate: projected === null ? null : statementDateFor(projected) };
}

/**
 * 0-decisions.md "Automatic payments" / 013: EFT borrowers on an open line not
 * charged off: the first due date of an issued statement ahead on which a
 * debit will be taken, for the unpaid minimums due on or before it less
 * one-time payments scheduled on or before it; null when none will be.
 */
function nextAutomaticPayment(inputs: FigureInputs): DayFigures["nextAutomaticPayment"] {
  const { state, today, setup } = inputs;
  if (setup.repaymentMethod !== "A" || inputs.closed || state.chargedOff) return null;
  const ahead = [...new Set(state.statements.map((s) => s.dueDate).filter((d) => d > today))].sort();
  for (const date of ahead) {
    if (inputs.autopayEndsOn != null && date >= inputs.autopayEndsOn) return null;
    const owed = unpaidDueOnOrBefore(state, date) - scheduledOnOrBefore(inputs.scheduled, date);
    if (owed > 0) return { date, amountCents: owed };
  }
  return null;
}

export function dayFigures(inputs: FigureInputs): DayFigures {
  const { state, today, setup } = inputs;
  const balanceCents = balanceOf(state);
  const pastDueCents = unpaidDueOnOrBefore(state, today);
  const currentDueCents = unpaidDueAfter(state, today);
  const standing = standingOf(inputs, pastDueCents);
  const availableCreditCents = Math.max(0, setup.creditLimitCents - balanceCents);
  const scheduledCents = inputs.scheduled.reduce((sum, p) => sum + p.amountCents, 0);
  const next = nextDue(inputs, balanceCents);
  return {
    standing,
    principalCents: state.principalCents,
    unpaidFeesCents: unpaidFeesOf(state),
    balanceCents,
    unappliedCents: state.unappliedCents,
    availableCreditCents,
    // The portal shows 0.00 while delinquent, charged off (or closed).
    shownAvailableCreditCents: standing === "current" && !inputs.closing ? availableCreditCents : 0,
    pastDueCents,
    currentDueCents,
    // Charged off: full balance due, no minimum option.
    nextMinimumDueCents: state.chargedOff ? balanceCents : pastDueCents + currentDueCents,
    nextDueDate: next.dueDate,
    nextStatementDate: next.statementDate,
    daysPastDue: daysPastDue(state, today),
    scheduledCount: inputs.scheduled.length,
    scheduledCents,
    payoffCents: Math.max(0, balanceCents - scheduledCents),
    nextAutomaticPayment: nextAutomaticPayment(inputs),
  };
}
