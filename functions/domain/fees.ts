import {
  type BillingCycle,
  carriedBalanceFees,
  cashAdvanceFeeBps,
  minimumPaymentPrincipalBps,
  type PayFrequency,
  payFrequencies,
} from "./config";

/**
 * The fee rules of 0-decisions.md, shared by pages, agreements, the FAQ fee
 * chart and the servicing core. All amounts are integer cents.
 */

export function billingCycleFor(frequency: PayFrequency): BillingCycle {
  return payFrequencies[frequency].cycle;
}

/** Cash advance fee on a draw: a percentage, rounded to the nearest cent. */
export function cashAdvanceFee(drawCents: number, cycle: BillingCycle): number {
  return cashAdvanceFeeAtPercent(drawCents, cashAdvanceFeeBps[cycle] / 100);
}

/**
 * The same fee from the percent the account summary sends (spec file 3,
 * section 5: draw x percent / 100, to the cent). The percent becomes whole
 * basis points first so a fractional percent cannot drift in floating point.
 */
export function cashAdvanceFeeAtPercent(drawCents: number, percent: number): number {
  return Math.round((drawCents * Math.round(percent * 100)) / 10_000);
}

/** What reaches the borrower's bank: the draw less its cash advance fee. */
export function amountReceived(drawCents: number, cycle: BillingCycle): number {
  return drawCents - cashAdvanceFee(drawCents, cycle);
}

/** Flat carried balance fee for a statement, by principal balance. */
export function carriedBalanceFee(principalCents: number, cycle: BillingCycle): number {
  const row = carriedBalanceFees.find((r) => principalCents <= r.upToCents) ?? carriedBalanceFees.at(-1)!;
  return cycle === "monthly" ? row.monthlyCents : row.shortCycleCents;
}

/** Rows of the fee chart as the pages show them: from/to balance and fees. */
export function feeChartRows(): Array<{
  fromCents: number;
  toCents: number;
  shortCycleCents: number;
  monthlyCents: number;
}> {
  return carriedBalanceFees.map((row, i) => ({
    fromCents: i === 0 ? 0 : carriedBalanceFees[i - 1]!.upToCents + 1,
    toCents: row.upToCents,
    shortCycleCents: row.shortCycleCents,
    monthlyCents: row.monthlyCents,
  }));
}

/**
 * Minimum payment on a statement: the carried balance fee plus 5% (bi-weekly,
 * semi-monthly) or 10% (monthly) of principal, rounded up to the cent, never
 * more than the whole balance (principal plus that fee).
 */
export function minimumPayment(principalCents: number, cycle: BillingCycle): number {
  const fee = carriedBalanceFee(principalCents, cycle);
  const share = Math.ceil((principalCents * minimumPaymentPrincipalBps[cycle]) / 10_000);
  return Math.min(fee + share, principalCents + fee);
}
