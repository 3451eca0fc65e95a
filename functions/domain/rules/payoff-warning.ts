import * as v from "valibot";
import type { GetPayoffProjection } from "../catalogue/account";
import type { Answer } from "../catalogue/define";
import { FixedPaymentCents } from "../catalogue/payoff";
import { servicing, statementsPerYear } from "../config";
import { formatDate, formatMoney, yearsAndMonths } from "../format";
import { moneyInputSchema, PAYMENT_NOT_AN_AMOUNT } from "./money-input";

/**
 * The payments page's minimum-payment warning in words (0-decisions.md, "Notices and records the
 * law requires"; Regulation Z §1026.7(b)(12) and model form G-18(C), adapted: this line bills
 * carried balance fees, not interest), and the fixed-payment field's one schema, which the browser
 * checks as the borrower types and the server checks on the query string. Pure, browser-safe.
 */
export type PayoffProjection = Answer<typeof GetPayoffProjection>["projection"];
export type Projected = Extract<PayoffProjection, { kind: "projected" }>;
export type ProjectionFigures = Projected["minimum"];

const money = (cents: number) => formatMoney(cents, { cents: true });

/** The fixed payment as typed ($ and commas welcome) to cents, between the smallest ACH payment and the statement's balance. */
export const fixedPaymentInput = (balanceCents: number) =>
  v.pipe(moneyInputSchema(PAYMENT_NOT_AN_AMOUNT), FixedPaymentCents(balanceCents));

/** The field's message for what was typed, or null when it is a payment the projection takes. */
export function fixedPaymentProblem(text: string, balanceCents: number): string | null {
  const checked = v.safeParse(fixedPaymentInput(balanceCents), text);
  return checked.success ? null : checked.issues[0].message;
}

export const payoffWording = {
  heading: "Minimum Payment Warning",
  lead: "If you make only the minimum payment each period, you will pay more in carried balance fees and it will take you longer to pay off your balance.",
  assumes: (p: Projected) =>
    `These estimates start from the balance shown on your statement of ${formatDate(p.statementDate)} (${money(p.balanceCents)}) and assume you make no more draws and pay by each due date.`,
  noStatement:
    "Your first statement will tell you how long it would take to pay off your balance paying only the minimum payment, and what it would cost in carried balance fees.",
  chargedOff:
    "Your account is charged off: your full balance is due now, and there is no longer a minimum payment option.",
  closed: "Your line of credit is closed.",
  paidOff: "There is no balance on your latest statement to pay off.",
  fieldLabel: "Try a fixed payment each period",
  fieldHint: (balanceCents: number) =>
    `Any amount from ${money(servicing.minAchTransactionCents)} to ${money(balanceCents)}, such as 100 or $250.00.`,
  submit: "SHOW ESTIMATE",
} as const;

/** Who pays what each period, as the sentence opens. */
const paying = (fixedCents: number | null) =>
  fixedCents === null
    ? "If you make only the minimum payment each period"
    : `If you pay ${money(fixedCents)} each period`;

/** One scenario's sentence: how long to repay the statement's balance, and the fees paid on the way. */
export function payoffSentence(figures: ProjectionFigures, fixedCents: number | null): string {
  if (figures.months === null || figures.feesCents === null)
    return `${paying(fixedCents)}, you will never pay off the balance shown on your statement: the payment does not outpace the carried balance fees.`;
  return `${paying(fixedCents)}, you will pay off the balance shown on your statement in about ${yearsAndMonths(figures.months)} and pay an estimated total of ${money(figures.feesCents)} in carried balance fees.`;
}

/** Said under a fixed payment smaller than some statement's minimum. */
export const belowMinimumWarning =
  "This payment is less than the minimum payment some statements would ask: your account would become past due, and you could not make draws.";

/** The scenarios' balances at each whole year until both are repaid: the chart's figures as a table. */
export function balancesByYear(p: Projected): { label: string; minimumCents: number; fixedCents: number | null }[] {
  const perYear = statementsPerYear[p.billingCycle];
  // Past its last statement a repaid scenario is at zero; one never repaid stays where the projection stopped.
  const at = (figures: ProjectionFigures, statement: number) =>
    figures.balances[statement] ?? (figures.statements === null ? (figures.balances.at(-1) ?? 0) : 0);
  const last = Math.max(p.minimum.balances.length, p.fixed?.balances.length ?? 0);
  const rows = [];
  for (let year = 0; year * perYear < last + perYear; year++) {
    const statement = year * perYear;
    rows.push({
      label: year === 0 ? "Your statement" : `${yearsAndMonths(year * 12)} later`,
      minimumCents: at(p.minimum, statement),
      fixedCents: p.fixed ? at(p.fixed, statement) : null,
    });
  }
  return rows;
}
