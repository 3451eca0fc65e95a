import { addDays, isBusinessDay } from "../calendar";
import { formatDate, formatMoney } from "../format";
import {
  type PaymentFacts,
  type PaymentLock,
  type PaymentLockFacts,
  type PaymentOption,
  paymentAmountCents,
  paymentOptionLabel,
  paymentOptions,
  paymentsLocked,
  paymentWindow,
  payoffOf,
} from "./payments";
import {
  type DrawBlock,
  type DrawLimits,
  drawAmountMessage,
  drawAmountProblem,
  maxDrawCents,
  paymentAmountProblem,
} from "./standing";

/**
 * The re-check at submit (0-decisions.md: "One-time payments and draws post
 * exactly the amount and date the borrower reviewed. The server re-checks
 * them at submit; if they are no longer allowed ... nothing posts and the
 * borrower is shown the review again with the reason and the figure now
 * allowed."). Pure: the actions give it a fresh summary's figures.
 *
 * A payment is re-checked before it is sent. `maybePosted`: this review's
 * idempotency key was already sent to the platform (a double submit, or a
 * retry after an answer that never came), so the fresh figures may already
 * include this very payment. Then it
 * is also allowed if it fits the figures without it: posting again under the
 * same key only replays the first answer, and if the first never arrived the
 * platform still refuses anything beyond what it allows.
 */

const money = (cents: number) => formatMoney(cents, { cents: true });

export interface ReviewedPayment {
  option: PaymentOption;
  amountCents: number;
  /** ISO YYYY-MM-DD. */
  date: string;
}

export type PaymentRecheck =
  | { verdict: "post" }
  /** Show the review again with these figures (and a new key: the old one is bound to the old figures). */
  | { verdict: "review"; amountCents: number; date: string; message: string }
  /** No payment can be made now: the steps, with the lock's banner. */
  | { verdict: "locked"; lock: PaymentLock; message: string }
  /** The option can no longer be used: the amount step, to choose again. */
  | { verdict: "choose"; message: string };

export interface PaymentRecheckInput {
  facts: PaymentFacts;
  lock: PaymentLockFacts;
  /** Labels the minimum option "Past Due". */
  pastDue: boolean;
  maybePosted: boolean;
}

export function recheckPayment(r: ReviewedPayment, input: PaymentRecheckInput): PaymentRecheck {
  const now = judgePayment(r, input.facts, input.lock, input.pastDue);
  if (now.verdict === "post" || !input.maybePosted) return now;
  const [facts, lock] = withoutOwnPayment(input.facts, input.lock, r.amountCents);
  return judgePayment(r, facts, lock, input.pastDue).verdict === "post" ? { verdict: "post" } : now;
}

/** The figures as they were before this payment was scheduled: its amount back in the payoff, its place back under the cap. */
function withoutOwnPayment(
  f: PaymentFacts,
  lock: PaymentLockFacts,
  amountCents: number,
): [PaymentFacts, PaymentLockFacts] {
  return [
    { ...f, balanceCents: f.balanceCents + amountCents },
    {
      ...lock,
      pendingCents: Math.max(0, lock.pendingCents - amountCents),
      pendingCount: Math.max(0, lock.pendingCount - 1),
      payoffCents: payoffOf(lock) + amountCents,
    },
  ];
}

export const recheckMessages = {
  notScheduled: (amountCents: number, date: string) =>
    `Your payment of ${money(amountCents)} on ${formatDate(date)} was not scheduled, because your account changed since you reviewed it.`,
  optionGone: (label: string) =>
    `Nothing was scheduled. Since your review, your account changed and ${label} is no longer available. Please choose an amount again.`,
  paymentChanged: (reasons: string[]) =>
    `Nothing was scheduled. Since your review, ${reasons.join("; ")}. Please check the payment below and submit it again.`,
  fullChanged: (cents: number) => `your balance changed and Pay Off Balance is now ${money(cents)}`,
  minimumChanged: (label: string, cents: number) => `your ${label} amount changed and is now ${money(cents)}`,
  otherCapped: (cents: number) =>
    `your balance changed and the most you can pay is now ${money(cents)}, so the amount below is ${money(cents)}`,
  dateMoved: (reviewed: string, now: string) =>
    `the date you chose, ${formatDate(reviewed)}, is no longer available, so the date below is ${formatDate(now)}`,
  drawChanged: (cents: number) =>
    `Nothing was drawn. Since your review, your available credit changed and the largest draw now allowed is ${money(cents)}. Please check the draw below and submit it again.`,
  drawBlocked: "Nothing was drawn, because your account changed since you reviewed this draw.",
} as const;

function judgePayment(
  r: ReviewedPayment,
  f: PaymentFacts,
  lockFacts: PaymentLockFacts,
  pastDue: boolean,
): PaymentRecheck {
  const lock = paymentsLocked(lockFacts);
  if (lock) return { verdict: "locked", lock, message: recheckMessages.notScheduled(r.amountCents, r.date) };
  const label = paymentOptionLabel(r.option, pastDue);
  const amountCents =
    r.option === "other" ? Math.min(r.amountCents, f.balanceCents) : paymentAmountCents(r.option, f, "")!;
  const date = nearestAllowedDate(r.date, r.option, f);
  // Below the minimum payment only by a form not of this site's making: choose again rather than post it.
  const belowMinimum = paymentAmountProblem(amountCents, f.balanceCents, 0) === "minimum";
  if (!paymentOptions(f)[r.option] || date === null || amountCents <= 0 || belowMinimum)
    return { verdict: "choose", message: recheckMessages.optionGone(label) };
  const reasons: string[] = [];
  if (amountCents !== r.amountCents) {
    reasons.push(
      r.option === "full"
        ? recheckMessages.fullChanged(amountCents)
        : r.option === "minimum"
          ? recheckMessages.minimumChanged(label, amountCents)
          : recheckMessages.otherCapped(amountCents),
    );
  }
  if (date !== r.date) reasons.push(recheckMessages.dateMoved(r.date, date));
  return reasons.length
    ? { verdict: "review", amountCents, date, message: recheckMessages.paymentChanged(reasons) }
    : { verdict: "post" };
}

/**
 * The reviewed date when it is still allowed, else the allowed banking day
 * nearest to it in the option's window (the window moves when a day passes
 * or the next due date changes); null when the window has no such day.
 */
export function nearestAllowedDate(date: string, option: PaymentOption, f: PaymentFacts): string | null {
  const { from, to } = paymentWindow(option, f);
  const start = date < from ? from : date > to ? to : date;
  const step = date > to ? -1 : 1;
  for (let d = start; d >= from && d <= to; d = addDays(d, step)) if (isBusinessDay(d)) return d;
  // Inside the window on a holiday at its very end: look the other way.
  for (let d = start; d >= from && d <= to; d = addDays(d, -step)) if (isBusinessDay(d)) return d;
  return null;
}

export interface DrawRecheckInput {
  /** The summary's draw block (null: draws allowed). */
  block: DrawBlock | null;
  availableCents: number;
  limits: DrawLimits;
}

export type DrawRecheck =
  | { verdict: "post" }
  /** The review again at the largest draw now allowed, with a new key. */
  | { verdict: "review"; amountCents: number; message: string }
  /** Back to the amount view (draws now blocked, or the amount breaks another rule). */
  | { verdict: "amount"; message: string };

/**
 * A draw is re-checked by its posting (the platform refuses what its rules,
 * these same rules, do not allow: app/routes/portal/draw.server.ts); this
 * says what the borrower is shown when it was refused, from the figures read
 * after the refusal. Its key never posted (a key that had posted replays its
 * answer), so the figures are the draw's own and no allowance is made for it.
 */
export function recheckDraw(reviewedCents: number, input: DrawRecheckInput): DrawRecheck {
  return judgeDraw(reviewedCents, input.block, input.availableCents, input.limits);
}

function judgeDraw(
  reviewedCents: number,
  block: DrawBlock | null,
  availableCents: number,
  limits: DrawLimits,
): DrawRecheck {
  if (block) return { verdict: "amount", message: recheckMessages.drawBlocked };
  const problem = drawAmountProblem(reviewedCents, availableCents, limits);
  if (problem === null) return { verdict: "post" };
  const largest = maxDrawCents(availableCents, limits);
  if (problem === "maximum" && largest > 0)
    return { verdict: "review", amountCents: largest, message: recheckMessages.drawChanged(largest) };
  return {
    verdict: "amount",
    message: problem === "maximum" ? recheckMessages.drawBlocked : drawAmountMessage(problem, limits),
  };
}
