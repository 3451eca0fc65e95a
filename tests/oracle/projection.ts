/**
 * The minimum-payment warning, independently (0-decisions.md, "Notices and records the law
 * requires"; Regulation Z §1026.7(b)(12), model form G-18): from a statement's new balance, with
 * no further draws or returns and exactly the amount asked paid on each due date, how many
 * statements until the balance is zero, as years and months at the cycle's length, and the
 * carried balance fees paid on the way. Written from the oracle's own fee table (fees.ts); it
 * imports nothing from the product.
 *
 * Each due date's payment is taken before the next statement (statements come 14 days before
 * their due date, and with every minimum paid on time nothing is past due): it pays the fees
 * billed and unpaid first (the oldest statement's fee comes first in the waterfall), then
 * principal. Each following statement bills the fee of its principal band and asks its own minimum.
 */
import { type BillingCycle, carriedBalanceFeeCents, ownMinimumCents } from "./fees";

/** 50 years of statements: beyond that a payment is taken never to repay (it cannot outpace the fees). */
const MAX_STATEMENTS: Record<BillingCycle, number> = {
  "bi-weekly": 50 * 26,
  "semi-monthly": 50 * 24,
  monthly: 50 * 12,
};

export interface OracleStart {
  cycle: BillingCycle;
  principalCents: number;
  /** New balance: principal + fees billed and not yet paid. */
  balanceCents: number;
  /** Total Minimum Due: past due + this statement's own minimum. */
  totalMinimumDueCents: number;
}

export interface OracleProjection {
  statements: number | null;
  months: number | null;
  feesCents: number | null;
  totalPaidCents: number | null;
  belowMinimum: boolean;
  balances: number[];
}

/** Whole months, rounded up, that `n` statements of the cycle span: 14 days each, half a month each, a month each. */
export function monthsSpanned(cycle: BillingCycle, n: number): number {
  if (cycle === "monthly") return n;
  if (cycle === "semi-monthly") return Math.ceil(n / 2);
  return Math.ceil((n * 6) / 13);
}

/** `pay(asked)`: what the borrower pays on a due date when the statement asks `asked`. */
export function oracleProjection(start: OracleStart, pay: (askedCents: number) => number): OracleProjection {
  const balances: number[] = [start.balanceCents];
  if (start.balanceCents <= 0)
    return { statements: 0, months: 0, feesCents: 0, totalPaidCents: 0, belowMinimum: false, balances };
  let principal = start.principalCents;
  let unpaidFees = start.balanceCents - start.principalCents;
  let asked = start.totalMinimumDueCents;
  let count = 0;
  let fees = 0;
  let paidTotal = 0;
  let short = false;
  for (;;) {
    count += 1;
    const owed = principal + unpaidFees;
    const payment = Math.min(pay(asked), owed);
    if (payment < asked) short = true;
    paidTotal += payment;
    const feePart = Math.min(payment, unpaidFees);
    fees += feePart;
    unpaidFees -= feePart;
    principal -= payment - feePart;
    if (principal === 0 && unpaidFees === 0)
      return {
        statements: count,
        months: monthsSpanned(start.cycle, count),
        feesCents: fees,
        totalPaidCents: paidTotal,
        belowMinimum: short,
        balances,
      };
    if (count === MAX_STATEMENTS[start.cycle]) break;
    // The next statement: its fee by principal band, then its own minimum on the new balance.
    const fee = carriedBalanceFeeCents(start.cycle, principal);
    unpaidFees += fee;
    asked = ownMinimumCents(start.cycle, fee, principal, principal + unpaidFees);
    balances.push(principal + unpaidFees);
  }
  return { statements: null, months: null, feesCents: null, totalPaidCents: null, belowMinimum: short, balances };
}

export const oracleMinimumProjection = (start: OracleStart) => oracleProjection(start, (asked) => asked);
export const oracleFixedProjection = (start: OracleStart, paymentCents: number) =>
  oracleProjection(start, () => paymentCents);
