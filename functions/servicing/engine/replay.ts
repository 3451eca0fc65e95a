import type { IssuedStatement, LedgerEntry, PaymentAllocation, StatementStanding } from "./types";

/**
 * The allocation waterfall (0-decisions.md, "Billing cycle and servicing"),
 * replayed from the rows. Events run in time order: effective date, then
 * when recorded; at the same instant a statement comes after the day's
 * payments (the run posts them first). A draw adds its full amount to
 * principal; a statement adds its carried balance fee and asks for its own
 * minimum; a payment pays the oldest statement with an unpaid minimum first
 * (its fee, then the rest of its minimum, which reduces principal), then the
 * next, up to the latest issued; what remains reduces principal; anything
 * beyond the whole balance is unapplied (a credit to refund). A statement not
 * yet issued is never pre-paid. After the charge-off day a payment pays the
 * oldest unpaid fees, then principal. Returned and reversed rows are left
 * out, so what they paid is unpaid again.
 */
export interface Replayed {
  principalCents: number;
  unpaidFeesCents: number;
  unappliedCents: number;
  /** Issued statements as of the replay, oldest due date first. */
  statements: StatementStanding[];
  payments: PaymentAllocation[];
}

interface Open extends StatementStanding {
  unpaidRestCents: number;
}

// Plain code-unit comparison: localeCompare would depend on the runtime's locale.
const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
const byRecording = (a: LedgerEntry, b: LedgerEntry): number => a.postedAt - b.postedAt || cmp(a.id, b.id);

function assertValid(entries: readonly LedgerEntry[]): void {
  const seen = new Set<string>();
  for (const e of entries) {
    // A corrupt row must stop the replay: a silently wrong balance is worse than an error.
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents <= 0)
      throw new RangeError(`Entry ${e.id}: amountCents must be a positive integer`);
    if (!Number.isFinite(e.postedAt)) throw new RangeError(`Entry ${e.id}: invalid postedAt`);
    if (seen.has(e.id)) throw new RangeError(`Duplicate entry id: ${e.id}`);
    seen.add(e.id);
  }
}

/**
 * The ids cancelled by reversals and returns effective on or before asOf. A
 * canceller acts only on a row recorded before it (a return only on a
 * payment of the same amount: ACH returns are whole); walking newest first
 * settles each canceller before it acts, so there is one answer.
 */
export function cancelledIds(entries: readonly LedgerEntry[], asOf: string): Set<string> {
  const byId = new Map(entries.map((e) => [e.id, e] as const));
  const cancelled = new Set<string>();
  for (const e of [...entries].sort(byRecording).reverse()) {
    if (e.effectiveDate > asOf || cancelled.has(e.id) || e.reversesId == null) continue;
    const target = byId.get(e.reversesId);
    if (!target || byRecording(target, e) >= 0) continue;
    const valid =
      e.kind === "reversal" ||
      (e.kind === "payment_return" && target.kind === "payment" && target.amountCents === e.amountCents);
    if (valid) cancelled.add(target.id);
  }
  return cancelled;
}

type Event = { at: [string, number, number, string]; entry?: LedgerEntry; statement?: IssuedStatement };

function timeline(
  entries: readonly LedgerEntry[],
  statements: readonly IssuedStatement[],
  asOf: string,
  cancelled: Set<string>,
): Event[] {
  const events: Event[] = [
    ...entries
      .filter((e) => e.effectiveDate <= asOf && !cancelled.has(e.id) && (e.kind === "draw" || e.kind === "payment"))
      .map((entry) => ({ at: [entry.effectiveDate, entry.postedAt, 0, entry.id] as Event["at"], entry })),
    ...statements
      .filter((s) => s.statementDate <= asOf)
      .map((statement) => ({
        at: [statement.statementDate, statement.createdAt, 1, statement.id] as Event["at"],
        statement,
      })),
  ];
  return events.sort(
    (x, y) => cmp(x.at[0], y.at[0]) || x.at[1] - y.at[1] || x.at[2] - y.at[2] || cmp(x.at[3], y.at[3]),
  );
}

/** A statement's fee as it stands: waived (0) when its fee row was reversed. */
function activeFee(s: IssuedStatement, feeRows: Map<string, LedgerEntry>, cancelled: Set<string>): number {
  const row = feeRows.get(s.id);
  return row && !cancelled.has(row.id) ? row.amountCents : 0;
}

export function replay(
  entries: readonly LedgerEntry[],
  statements: readonly IssuedStatement[],
  asOf: string,
  chargedOffOn: string | null,
): Replayed {
  assertValid(entries);
  const cancelled = cancelledIds(entries, asOf);
  const feeRows = new Map(
    entries.filter((e) => e.kind === "carried_balance_fee").map((e) => [e.id.replace(/:fee$/, ""), e] as const),
  );
  let principal = 0;
  let unapplied = 0;
  const open: Open[] = [];
  const payments: PaymentAllocation[] = [];
  for (const { entry, statement } of timeline(entries, statements, asOf, cancelled)) {
    if (statement) {
      const fee = activeFee(statement, feeRows, cancelled);
      // A waived fee lowers the minimum by the same amount: the rest of the minimum is unchanged.
      const rest = Math.max(0, statement.minimumDueCents - statement.feeCents);
      open.push({
        id: statement.id,
        dueDate: statement.dueDate,
        minimumDueCents: fee + rest,
        unpaidFeeCents: fee,
        unpaidRestCents: rest,
        unpaidCents: fee + rest,
      });
    } else if (entry!.kind === "draw") {
      principal += entry!.amountCents;
    } else {
      const afterChargeOff = chargedOffOn !== null && entry!.effectiveDate > chargedOffOn;
      const paid = afterChargeOff
        ? payFeesFirst(open, entry!.amountCents, principal)
        : payWaterfall(open, entry!.amountCents, principal);
      principal -= paid.toPrincipalCents;
      unapplied += paid.unappliedCents;
      payments.push({ entryId: entry!.id, ...paid });
    }
    // With nothing owed no minimum stays unpaid: minimums rounded up to the cent can add up to more than a
    // balance of a few cents, and a fee refunded at the desk re-applies its payment to the principal a later
    // statement's minimum was computed on (decision record 022).
    if (principal === 0 && open.every((s) => s.unpaidFeeCents === 0))
      for (const s of open) Object.assign(s, { unpaidRestCents: 0, unpaidCents: 0 });
  }
  // Statements are paid in due-date order; ties keep issue order.
  const ordered = [...open].sort((a, b) => cmp(a.dueDate, b.dueDate));
  return {
    principalCents: principal,
    unpaidFeesCents: open.reduce((sum, s) => sum + s.unpaidFeeCents, 0),
    unappliedCents: unapplied,
    statements: ordered.map(({ unpaidRestCents: _, ...s }) => s),
    payments,
  };
}

type Paid = Omit<PaymentAllocation, "entryId">;

/** Oldest statement first: its fee, then the rest of its minimum (principal); then principal; then a credit. */
function payWaterfall(open: Open[], amount: number, principal: number): Paid {
  let left = amount;
  let toFees = 0;
  let toPrincipal = 0;
  for (const s of [...open].sort((a, b) => cmp(a.dueDate, b.dueDate))) {
    const fee = Math.min(left, s.unpaidFeeCents);
    s.unpaidFeeCents -= fee;
    left -= fee;
    toFees += fee;
    const rest = Math.min(left, s.unpaidRestCents, principal - toPrincipal);
    s.unpaidRestCents -= rest;
    left -= rest;
    toPrincipal += rest;
    s.unpaidCents = s.unpaidFeeCents + s.unpaidRestCents;
  }
  const extra = Math.min(left, principal - toPrincipal);
  return { toFeesCents: toFees, toPrincipalCents: toPrincipal + extra, unappliedCents: left - extra };
}

/**
 * After charge-off: the oldest unpaid fees, then principal. What it pays
 * still counts towards the statements' minimums (fees towards their own,
 * principal towards the oldest unpaid rest first), so past due keeps its meaning.
 */
function payFeesFirst(open: Open[], amount: number, principal: number): Paid {
  const oldestFirst = [...open].sort((a, b) => cmp(a.dueDate, b.dueDate));
  let left = amount;
  let toFees = 0;
  for (const s of oldestFirst) {
    const fee = Math.min(left, s.unpaidFeeCents);
    s.unpaidFeeCents -= fee;
    left -= fee;
    toFees += fee;
  }
  const toPrincipal = Math.min(left, principal);
  let settled = toPrincipal;
  for (const s of oldestFirst) {
    const rest = Math.min(settled, s.unpaidRestCents);
    s.unpaidRestCents -= rest;
    settled -= rest;
    s.unpaidCents = s.unpaidFeeCents + s.unpaidRestCents;
  }
  return { toFeesCents: toFees, toPrincipalCents: toPrincipal, unappliedCents: left - toPrincipal };
}
