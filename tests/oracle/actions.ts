/**
 * Borrower actions on the reference line, each checked against the written
 * rules first; a refused action changes nothing.
 */
import { addBusinessDays, addDays, isBusinessDay, nextBusinessDay, payDates } from "./calendar";
import type { Line } from "./model";
import type { ActionOutcome, PayFrequency } from "./types";

const MIN_DRAW_CENTS = 10_000; // 0-decisions.md "Credit line": minimum draw $100
const DRAW_STEP_CENTS = 2_500; // draw increment $25
const MIN_PAYMENT_CENTS = 1_000; // minAchTransactionAmount, $10
const MAX_PENDING_PAYMENTS = 3; // "At most 3 pending payments"
const MAX_ACH_EFFECTIVE_DAYS = 45; // maxNoOfAchEffectiveDays
const RETURN_WINDOW_BUSINESS_DAYS = 2; // "up to two business days after it posts"
const REVOCATION_NOTICE_DAYS = 3;
const REOPEN_WITHIN_DAYS = 30; // decision record 028: a line closed at the borrower's request reopens within 30 days
const LIMIT_STEP_CENTS = 2_500; // 0-decisions.md "Credit line": limits in $25 steps
const MAX_LIMIT_CENTS = 350_000; // lines of credit up to $3,500
const MIN_LIMIT_CENTS = 30_000; // new customers are approved for $300 to $1,500: no line below $300
const PAYCHECKS_PER_YEAR = { W: 52, B: 26, S: 24, M: 12 } as const; // "W x52/12, B x26/12, S x2, M x1" // spec file 3: "Revocation of authorization at least 3 days before the payment date"

const ok: ActionOutcome = { ok: true };
const refuse = (reason: string): ActionOutcome => ({ ok: false, reason });

/** A draw: open, current line; at least $100, a multiple of $25, within available credit. */
export function actDraw(line: Line, today: string, amountCents: number): ActionOutcome {
  const f = line.figures();
  if (f.standing !== "current") return refuse(`line is ${f.standing}`);
  if (line.closeRequested) return refuse("line is closing at the borrower's request");
  if (!Number.isInteger(amountCents) || amountCents < MIN_DRAW_CENTS) return refuse("below the $100 minimum draw");
  if (amountCents % DRAW_STEP_CENTS !== 0) return refuse("not a multiple of $25");
  if (amountCents > f.availableCreditCents) return refuse("above available credit");
  // The full amount adds to principal; the cash advance fee is only kept from the deposit.
  line.entries.push({ kind: "draw", date: today, amountCents });
  return ok;
}

/**
 * A one-time payment: the line not closed and owing; fewer than 3 pending; at
 * most the payoff and at least min($10, payoff); on a business day from the
 * ACH effective date (the next business day; same-day is never allowed) to
 * that date plus 45 calendar days.
 */
export function actSchedule(line: Line, today: string, amountCents: number, date: string): ActionOutcome {
  const f = line.figures();
  if (f.standing === "closed") return refuse("line is closed");
  if (f.balanceCents <= 0) return refuse("nothing is owed");
  if (f.scheduledCount >= MAX_PENDING_PAYMENTS) return refuse("3 payments are already scheduled");
  if (!Number.isInteger(amountCents) || amountCents <= 0) return refuse("not a positive amount");
  if (amountCents > f.payoffCents) return refuse("above the payoff");
  if (amountCents < Math.min(MIN_PAYMENT_CENTS, f.payoffCents)) return refuse("below the $10 minimum payment");
  const earliest = nextBusinessDay(today);
  const latest = addDays(earliest, MAX_ACH_EFFECTIVE_DAYS);
  if (date < earliest || date > latest) return refuse(`date outside ${earliest}..${latest}`);
  if (!isBusinessDay(date)) return refuse("not a business day");
  line.scheduled.push({ amountCents, date });
  return ok;
}

/** A return (NSF): a posted payment not yet returned, up to two business days after it posted. */
export function actReturn(line: Line, today: string, index: number): ActionOutcome {
  const payment = line.posted[index];
  if (payment === undefined) return refuse("no such payment");
  if (payment.returnedOn !== null || payment.reversedOn !== null) return refuse("already returned");
  if (today > addBusinessDays(payment.effectiveDate, RETURN_WINDOW_BUSINESS_DAYS)) return refuse("return window over");
  // Its credit is reversed today; the replay leaves the payment out.
  payment.returnedOn = today;
  line.entries.push({ kind: "return", date: today, amountCents: payment.amountCents, paymentIndex: index });
  return ok;
}

/** A cancellation (the borrower revokes a scheduled payment by phone): still scheduled, and at least 3 days before its date. */
export function actCancel(line: Line, today: string, index: number): ActionOutcome {
  const payment = line.scheduled[index];
  if (payment === undefined) return refuse("no such scheduled payment");
  if (payment.date < addDays(today, REVOCATION_NOTICE_DAYS)) return refuse("less than 3 days before its date");
  line.scheduled = line.scheduled.filter((_, i) => i !== index);
  return ok;
}

/**
 * A payment reversed at the desk (decision record 022): a posted payment not
 * returned or reversed, on a line not closed, at any time after it posted.
 * Like a return, what it paid is unpaid again from today.
 */
export function actReversePayment(line: Line, today: string, index: number): ActionOutcome {
  const payment = line.posted[index];
  if (payment === undefined) return refuse("no such payment");
  if (line.closed) return refuse("line is closed");
  if (payment.returnedOn !== null || payment.reversedOn !== null) return refuse("already returned or reversed");
  payment.reversedOn = today;
  line.entries.push({ kind: "reversal", date: today, amountCents: payment.amountCents, paymentIndex: index });
  return ok;
}

/**
 * A carried balance fee waived (unpaid) or refunded (paid) at the desk
 * (decision record 022): an issued statement that billed a fee not already
 * waived, on a line not closed. Its statement is replayed without the fee.
 */
export function actWaiveFee(line: Line, today: string, index: number): ActionOutcome {
  const statement = line.issued[index];
  if (statement === undefined) return refuse("no such statement");
  if (statement.feeCents === 0) return refuse("no fee to waive");
  if (line.closed) return refuse("line is closed");
  if (line.waived.has(index)) return refuse("already waived");
  line.waived.add(index);
  line.entries.push({ kind: "waiver", date: today, amountCents: statement.feeCents, statementIndex: index });
  return ok;
}

/**
 * A new credit limit (decision record 023): not on a closed line; a positive
 * multiple of $25 other than the current limit. Raised: the line is current
 * and the limit at most underwriting's, 25% of monthly take-home income
 * floored to $25, and at most $3,500. Lowered: in any standing, not below $300.
 */
export function actSetLimit(line: Line, amountCents: number): ActionOutcome {
  const f = line.figures();
  if (f.standing === "closed") return refuse("line is closed");
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents % LIMIT_STEP_CENTS !== 0)
    return refuse("not a multiple of $25");
  if (amountCents === line.creditLimitCents) return refuse("the limit already");
  if (amountCents > line.creditLimitCents) {
    if (f.standing !== "current") return refuse(`a ${f.standing} line cannot be raised`);
    const { takeHomeCents, payFrequency } = line.setup;
    const monthly = Math.floor((takeHomeCents * PAYCHECKS_PER_YEAR[payFrequency]) / 12);
    const underwritten = Math.floor(monthly / 4 / LIMIT_STEP_CENTS) * LIMIT_STEP_CENTS;
    if (amountCents > Math.min(MAX_LIMIT_CENTS, underwritten)) return refuse("above underwriting's limit");
  } else if (amountCents < MIN_LIMIT_CENTS) return refuse("below $300");
  line.creditLimitCents = amountCents;
  return ok;
}

/**
 * Revocation of automatic payments (spec file 3: "at least 3 days before the
 * payment date"; decision record 024): on a line not closed that is debited
 * automatically and not already revoked. Debits dated 3 days from today or
 * later stop; one sooner still posts.
 */
export function actRevokeAutopay(line: Line, today: string): ActionOutcome {
  if (line.figures().standing === "closed") return refuse("line is closed");
  if (line.repaymentMethod !== "A") return refuse("not on automatic payments");
  if (line.autopayEndsOn !== null) return refuse("already revoked");
  line.autopayEndsOn = addDays(today, REVOCATION_NOTICE_DAYS);
  return ok;
}

/** Automatic payments authorized again (or for the first time): not on a closed or charged-off line, not when already on. */
export function actAuthorizeAutopay(line: Line): ActionOutcome {
  const { standing } = line.figures();
  if (standing === "closed") return refuse("line is closed");
  if (standing === "charged_off") return refuse("charged off: never debited automatically");
  if (line.repaymentMethod === "A" && line.autopayEndsOn === null) return refuse("already on");
  line.repaymentMethod = "A";
  line.autopayEndsOn = null;
  return ok;
}

/**
 * The borrower asks to close (decision record 025): not a closed or
 * charged-off line, not asked already. Nothing owed, nothing scheduled and
 * no payment the bank could still return (two business days): closed now. Otherwise no more draws, and the morning run closes it once
 * nothing is owed or scheduled.
 */
export function actCloseLine(line: Line, today: string): ActionOutcome {
  const f = line.figures();
  if (f.standing === "closed") return refuse("line is closed");
  if (f.standing === "charged_off") return refuse("a charged-off line closes when paid");
  if (line.closeRequested) return refuse("closure already requested");
  if (f.balanceCents === 0 && line.scheduled.length === 0 && !line.paymentReturnable(today))
    line.close(today, "requested");
  else line.closeRequested = true;
  return ok;
}

/**
 * Reopening (decision record 028): a line closed at the borrower's request
 * (not for inactivity, not paid after charge-off), at most 30 days after it
 * closed. It opens again as it was; inactivity counts from today.
 */
export function actReopenLine(line: Line, today: string): ActionOutcome {
  if (!line.closed) return refuse("line is open");
  if (line.closedBecause !== "requested") return refuse(`closed for ${line.closedBecause}: apply again`);
  if (today > addDays(line.closedOn!, REOPEN_WITHIN_DAYS)) return refuse("more than 30 days after closing");
  line.closed = false;
  line.closeRequested = false;
  line.closedOn = null;
  line.closedBecause = null;
  line.reopenedOn = today;
  return ok;
}

/** The borrower takes the request back while the line is still open. */
export function actCancelClosure(line: Line): ActionOutcome {
  if (line.figures().standing === "closed") return refuse("line is closed");
  if (!line.closeRequested) return refuse("no closure requested");
  line.closeRequested = false;
  return ok;
}

/**
 * A new pay schedule (decision record 026): on a line neither closed nor
 * charged off (it has no due dates ahead); the date given is the most recent
 * pay date of the schedule it sets: the only one of its pay dates from it
 * through today (so not in the future, and for twice-monthly pay a 15th or
 * a month's last day).
 */
export function actChangePaySchedule(
  line: Line,
  today: string,
  frequency: PayFrequency,
  lastPayDate: string,
): ActionOutcome {
  const { standing } = line.figures();
  if (standing === "closed") return refuse("line is closed");
  if (standing === "charged_off") return refuse("charged off: no more statements");
  const paid = payDates(frequency, lastPayDate, today);
  if (paid.length !== 1 || paid[0] !== lastPayDate) return refuse("not the most recent pay date");
  line.reschedule(frequency, lastPayDate, today);
  return ok;
}
