import { isBusinessDay } from "#domain/calendar";
import { servicing } from "#domain/config";
import { formatMoney } from "#domain/format";
import { paymentMessages, widestPaymentWindow } from "#domain/rules/payments";
import {
  drawAmountMessages,
  drawAmountProblem,
  drawBlock,
  drawBlockMessages,
  paymentAmountProblem,
} from "#domain/rules/standing";
import type { AccountState } from "./types";

/**
 * Whether a draw or a one-time payment may post now, from the engine's
 * figures: the posting service enforces these, and the property tests play
 * them, so the rule is written once.
 */
export interface PostingRefusal {
  message: string;
  field?: "transactionAmount" | "transactionDate";
}

const money = (cents: number) => formatMoney(cents, { cents: true });

export function drawRefusal(figures: AccountState, amountCents: number, customerState: string): PostingRefusal | null {
  const block = drawBlock(figures.standing, figures.availableCreditCents, customerState, figures.closing);
  if (block) return { message: drawBlockMessages[block] };
  const problem = drawAmountProblem(amountCents, figures.availableCreditCents);
  return problem ? { message: drawAmountMessages[problem], field: "transactionAmount" } : null;
}

/** `achEffectiveDate`: the earliest date a payment made now may take (the platform holds every payment to the widest window). */
export function paymentRefusal(
  figures: AccountState,
  amountCents: number,
  date: string,
  achEffectiveDate: string,
): PostingRefusal | null {
  if (!["current", "delinquent", "charged_off"].includes(figures.standing) || figures.balanceCents === 0)
    return { message: "There is no balance to pay." };
  const { from, to } = widestPaymentWindow(achEffectiveDate);
  if (date < from || date > to || !isBusinessDay(date))
    return { message: paymentMessages.invalidDate(from, to), field: "transactionDate" };
  const problem = paymentAmountProblem(amountCents, figures.payoffCents, figures.scheduledCount);
  const messages = {
    pendingLimit: paymentMessages.pendingLimit,
    maximum: `The most you can pay is ${money(figures.payoffCents)}.`,
    minimum: `The minimum payment is ${money(servicing.minAchTransactionCents)}.`,
  };
  return problem ? { message: messages[problem], field: "transactionAmount" } : null;
}
