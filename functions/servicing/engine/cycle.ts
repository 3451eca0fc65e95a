import { addDays } from "#domain/calendar";
import type { IssuedStatement, LedgerEntry } from "./types";

/**
 * Which cycle an entry belongs to (decision record 013): a statement covers
 * the entries recorded before it with effective dates up to its statement
 * date, so a draw made on a statement date after that day's run belongs to
 * the next cycle.
 */
export function coveredBy(
  entry: Pick<LedgerEntry, "effectiveDate" | "postedAt">,
  statement: Pick<IssuedStatement, "statementDate" | "createdAt">,
): boolean {
  return (
    entry.effectiveDate < statement.statementDate ||
    (entry.effectiveDate === statement.statementDate && entry.postedAt <= statement.createdAt)
  );
}

/** The latest issued statement (by statement date, then issue time), or null. */
export function lastIssued(statements: readonly IssuedStatement[]): IssuedStatement | null {
  return (
    [...statements]
      .sort((a, b) =>
        a.statementDate < b.statementDate ? -1 : a.statementDate > b.statementDate ? 1 : a.createdAt - b.createdAt,
      )
      .at(-1) ?? null
  );
}

export interface CycleActivity {
  any: boolean;
  drawsCents: number;
  paymentsCents: number;
  /** Payments returned (insufficient funds) or reversed at the desk. */
  returnsCents: number;
  /** Carried balance fees waived or refunded at the desk (decision record 022). */
  creditsCents: number;
}

/**
 * Draws, payments, returns and the desk's corrections since the last issued
 * statement (all of them before the first), effective on or before `day`.
 * Cycles skipped in between had none, or they would have had a statement.
 */
export function activitySince(
  entries: readonly LedgerEntry[],
  last: IssuedStatement | null,
  day: string,
): CycleActivity {
  const kinds = new Map(entries.map((e) => [e.id, e.kind] as const));
  const inCycle = entries.filter((e) => e.effectiveDate <= day && (last === null || !coveredBy(e, last)));
  const total = (match: (e: LedgerEntry) => boolean) =>
    inCycle.filter(match).reduce((sum, e) => sum + e.amountCents, 0);
  const reverses = (e: LedgerEntry, kind: LedgerEntry["kind"]) =>
    e.kind === "reversal" && e.reversesId != null && kinds.get(e.reversesId) === kind;
  return {
    any: inCycle.some((e) => e.kind !== "carried_balance_fee"),
    drawsCents: total((e) => e.kind === "draw"),
    paymentsCents: total((e) => e.kind === "payment"),
    returnsCents: total((e) => e.kind === "payment_return" || reverses(e, "payment")),
    creditsCents: total((e) => reverses(e, "carried_balance_fee")),
  };
}

/** The same day `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return addDays(`${target.toISOString().slice(0, 8)}01`, Math.min(d, last) - 1);
}
