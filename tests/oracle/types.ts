/**
 * The contract between the independent reference model (tests/oracle/model.ts)
 * and the harness that plays the same borrower life through the product's
 * engine. Nothing here, and nothing in tests/oracle/, imports the servicing
 * core, the rules or the configuration module: the model is written from
 * ../shared/spec/0-decisions.md, 4-money-example.md and docs/decisions/013 alone.
 *
 * Money is integer cents; dates are ISO YYYY-MM-DD strings (Eastern banking days).
 */

/** W weekly, B every two weeks, S twice monthly, M monthly. */
export type PayFrequency = "W" | "B" | "S" | "M";
/** A: electronic funds transfer (automatic payments on due dates). K: paper check (none). */
export type RepaymentMethod = "A" | "K";

export interface LifeSetup {
  /** The day the line opened (e-sign recorded): the life's first day. */
  openedOn: string;
  payFrequency: PayFrequency;
  /** A known pay date on or before openedOn. */
  payAnchorDate: string;
  repaymentMethod: RepaymentMethod;
  creditLimitCents: number;
  /** Take-home pay per paycheck, as the application gave it (the desk's limit raises are underwritten on it). */
  takeHomeCents: number;
}

/** What a borrower does during a day, after that day's servicing run. */
export type Action =
  | { kind: "draw"; amountCents: number }
  /** A one-time payment of amountCents to post on `date`. */
  | { kind: "schedulePayment"; amountCents: number; date: string }
  /** Return (NSF) the posted payment with this index in payments() order. */
  | { kind: "returnPayment"; index: number }
  /** Cancel (revoke by phone, at the servicing desk) the scheduled payment with this index in scheduledPayments() order. */
  | { kind: "cancelPayment"; index: number }
  /** Waive (unpaid) or refund (paid) the carried balance fee of the statement with this index in statements() order: a desk correction a supervisor approved. */
  | { kind: "waiveFee"; index: number }
  /** Reverse the posted payment with this index in payments() order: a desk correction a supervisor approved. */
  | { kind: "reversePayment"; index: number }
  /** A new credit limit set at the desk (decision record 023). */
  | { kind: "setLimit"; amountCents: number }
  /** Automatic payments revoked (3 days' notice) or authorized again at the desk (decision record 024). */
  | { kind: "revokeAutopay" }
  | { kind: "authorizeAutopay" }
  /** The borrower asks to close the line, or takes that back, at the desk (decision record 025). */
  | { kind: "closeLine" }
  /** A line closed at the borrower's request reopened at the desk (decision record 028). */
  | { kind: "reopenLine" }
  /** A new pay frequency and most recent pay date at the desk: due dates follow them from the next statement on (decision record 026). */
  | { kind: "changePaySchedule"; payFrequency: PayFrequency; lastPayDate: string }
  | { kind: "cancelClosure" };

export type ActionOutcome = { ok: true } | { ok: false; reason: string };

export type Standing = "current" | "delinquent" | "charged_off" | "closed";

/** Today's figures, as the portal shows them (after today's run and today's actions so far). */
export interface DayFigures {
  standing: Standing;
  principalCents: number;
  /** Carried balance fees billed and not yet paid. */
  unpaidFeesCents: number;
  /** principal + unpaid fees, never below 0. */
  balanceCents: number;
  /** Money paid beyond the whole balance, to be refunded. */
  unappliedCents: number;
  /** credit limit - balance, floored at 0. */
  availableCreditCents: number;
  /** What the portal shows: 0 unless current. */
  shownAvailableCreditCents: number;
  pastDueCents: number;
  currentDueCents: number;
  /** past due + current due; the whole balance once charged off. */
  nextMinimumDueCents: number;
  /** null when charged off, closed, or nothing is owed and no statement is ahead. */
  nextDueDate: string | null;
  /** The statement date of nextDueDate while that statement is still to come (none issued is due ahead); else null. */
  nextStatementDate: string | null;
  daysPastDue: number;
  /** One-time payments scheduled and not yet posted. */
  scheduledCount: number;
  scheduledCents: number;
  /** balance - scheduled, floored at 0 (Pay Off Balance). */
  payoffCents: number;
  nextAutomaticPayment: { date: string; amountCents: number } | null;
}

/** An issued statement, exactly as issued (it never changes afterwards). */
export interface StatementFigures {
  statementDate: string;
  dueDate: string;
  /** The previous statement's date, or the opening date for the first. */
  periodStart: string;
  previousBalanceCents: number;
  drawsCents: number;
  /** Payments posted in the cycle (including ones returned later or in the same cycle). */
  paymentsCents: number;
  /** Returned payments, and payments reversed at the desk, recorded in the cycle. */
  returnsCents: number;
  /** Carried balance fees waived or refunded at the desk, recorded in the cycle. */
  creditsCents: number;
  /** This statement's carried balance fee. */
  feeCents: number;
  /** previous + draws - payments + returns - credits + fee (only when nothing was unapplied). */
  newBalanceCents: number;
  principalCents: number;
  pastDueCents: number;
  /** This statement's own minimum. */
  minimumDueCents: number;
  /** pastDue + own minimum. */
  totalMinimumDueCents: number;
  /**
   * The minimum-payment warning it was issued with (projection.ts): statements until a zero
   * balance paying only the minimum (null: never), the months they span and the fees on the way.
   */
  payoffStatements: number | null;
  payoffMonths: number | null;
  payoffFeesCents: number | null;
}

export interface PostedPayment {
  effectiveDate: string;
  amountCents: number;
  origin: "one_time" | "automatic";
  /** The day it was returned, or null. */
  returnedOn: string | null;
  /** The day a desk reversal of it was approved, or null. */
  reversedOn: string | null;
}

/** One borrower's line, played day by day. */
export interface ReferenceLine {
  /** The servicing run of `day`. Days are consecutive, starting at setup.openedOn. */
  morning(day: string): void;
  /** A borrower action on the current day (after its morning). Refused actions change nothing. */
  act(action: Action): ActionOutcome;
  figures(): DayFigures;
  statements(): StatementFigures[];
  /** Each issued statement's unpaid minimum today, in statements() order. */
  unpaidMinimums(): number[];
  /** Posted payments in posting order (effective date, then the order they posted). */
  payments(): PostedPayment[];
  /** One-time payments scheduled and not yet posted or cancelled, in the order they were scheduled. */
  scheduledPayments(): Array<{ amountCents: number; date: string }>;
}
