import * as v from "valibot";

/**
 * The one money-input rule (decision "inputs accepted as people type them"):
 * an amount with an optional leading $, thousands commas (in the right
 * places) and up to two decimals. Anything else (a minus sign, an exponent
 * such as 1e3, letters, three decimals) is not an amount: the field's
 * message says so, and nothing is reinterpreted. Browser and server share it.
 * Pure: no I/O, browser-safe; money is integer cents from here on.
 */

const AMOUNT = /^\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)?(?:\.(\d{0,2}))?$/;

/** The amount typed, in integer cents, or null when it is not an amount of money. */
export function moneyInputCents(text: string): number | null {
  const match = text.trim().match(AMOUNT);
  // Some digit is needed: "$" or "." alone is not an amount (".50" is).
  if (!match || !(match[1] || match[2])) return null;
  const whole = (match[1] ?? "0").replace(/,/g, "");
  // Beyond this the text is not a sum a person means (and Number would lose cents).
  if (whole.length > 12) return null;
  const cents = (match[2] ?? "").padEnd(2, "0");
  return Number(whole) * 100 + Number(cents);
}

/** Cents as the box shows them once left: 12345.67 (no $ or commas, which the label already says). */
export function moneyInputText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** An amount as typed shown with two decimals, or the text unchanged when it is not an amount (the message says why). */
export function normaliseMoneyInput(text: string): string {
  const cents = moneyInputCents(text);
  return cents === null ? text : moneyInputText(cents);
}

/** A money field's schema (browser and server): as typed in, integer cents out, the field's message for anything that is not an amount. */
export const moneyInputSchema = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((text) => moneyInputCents(text) !== null, message),
    v.transform((text) => moneyInputCents(text)!),
  );

/**
 * The draw fields' message for text that is not an amount: the spec has one
 * for each limit but none for "1e3" or "-500", which must not be read as a
 * too-small draw (decision: refused, never reinterpreted).
 */
export const DRAW_NOT_AN_AMOUNT = "Please enter the draw amount in dollars, such as 250 or $1,000.00.";

/** The same for the payment's Other Amount: "-20" or "1e3" is not a payment below the minimum. */
export const PAYMENT_NOT_AN_AMOUNT = "Please enter the payment amount in dollars, such as 50 or $1,000.00.";
