import { sameName } from "./names";
import { type DrawLimits, defaultDrawLimits, drawAmountMessage, drawAmountProblem } from "./standing";

/**
 * E-sign rules shared by the pages and the platform (spec file 2, sections 4
 * and 5): the typed name and the first-draw amount.
 */

/**
 * The typed name must be first plus last name, with case, accents, spaces,
 * hyphens and apostrophes aside (decision record 030); the page shows the
 * name as the application has it, so the borrower knows what to type.
 */
export function borrowerNameMatches(typed: string, firstName: string, lastName: string): boolean {
  return sameName(typed, `${firstName}${lastName}`);
}

/** The name the signature field asks for, exactly as the application has it. */
export function nameToSign(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`;
}

/**
 * Spec file 2, section 5: the first draw's messages. The minimum and the
 * increment are the portal's (they name the limits in force); the credit
 * limit keeps the consent's own wording, as the spec gives it.
 */
export const drawMessages = {
  minimum: drawAmountMessage("minimum"),
  limit: "Your draw amount cannot exceed your credit limit",
  increment: drawAmountMessage("increment"),
  decision: "Please select a draw amount or check the box indicating you don't want to draw right now",
} as const;

export type FirstDrawProblem = keyof typeof drawMessages;

/** A first-draw problem's message, naming the platform's minimum and increment. */
export function firstDrawMessage(problem: FirstDrawProblem, limits: DrawLimits = defaultDrawLimits): string {
  return problem === "minimum" || problem === "increment" ? drawAmountMessage(problem, limits) : drawMessages[problem];
}

/**
 * The first draw: 0 means none (a decision is still needed); otherwise the
 * portal's draw rule (drawAmountProblem: minimum, increment, then the credit
 * available, which before a first draw is the whole line), so an amount the
 * portal would refuse is refused here too, in the same order.
 */
export function firstDrawProblem(
  amountCents: number,
  limitCents: number,
  refused: boolean,
  limits: DrawLimits = defaultDrawLimits,
): FirstDrawProblem | null {
  if (refused) return null;
  if (amountCents <= 0) return "decision";
  const problem = drawAmountProblem(amountCents, limitCents, limits);
  return problem === "maximum" ? "limit" : problem;
}

/**
 * Paper-check repayment is offered only to borrowers paid by paper check
 * (decision record 008): everyone paid by direct deposit repays by EFT.
 */
export function paperCheckAllowed(incomePaymentMethod: string | undefined): boolean {
  return incomePaymentMethod === "P";
}
