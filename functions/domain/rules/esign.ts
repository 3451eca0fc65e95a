import { draws } from "../config";
import { formatMoney } from "../format";
import { sameName } from "./names";

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

export const drawMessages = {
  minimum: `The minimum draw is ${formatMoney(draws.minCents)}.`,
  limit: "Your draw amount cannot exceed your credit limit",
  increment: `Draws must be in ${formatMoney(draws.incrementCents)} increments.`,
  decision: "Please select a draw amount or check the box indicating you don't want to draw right now",
} as const;

/** The first draw: 0 means none; otherwise minimum, increment and the credit limit apply. */
export function firstDrawProblem(
  amountCents: number,
  limitCents: number,
  refused: boolean,
): keyof typeof drawMessages | null {
  if (refused) return null;
  if (amountCents <= 0) return "decision";
  if (amountCents < draws.minCents) return "minimum";
  if (amountCents > limitCents) return "limit";
  if (amountCents % draws.incrementCents !== 0) return "increment";
  return null;
}

/**
 * Paper-check repayment is offered only to borrowers paid by paper check
 * (decision record 008): everyone paid by direct deposit repays by EFT.
 */
export function paperCheckAllowed(incomePaymentMethod: string | undefined): boolean {
  return incomePaymentMethod === "P";
}
