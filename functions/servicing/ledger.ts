import { type BillingCycle, servicing } from "../config";
import { carriedBalanceFee, cashAdvanceFee, minimumPayment } from "../fees";
import { payableBalanceCents } from "../rules/payments";

/**
 * The servicing ledger (0-decisions.md, "Fees" and "Billing cycle and
 * servicing"). Rows are append-only: a mistake is corrected by a reversal row
 * pointing at the row it cancels, never by an edit. Balances are never stored;
 * they are DERIVED here from the rows, so a back-dated payment, a returned
 * payment or a reversal changes every figure simply by re-running the
 * derivation. Everything is pure and deterministic: the same rows (in any
 * array order) give the same account. Money is integer cents; dates are ISO
 * YYYY-MM-DD strings, which compare correctly as strings.
 */

export type EntryKind = "draw" | "cash_advance_fee" | "carried_balance_fee" | "payment" | "payment_return" | "adjustment" | "reversal";

export interface LedgerEntry {
  id: string;
  kind: EntryKind;
  /** Always > 0; the kind gives the direction. */
  amountCents: number;
  /** The date the row takes effect (payments may be back-dated). */
  effectiveDate: string;
  /** Epoch ms when recorded: the tie-breaker (then id) and what "earlier" means. */
  postedAt: number;
  /** "reversal": the row it cancels. "payment_return": the payment it returns. */
  reversesId?: string | null;
  /** "adjustment": a credit to fees or principal (absent: fees first, then principal). */
  adjustmentTarget?: "fees" | "principal";
}

export interface StatementDue { id: string; statementDate: string; dueDate: string; minimumDueCents: number }

export interface PaymentAllocation { entryId: string; toFeesCents: number; toPrincipalCents: number; unappliedCents: number }

export interface DerivedAccount {
  principalCents: number;
  feesCents: number;
  balanceCents: number; // principal + fees, never negative
  creditLimitCents: number;
  /** limit - balance, floored at 0 (fees can push the balance above the limit). */
  availableCreditCents: number;
  /** Unpaid minimum of issued statements due before asOf. */
  pastDueCents: number;
  /** Unpaid minimum of the next statement due on or after asOf. */
  currentDueCents: number;
  /** pastDue + currentDue capped at balance; the whole balance once charged off. */
  minimumDueCents: number;
  nextDueDate: string | null;
  /** Days since the earliest due date whose minimum is still unpaid (0 if none). */
  daysPastDue: number;
  delinquent: boolean;
  chargedOff: boolean;
  payments: PaymentAllocation[];
}

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcMs(iso: string): number {
  const m = ISO_DATE.exec(iso);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  // Reject "2026-02-30" too: string comparison is only sound on real dates.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== iso) throw new RangeError(`Invalid date: ${iso}`);
  return ms;
}

/** Whole days from a to b (negative if b is before a). UTC, so no DST drift. */
export function daysBetween(a: string, b: string): number {
  return (utcMs(b) - utcMs(a)) / MS_PER_DAY;
}

// Plain code-unit comparison: localeCompare would make the order depend on the runtime's locale.
const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
/** Recording order: what "earlier" means for a reversal and its target. */
const byRecording = (a: LedgerEntry, b: LedgerEntry): number => a.postedAt - b.postedAt || cmp(a.id, b.id);
/** Processing order: effective date, then recording order. Total, so array order never matters. */
const byEffect = (a: LedgerEntry, b: LedgerEntry): number => cmp(a.effectiveDate, b.effectiveDate) || byRecording(a, b);

function assertValidRows(entries: LedgerEntry[]): void {
  const seen = new Set<string>();
  for (const e of entries) {
    // A corrupt row must stop the derivation: a silently wrong balance is worse than an error.
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents <= 0) throw new RangeError(`Entry ${e.id}: amountCents must be a positive integer`);
    if (!Number.isFinite(e.postedAt)) throw new RangeError(`Entry ${e.id}: invalid postedAt`);
    utcMs(e.effectiveDate);
    // Reversals point at ids, so a duplicate id would make "which row is cancelled" ambiguous.
    if (seen.has(e.id)) throw new RangeError(`Duplicate entry id: ${e.id}`);
    seen.add(e.id);
  }
}

/**
 * The rows that still count, in processing order: draws, fees, payments and
 * adjustments not cancelled. Reversal and return rows are never in the result
 * (their only effect is the cancellation).
 *
 * - A reversal cancels any row recorded before it (including another reversal,
 *   which reinstates that one's target, or a return, which reinstates the payment).
 * - A payment_return cancels the payment it names, if that payment was recorded
 *   before it and has the same amount (ACH returns are whole); otherwise it is ignored.
 * - A canceller naming an unknown id, itself, or a later row is ignored.
 * Because a row can only be cancelled by a LATER-recorded row, walking newest
 * first settles each canceller before it acts: no cycles, one answer.
 */
export function activeEntries(entries: LedgerEntry[]): LedgerEntry[] {
  assertValidRows(entries);
  const byId = new Map(entries.map((e) => [e.id, e] as const));
  const cancelled = new Set<string>();
  for (const e of [...entries].sort(byRecording).reverse()) {
    if (cancelled.has(e.id) || e.reversesId == null) continue;
    const target = byId.get(e.reversesId);
    if (!target || byRecording(target, e) >= 0) continue;
    const valid =
      e.kind === "reversal" ||
      (e.kind === "payment_return" && target.kind === "payment" && target.amountCents === e.amountCents);
    if (valid) cancelled.add(target.id);
  }
  return entries
    .filter((e) => !cancelled.has(e.id) && e.kind !== "reversal" && e.kind !== "payment_return")
    .sort(byEffect);
}

/**
 * The account as of `asOf` (inclusive), derived from the rows alone.
 *
 * 1. Only rows effective on or before asOf count; then cancellations apply
 *    (see activeEntries), so a reversal dated after asOf does not act yet.
 * 2. Remaining rows are applied in effective date, postedAt, id order: draws add
 *    principal; cash advance and carried balance fees add fees; adjustments
 *    credit fees or principal but never below zero (the excess is dropped: a
 *    credit is not money the borrower can draw); payments go to fees first, then
 *    principal, and anything beyond the balance is reported as unapplied (to be
 *    refunded), never a negative balance.
 * 3. Statements issued on or before asOf are satisfied in due-date order by the
 *    sum of applied payment amounts on or before asOf. Unpaid minimums due before
 *    asOf are past due; the next due date on or after asOf gives the current due.
 *    Both are capped at the balance (a credit can wipe out what a statement asked).
 * 4. daysPastDue counts from the earliest due date still unpaid; more than
 *    servicing.chargeOffAfterDaysPastDue is a charge-off, and then the full
 *    balance is due with no minimum option (0-decisions.md).
 */
export function deriveAccount(entries: LedgerEntry[], statements: StatementDue[], asOf: string, creditLimitCents: number): DerivedAccount {
  utcMs(asOf);
  assertValidRows(entries); // all rows, not only those up to asOf: a bad row is bad whatever the date
  if (!Number.isSafeInteger(creditLimitCents) || creditLimitCents < 0) throw new RangeError("creditLimitCents must be a non-negative integer");
  let principal = 0;
  let fees = 0;
  const payments: PaymentAllocation[] = [];
  for (const e of activeEntries(entries.filter((x) => x.effectiveDate <= asOf))) {
    switch (e.kind) {
      case "draw":
        principal += e.amountCents;
        break;
      case "cash_advance_fee":
      case "carried_balance_fee":
        fees += e.amountCents;
        break;
      case "adjustment": {
        let left = e.amountCents;
        if (e.adjustmentTarget !== "principal") {
          const toFees = Math.min(left, fees);
          fees -= toFees;
          left -= toFees;
        }
        if (e.adjustmentTarget !== "fees") principal -= Math.min(left, principal);
        break;
      }
      case "payment": {
        const toFeesCents = Math.min(e.amountCents, fees);
        const toPrincipalCents = Math.min(e.amountCents - toFeesCents, principal);
        fees -= toFeesCents;
        principal -= toPrincipalCents;
        payments.push({ entryId: e.id, toFeesCents, toPrincipalCents, unappliedCents: e.amountCents - toFeesCents - toPrincipalCents });
        break;
      }
      default: // reversal and payment_return rows never get here: activeEntries drops them
    }
  }
  const balanceCents = principal + fees;

  const issued = statements
    .filter((s) => {
      if (!Number.isSafeInteger(s.minimumDueCents) || s.minimumDueCents < 0) throw new RangeError(`Statement ${s.id}: invalid minimumDueCents`);
      utcMs(s.dueDate);
      return utcMs(s.statementDate) <= utcMs(asOf);
    })
    // Ties on a due date need no tie-breaker: every figure below aggregates by due date.
    .sort((a, b) => cmp(a.dueDate, b.dueDate));
  // Unapplied money was never owed, so it cannot count towards a minimum.
  let pool = payments.reduce((sum, p) => sum + p.toFeesCents + p.toPrincipalCents, 0);
  let pastDue = 0;
  let currentDue = 0;
  let nextDueDate: string | null = null;
  let earliestUnpaid: string | null = null;
  for (const s of issued) {
    const covered = Math.min(pool, s.minimumDueCents);
    pool -= covered;
    const remaining = s.minimumDueCents - covered;
    if (s.dueDate < asOf) {
      pastDue += remaining;
      if (remaining > 0) earliestUnpaid ??= s.dueDate;
    } else if (nextDueDate === null || s.dueDate === nextDueDate) {
      nextDueDate = s.dueDate;
      currentDue += remaining;
    }
  }
  const pastDueCents = Math.min(pastDue, balanceCents);
  const currentDueCents = Math.min(currentDue, balanceCents - pastDueCents);
  const daysPastDue = pastDueCents > 0 && earliestUnpaid !== null ? daysBetween(earliestUnpaid, asOf) : 0;
  const chargedOff = daysPastDue > servicing.chargeOffAfterDaysPastDue;
  return {
    principalCents: principal,
    feesCents: fees,
    balanceCents,
    creditLimitCents,
    availableCreditCents: Math.max(0, creditLimitCents - balanceCents),
    pastDueCents,
    currentDueCents,
    minimumDueCents: chargedOff ? balanceCents : pastDueCents + currentDueCents,
    nextDueDate,
    daysPastDue,
    delinquent: pastDueCents > 0,
    chargedOff,
    payments,
  };
}

/** True when a draw of drawCents would take the balance past the credit limit. */
export function wouldExceedLimit(derived: DerivedAccount, drawCents: number): boolean {
  return drawCents > derived.availableCreditCents;
}

/** Most a new payment may be: the balance less payments already pending, floored at 0. */
export function maxPaymentCents(derived: DerivedAccount, pendingPaymentsCents: number): number {
  return payableBalanceCents(derived.balanceCents, pendingPaymentsCents);
}

/**
 * Rows for a draw. The full draw amount is added to the balance and the cash
 * advance fee is deducted from what is deposited (0-decisions.md): so the
 * balance grows by the draw, split into the deposited principal and a fee row
 * (which payments then clear first).
 */
export function drawRows(id: string, drawCents: number, cycle: BillingCycle, effectiveDate: string, postedAt: number): LedgerEntry[] {
  const fee = cashAdvanceFee(drawCents, cycle);
  const draw: LedgerEntry = { id, kind: "draw", amountCents: drawCents - fee, effectiveDate, postedAt };
  return fee > 0 ? [draw, { id: `${id}:fee`, kind: "cash_advance_fee", amountCents: fee, effectiveDate, postedAt }] : [draw];
}

/**
 * Issuing a statement: the carried balance fee row (if any) and the minimum
 * due, both from the principal derived as of the statement date.
 */
export function statementRows(
  entries: LedgerEntry[],
  s: { id: string; statementDate: string; dueDate: string; cycle: BillingCycle; postedAt: number },
): { feeEntry: LedgerEntry | null; statement: StatementDue } {
  const principal = deriveAccount(entries, [], s.statementDate, 0).principalCents;
  const fee = carriedBalanceFee(principal, s.cycle);
  return {
    feeEntry: fee > 0 ? { id: `${s.id}:fee`, kind: "carried_balance_fee", amountCents: fee, effectiveDate: s.statementDate, postedAt: s.postedAt } : null,
    statement: { id: s.id, statementDate: s.statementDate, dueDate: s.dueDate, minimumDueCents: minimumPayment(principal, s.cycle) },
  };
}
