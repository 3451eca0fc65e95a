import * as v from "valibot";
import { type BillingCycle, servicing, statementsPerYear } from "../config";
import { formatMoney } from "../format";
import { Cents, defineCall, IsoDate, withToken } from "./define";

/**
 * The minimum-payment warning on the payments page (0-decisions.md, "Notices and records the law
 * requires"; Regulation Z §1026.7(b)(12)): from the borrower's latest issued statement, paying only
 * each minimum, and, beside it, paying a fixed amount the borrower chooses.
 */

/** What a fixed payment is refused with: the platform's 422 field message and the page's, one text. */
export const fixedPaymentMessages = {
  whole: "The payment is in whole cents.",
  minimum: `The fixed payment must be at least ${formatMoney(servicing.minAchTransactionCents, { cents: true })}.`,
  maximum: (balanceCents: number) =>
    `The fixed payment cannot be more than your statement balance of ${formatMoney(balanceCents, { cents: true })}.`,
} as const;

/**
 * A fixed payment in cents: at least the smallest ACH payment taken, at most the balance projected
 * (the statement's new balance; a payment above it pays the same as the balance). The catalogue's
 * payload checks the minimum; the platform checks the maximum against the statement it reads, and
 * the page against the balance the answer named.
 */
export const FixedPaymentCents = (balanceCents = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.number(fixedPaymentMessages.whole),
    v.integer(fixedPaymentMessages.whole),
    v.minValue(servicing.minAchTransactionCents, fixedPaymentMessages.minimum),
    v.maxValue(balanceCents, fixedPaymentMessages.maximum(balanceCents)),
  );

const Projection = v.object({
  /** Statements whose payment it takes to reach a zero balance, the starting one included; null: never. */
  statements: v.nullable(v.number()),
  /** Those statements as whole months, rounded up; null: never. */
  months: v.nullable(v.number()),
  /** Carried balance fees paid on the way; null: never. */
  feesCents: v.nullable(Cents),
  /** Principal and those fees; null: never. */
  totalPaidCents: v.nullable(Cents),
  /** The fixed payment falls below some statement's minimum: the account would fall past due on the way. */
  belowMinimum: v.boolean(),
  /** Each projected statement's new balance, the starting one first. */
  balances: v.array(Cents),
});

/** Why there is nothing to project: no statement issued yet, a charged-off account (all is due), a closed line. */
export const NO_PROJECTION = ["noStatement", "chargedOff", "closed"] as const;

export const PayoffProjectionAnswer = withToken({
  projection: v.variant("kind", [
    v.object({
      kind: v.literal("projected"),
      statementId: v.string(),
      statementDate: IsoDate,
      /** The statement's new balance: where both projections start. */
      balanceCents: Cents,
      /** Its Total Minimum Due. */
      minimumDueCents: Cents,
      billingCycle: v.picklist(Object.keys(statementsPerYear) as [BillingCycle, ...BillingCycle[]]),
      /** Paying only each minimum: the figures the statement printed, when it carries them. */
      minimum: Projection,
      /** Paying `fixedPaymentCents` on every due date; null when none was asked. */
      fixed: v.nullable(Projection),
      fixedPaymentCents: v.nullable(Cents),
    }),
    v.object({ kind: v.picklist(NO_PROJECTION) }),
  ]),
});

/**
 * The payoff projection of the caller's line. A fixed payment above the statement's balance is
 * refused with 422 and `fields.fixedPaymentCents` (fixedPaymentMessages.maximum).
 */
export const GetPayoffProjection = defineCall({
  method: "POST",
  path: "Account/GetPayoffProjection",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ fixedPaymentCents: v.optional(FixedPaymentCents()) }),
  answer: PayoffProjectionAnswer,
});
