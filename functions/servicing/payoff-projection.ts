import * as v from "valibot";
import type { GetPayoffProjection } from "#domain/catalogue/account";
import { FixedPaymentCents } from "#domain/catalogue/account";
import type { Answer } from "#domain/catalogue/define";
import { cycleOf, type LineState, lineStanding } from "./account-state";
import { ServicingError } from "./context";
import {
  type IssuedStatement,
  lastIssued,
  type PaymentProjection,
  projectFixedPayments,
  projectionStart,
  projectMinimumPayments,
} from "./engine/index";

type Projection = Answer<typeof GetPayoffProjection>["projection"];

/**
 * Account/GetPayoffProjection (the payments page's minimum-payment warning): the engine's
 * projection from the line's latest issued statement, the same walk that statement's own warning
 * was computed with. Where the statement stored its warning, the minimum-only figures are the
 * stored ones, so the page never says other than the statement printed (an issued statement's
 * figures never change, even if a fee table later does); the chart's points come from the engine.
 */
export function payoffProjection(state: LineState, fixedPaymentCents: number | undefined): Projection {
  const standing = lineStanding(state);
  if (standing === "closed") return { kind: "closed" };
  // Charged off, the whole balance is due at once: there is no minimum payment to project.
  if (standing === "charged_off") return { kind: "chargedOff" };
  const statement =
    standing === "awaiting_esign" || standing === "withdrawn" ? null : lastIssued(state.book.statements);
  if (!statement) return { kind: "noStatement" };
  const start = projectionStart(statement, cycleOf(state.line));
  return {
    kind: "projected",
    statementId: statement.id,
    statementDate: statement.statementDate,
    balanceCents: start.balanceCents,
    minimumDueCents: start.minimumDueCents,
    billingCycle: start.cycle,
    minimum: asPrinted(projectMinimumPayments(start), statement),
    fixed:
      fixedPaymentCents === undefined
        ? null
        : projectFixedPayments(start, checkedPayment(fixedPaymentCents, start.balanceCents)),
    fixedPaymentCents: fixedPaymentCents ?? null,
  };
}

/** The catalogue's own rule, with the statement's balance as the maximum: the page shows the same message. */
function checkedPayment(paymentCents: number, balanceCents: number): number {
  const checked = v.safeParse(FixedPaymentCents(balanceCents), paymentCents);
  if (checked.success) return checked.output;
  const message = checked.issues[0].message;
  throw new ServicingError(422, message, { fixedPaymentCents: message });
}

/** The minimum-only projection with the figures its statement stored (none stored: the engine's own). */
function asPrinted(projection: PaymentProjection, statement: IssuedStatement): PaymentProjection {
  const notices = statement.notices;
  if (!notices) return projection;
  const { payoffStatements: statements, payoffMonths: months, payoffFeesCents: feesCents } = notices;
  const never = statements === null || months === null || feesCents === null;
  return {
    ...projection,
    statements,
    months,
    feesCents,
    totalPaidCents: never ? null : statement.principalCents + feesCents,
  };
}
