/**
 * The fee table, typed in from ../shared/spec/0-decisions.md ("Fees" and
 * "Billing cycle and servicing"). Integer cents throughout.
 */
import type { PayFrequency } from "./types";

export type BillingCycle = "bi-weekly" | "semi-monthly" | "monthly";

/** Weekly or bi-weekly pay gives a bi-weekly cycle; semi-monthly, semi-monthly; monthly, monthly. */
export function billingCycleFor(frequency: PayFrequency): BillingCycle {
  if (frequency === "W" || frequency === "B") return "bi-weekly";
  return frequency === "S" ? "semi-monthly" : "monthly";
}

/** Cash advance fee: 5% of the draw for weekly, bi-weekly and semi-monthly pay; 10% for monthly. */
export function cashAdvanceFeeCents(frequency: PayFrequency, drawCents: number): number {
  const percent = frequency === "M" ? 10 : 5;
  // Draws are multiples of $25, so this is exact; rounding up only guards odd inputs.
  return Math.ceil((drawCents * percent) / 100);
}

/**
 * Carried balance fee bands: [top of the principal band in cents, fee for a
 * bi-weekly or semi-monthly cycle, fee for a monthly cycle]. A principal
 * belongs to the first band whose top it does not exceed.
 */
const CARRIED_BALANCE_FEE_BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [1_000, 0, 0],
  [25_000, 500, 1_000],
  [50_000, 2_000, 4_000],
  [75_000, 3_000, 6_000],
  [100_000, 4_500, 9_000],
  [125_000, 5_500, 11_000],
  [150_000, 7_000, 14_000],
  [175_000, 8_000, 16_000],
  [200_000, 9_500, 19_000],
  [225_000, 10_500, 21_000],
  [250_000, 12_000, 24_000],
  [275_000, 13_000, 26_000],
  [300_000, 14_500, 29_000],
  [325_000, 15_500, 31_000],
  [350_000, 17_000, 34_000],
];

/** A statement's carried balance fee, by principal on the statement date. */
export function carriedBalanceFeeCents(cycle: BillingCycle, principalCents: number): number {
  for (const [top, shortCycleFee, monthlyFee] of CARRIED_BALANCE_FEE_BANDS) {
    if (principalCents <= top) return cycle === "monthly" ? monthlyFee : shortCycleFee;
  }
  // Lines are at most $3,500 and draws never exceed available credit.
  throw new Error(`principal ${principalCents} is above the fee table`);
}

/**
 * A statement's own minimum: its fee + 5% of principal (bi-weekly or
 * semi-monthly) or 10% (monthly), rounded UP to the cent, never more than the
 * whole balance (which already includes this statement's fee).
 */
export function ownMinimumCents(
  cycle: BillingCycle,
  feeCents: number,
  principalCents: number,
  balanceCents: number,
): number {
  const percent = cycle === "monthly" ? 10 : 5;
  const principalPart = Math.floor((principalCents * percent + 99) / 100);
  return Math.min(feeCents + principalPart, balanceCents);
}
