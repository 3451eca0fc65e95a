import type { PayFrequency } from "#domain/config";
import type { Standing } from "#domain/rules/standing";

export type { Standing };

/**
 * The book of one line: everything the engine reads (decision record 013).
 * Rows are append-only; every figure is derived from them. Money is integer
 * cents; dates are Eastern banking days as ISO YYYY-MM-DD strings, which
 * compare correctly as strings; instants are epoch milliseconds.
 */
export type EntryKind = "draw" | "payment" | "payment_return" | "carried_balance_fee" | "reversal";

export interface LedgerEntry {
  id: string;
  kind: EntryKind;
  /** Always > 0; the kind gives the direction. */
  amountCents: number;
  /** The banking day the row takes effect. */
  effectiveDate: string;
  /** When it was recorded: with the effective date, the order of events. */
  postedAt: number;
  /** "reversal": the row it cancels; "payment_return": the payment it returns. */
  reversesId?: string | null;
  /** Payments: a one-time payment the borrower scheduled, or the automatic payment of a due date. */
  origin?: "one_time" | "automatic" | null;
  /** Draws: the cash advance fee kept from the deposit (detail only: the full draw is principal). */
  feeCents?: number | null;
  /** The short numeric transaction id a borrower reads. */
  reference?: number | null;
}

/** An issued statement: its figures as of issue, never changed afterwards. */
export interface IssuedStatement {
  id: string;
  statementDate: string;
  dueDate: string;
  /** When it was issued: entries recorded later belong to the next cycle. */
  createdAt: number;
  /** The previous statement's date, or the opening date for the first (null: issued before these figures were kept). */
  periodStart: string | null;
  previousBalanceCents: number | null;
  drawsCents: number | null;
  paymentsCents: number | null;
  returnsCents: number | null;
  /** Fees waived or refunded at the desk in the cycle (null: issued before this figure was kept). */
  creditsCents: number | null;
  /** This statement's carried balance fee. */
  feeCents: number;
  newBalanceCents: number;
  principalCents: number;
  pastDueCents: number;
  /** This statement's own minimum: its fee plus its share of principal. */
  minimumDueCents: number;
  totalMinimumDueCents: number | null;
  /** What the statement's notices said as issued; absent or null: issued before statements carried them. */
  notices?: StatementNotices | null;
}

/**
 * The notices a statement is issued with (0-decisions.md, "Notices and records the law
 * requires"), kept with it so that what it says never changes: the wording's edition, the
 * minimum-payment warning's figures, and the values the other notices name.
 */
export interface StatementNotices {
  /** The edition of the wording (functions/servicing/statement-notices.ts). */
  edition: number;
  /** Paying only the minimum: statements to a zero balance (null: never), as months, and the fees on the way. */
  payoffStatements: number | null;
  payoffMonths: number | null;
  payoffFeesCents: number | null;
  /** Where billing-error notices go, one line per line of the address. */
  billingErrorAddress: string[];
  /** Days past due after which the account is charged off, as the late-payment warning says. */
  chargeOffAfterDays: number;
}

/** A one-time payment scheduled and not yet posted. */
export interface ScheduledPayment {
  id: number;
  amountCents: number;
  effectiveDate: string;
}

export type LineStatus = "awaiting_esign" | "open" | "closed" | "withdrawn";

export interface LineFacts {
  id: number;
  creditLimitCents: number;
  payFrequency: PayFrequency;
  payAnchorDate: string;
  /** A: electronic funds transfer (automatic payments); K: paper check. */
  repaymentMethod: string;
  /** A revocation's first day without automatic debits (decision record 024); absent or null: none. */
  autopayEndsOn?: string | null;
  /** The day the borrower asked to close with a balance (decision record 025); absent or null: not asked. */
  closeRequestedOn?: string | null;
  status: LineStatus;
  /** The day the line opened (the e-sign was recorded), or null. */
  openedOn: string | null;
  /** A closed line's closing day and why (decision record 028); absent or null while open. */
  closedOn?: string | null;
  closureReason?: string | null;
  /** The day the desk last reopened the line (decision record 028): inactivity counts from it. Absent or null: never. */
  reopenedOn?: string | null;
  /** The day of the run that charged the line off, or null. */
  chargedOffOn: string | null;
}

export interface Book {
  line: LineFacts;
  entries: readonly LedgerEntry[];
  statements: readonly IssuedStatement[];
  scheduled: readonly ScheduledPayment[];
}

/** One issued statement as of today: what of its own minimum is still unpaid. */
export interface StatementStanding {
  id: string;
  dueDate: string;
  minimumDueCents: number;
  unpaidFeeCents: number;
  unpaidCents: number;
}

/** Where each payment went: what a return takes back. */
export interface PaymentAllocation {
  entryId: string;
  toFeesCents: number;
  toPrincipalCents: number;
  unappliedCents: number;
}

/** Everything a page or a rule needs about a line as of a day (after that day's run). */
export interface AccountState {
  today: string;
  standing: Standing;
  principalCents: number;
  unpaidFeesCents: number;
  balanceCents: number;
  /** Paid beyond the whole balance: a credit to refund. */
  unappliedCents: number;
  creditLimitCents: number;
  /** limit - balance, floored at 0. */
  availableCreditCents: number;
  /** The borrower asked to close: no draws, and the line closes once paid (decision record 025). */
  closing: boolean;
  /** What pages show: 0 unless the account is current (spec file 3, section 4). */
  shownAvailableCreditCents: number;
  statements: StatementStanding[];
  pastDueCents: number;
  currentDueCents: number;
  /** past due + current due; the whole balance once charged off. */
  nextMinimumDueCents: number;
  nextDueDate: string | null;
  /**
   * When no issued statement is ahead and a balance remains: the day the
   * statement for nextDueDate is issued (after today). Null while an issued
   * statement's due date is ahead, or with nothing to bill.
   */
  nextStatementDate: string | null;
  daysPastDue: number;
  scheduledCount: number;
  scheduledCents: number;
  /** balance - scheduled payments, floored at 0 (decision record 012). */
  payoffCents: number;
  nextAutomaticPayment: { date: string; amountCents: number } | null;
  payments: PaymentAllocation[];
}
