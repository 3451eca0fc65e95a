import { type BillingCycle, servicing, statementNotices, statementsPerYear } from "#domain/config";
import { carriedBalanceFee, minimumPayment } from "#domain/fees";
import type { IssuedStatement, StatementNotices } from "./types";

/**
 * The minimum-payment warning (Regulation Z §1026.7(b)(12), model form G-18; 0-decisions.md,
 * "Notices and records the law requires"): a line projected forward statement by statement from
 * an issued statement, with no further draws or returns, under the very rules that bill it
 * (statementBill, which issueStatement uses too). Each due date's payment pays the unpaid fees
 * first, then principal, before the next statement is issued: the order the waterfall gives when
 * every minimum is paid on time. Pure; the payments page charts the same figures.
 */

/** A statement's carried balance fee, new balance and own minimum, from the principal and balance on its date. */
export function statementBill(principalCents: number, balanceCents: number, cycle: BillingCycle) {
  const feeCents = carriedBalanceFee(principalCents, cycle);
  const newBalanceCents = balanceCents + feeCents;
  return {
    feeCents,
    newBalanceCents,
    minimumDueCents: Math.min(minimumPayment(principalCents, cycle), newBalanceCents),
  };
}

/** Where a projection starts: an issued statement's figures. */
export interface ProjectionStart {
  cycle: BillingCycle;
  principalCents: number;
  /** The statement's new balance: principal and the fees billed and not yet paid, its own included. */
  balanceCents: number;
  /** What the statement asks by its due date: its past due and its own minimum (Total Minimum Due). */
  minimumDueCents: number;
}

export interface PaymentProjection {
  /** Statements whose payment it takes to reach a zero balance, the starting one included; null: never. */
  statements: number | null;
  /** Those statements at the cycle's length, in whole months rounded up; null: never. */
  months: number | null;
  /** Carried balance fees paid on the way, those already billed and unpaid included; null: never. */
  feesCents: number | null;
  /** All paid on the way: the principal and those fees; null: never. */
  totalPaidCents: number | null;
  /** A fixed payment below some statement's minimum: the account would fall past due on the way. */
  belowMinimum: boolean;
  /** Each projected statement's new balance, the starting one first (the chart's points). */
  balances: number[];
}

/** The start of a projection from an issued statement, billed on `cycle`. */
export function projectionStart(
  statement: Pick<IssuedStatement, "principalCents" | "newBalanceCents" | "pastDueCents" | "minimumDueCents"> & {
    totalMinimumDueCents: number | null;
  },
  cycle: BillingCycle,
): ProjectionStart {
  return {
    cycle,
    principalCents: statement.principalCents,
    balanceCents: statement.newBalanceCents,
    minimumDueCents: statement.totalMinimumDueCents ?? statement.pastDueCents + statement.minimumDueCents,
  };
}

/** Paying exactly each statement's minimum on its due date: the statement's warning. */
export function projectMinimumPayments(start: ProjectionStart): PaymentProjection {
  return project(start, (minimumDueCents) => minimumDueCents);
}

/** Paying the same amount on every due date, whatever each statement's minimum (the payments page's choice). */
export function projectFixedPayments(start: ProjectionStart, paymentCents: number): PaymentProjection {
  return project(start, () => Math.max(0, Math.trunc(paymentCents)));
}

/**
 * The notices a statement is issued with: its minimum-payment warning, and the values the other
 * notices name as configured that day, kept with it so the issued statement never changes.
 */
export function noticesOf(statement: IssuedStatement, cycle: BillingCycle): StatementNotices {
  const warning = projectMinimumPayments(projectionStart(statement, cycle));
  return {
    edition: statementNotices.edition,
    payoffStatements: warning.statements,
    payoffMonths: warning.months,
    payoffFeesCents: warning.feesCents,
    billingErrorAddress: [...statementNotices.billingErrorAddress],
    chargeOffAfterDays: servicing.chargeOffAfterDaysPastDue,
  };
}

/** Statements at a cycle's length, as whole months rounded up (an estimate never shorter than the truth). */
export function monthsOfStatements(statements: number, cycle: BillingCycle): number {
  const perYear = statementsPerYear[cycle];
  return Math.floor((statements * 12 + perYear - 1) / perYear);
}

/**
 * The projection itself. A payment that never outpaces the fees would run forever: the walk stops
 * after `payoffProjectionMaxYears` of statements and answers never.
 */
function project(start: ProjectionStart, paymentFor: (minimumDueCents: number) => number): PaymentProjection {
  const balances = [start.balanceCents];
  if (start.balanceCents <= 0) return repaid(0, start, 0, false, balances);
  const cap = statementNotices.payoffProjectionMaxYears * statementsPerYear[start.cycle];
  let principal = start.principalCents;
  let fees = start.balanceCents - start.principalCents;
  let minimum = start.minimumDueCents;
  let feesPaid = 0;
  let belowMinimum = false;
  for (let statements = 1; statements <= cap; statements++) {
    const paid = Math.min(paymentFor(minimum), principal + fees);
    if (paid < minimum) belowMinimum = true;
    const toFees = Math.min(paid, fees);
    feesPaid += toFees;
    fees -= toFees;
    principal -= paid - toFees;
    if (principal + fees === 0) return repaid(statements, start, feesPaid, belowMinimum, balances);
    if (statements === cap) break;
    const bill = statementBill(principal, principal + fees, start.cycle);
    fees += bill.feeCents;
    minimum = bill.minimumDueCents;
    balances.push(bill.newBalanceCents);
  }
  return { statements: null, months: null, feesCents: null, totalPaidCents: null, belowMinimum, balances };
}

function repaid(
  statements: number,
  start: ProjectionStart,
  feesCents: number,
  belowMinimum: boolean,
  balances: number[],
): PaymentProjection {
  return {
    statements,
    months: monthsOfStatements(statements, start.cycle),
    feesCents,
    totalPaidCents: start.principalCents + feesCents,
    belowMinimum,
    balances,
  };
}
