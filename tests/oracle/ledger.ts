/**
 * The reference model's ledger: append-only entries, and one function that
 * replays them (decision record 013: "a return is simply a payment left out of
 * the replay"). The allocation is 0-decisions.md's waterfall: payments in
 * time order; each pays the oldest issued statement with an unpaid minimum
 * first (its unpaid fee, then the rest of its minimum, which reduces
 * principal), up to the latest issued statement; what remains reduces
 * principal; anything beyond the balance is unapplied. After charge-off:
 * oldest fees first, then principal.
 *
 * The desk's corrections (decision record 022) are left out the same way: a
 * reversed payment like a returned one; a waived fee's statement is replayed
 * as if it had billed no fee (its minimum less the fee), so what payments
 * paid toward that fee goes on down the waterfall.
 */

export type Entry =
  | { kind: "draw"; date: string; amountCents: number }
  | { kind: "payment"; date: string; amountCents: number; paymentIndex: number }
  | { kind: "return"; date: string; amountCents: number; paymentIndex: number }
  | { kind: "reversal"; date: string; amountCents: number; paymentIndex: number }
  | { kind: "waiver"; date: string; amountCents: number; statementIndex: number }
  | { kind: "statement"; date: string; dueDate: string; feeCents: number; minimumCents: number }
  | { kind: "chargeOff"; date: string };

/** What one issued statement still owes, in the replay. */
export interface StatementDebt {
  dueDate: string;
  /** Its carried balance fee not yet paid (part of unpaid fees). */
  feeUnpaidCents: number;
  /** Its own minimum not yet paid (fee part included); never below feeUnpaidCents. */
  minimumUnpaidCents: number;
}

export interface LedgerState {
  principalCents: number;
  /** In issue order, one per statement entry. */
  statements: StatementDebt[];
  unappliedCents: number;
  chargedOff: boolean;
}

export function unpaidFeesOf(state: LedgerState): number {
  return state.statements.reduce((sum, s) => sum + s.feeUnpaidCents, 0);
}

export function balanceOf(state: LedgerState): number {
  return Math.max(0, state.principalCents + unpaidFeesOf(state));
}

/**
 * Replays every entry in recording order, leaving out the payments
 * `isCancelled` names (returned or reversed) and the fees `isWaived` names
 * (by statement index, in issue order).
 */
export function replay(
  entries: readonly Entry[],
  isCancelled: (paymentIndex: number) => boolean,
  isWaived: (statementIndex: number) => boolean = () => false,
): LedgerState {
  const state: LedgerState = { principalCents: 0, statements: [], unappliedCents: 0, chargedOff: false };
  for (const entry of entries) {
    switch (entry.kind) {
      case "draw":
        // The full draw adds to principal; the cash advance fee is only kept from the deposit.
        state.principalCents += entry.amountCents;
        break;
      case "payment":
        if (!isCancelled(entry.paymentIndex)) applyPayment(state, entry.amountCents);
        break;
      case "return":
      case "reversal":
      case "waiver":
        // Nothing to undo: what they cancel is itself left out of this replay.
        break;
      case "statement": {
        const fee = isWaived(state.statements.length) ? 0 : entry.feeCents;
        state.statements.push({
          dueDate: entry.dueDate,
          feeUnpaidCents: fee,
          minimumUnpaidCents: entry.minimumCents - (entry.feeCents - fee),
        });
        // A refunded fee's payment may have paid off the principal this minimum was computed on.
        clearMinimumsIfNothingOwed(state);
        break;
      }
      case "chargeOff":
        state.chargedOff = true;
        break;
    }
  }
  return state;
}

function applyPayment(state: LedgerState, amountCents: number): void {
  // 013 "Overpayment": beyond the whole balance is not applied; it is a credit to refund.
  const applicable = Math.min(amountCents, balanceOf(state));
  state.unappliedCents += amountCents - applicable;
  if (state.chargedOff) payChargedOff(state, applicable);
  else payWaterfall(state, applicable);
  clearMinimumsIfNothingOwed(state);
}

/**
 * A minimum is part of the balance: with nothing owed, no minimum can stay
 * unpaid (reachable with cent-sized principals, where minimums rounded up to
 * the cent can add up to more than the balance, and after a fee refunded at
 * the desk, whose payment then pays off principal a later minimum counted on).
 */
function clearMinimumsIfNothingOwed(state: LedgerState): void {
  if (balanceOf(state) === 0) {
    for (const s of state.statements) s.minimumUnpaidCents = 0;
  }
}

/** Oldest statement first: its unpaid fee, then the rest of its minimum; then principal. */
function payWaterfall(state: LedgerState, amountCents: number): void {
  let remaining = amountCents;
  for (const s of state.statements) {
    if (remaining === 0) break;
    const toStatement = Math.min(remaining, s.minimumUnpaidCents);
    const toFee = Math.min(toStatement, s.feeUnpaidCents);
    const toPrincipal = Math.min(toStatement - toFee, state.principalCents);
    s.feeUnpaidCents -= toFee;
    s.minimumUnpaidCents -= toFee + toPrincipal;
    state.principalCents -= toPrincipal;
    remaining -= toFee + toPrincipal;
  }
  // What remains lowers principal; it never pre-pays a statement not yet issued.
  // It fits: the amount was capped at the balance, and every fee is inside a minimum.
  state.principalCents -= remaining;
}

/**
 * After charge-off (0-decisions.md): oldest fees first, then principal. A fee
 * paid is paid toward its statement's minimum; principal paid settles the
 * principal part of the oldest unpaid minimums first.
 */
function payChargedOff(state: LedgerState, amountCents: number): void {
  let remaining = amountCents;
  for (const s of state.statements) {
    const toFee = Math.min(remaining, s.feeUnpaidCents);
    s.feeUnpaidCents -= toFee;
    s.minimumUnpaidCents -= toFee;
    remaining -= toFee;
  }
  const toPrincipal = Math.min(remaining, state.principalCents);
  state.principalCents -= toPrincipal;
  let principalLeft = toPrincipal;
  for (const s of state.statements) {
    const toRest = Math.min(principalLeft, s.minimumUnpaidCents - s.feeUnpaidCents);
    s.minimumUnpaidCents -= toRest;
    principalLeft -= toRest;
  }
}
