import * as v from "valibot";
import { cashAdvanceFeeAtPercent } from "#domain/fees";
import { DRAW_NOT_AN_AMOUNT, moneyInputCents } from "#domain/rules/money-input";
import { type DrawLimits, defaultDrawLimits, drawAmountMessage, drawAmountProblem } from "#domain/rules/standing";

/**
 * The draw amount as typed ("125", "$1,000", "125.00") to integer cents by
 * the one money rule, or NaN when it is not an amount of money at all.
 */
export function parseDrawAmount(text: string): number {
  return moneyInputCents(text) ?? Number.NaN;
}

/**
 * Spec file 3, section 5, as one schema: the browser runs it for instant
 * messages and the action re-checks the post with it. Available credit
 * differs per borrower, and the limits per platform, so the schema is made
 * for them.
 */
export function drawAmountSchema(availableCents: number, limits: DrawLimits = defaultDrawLimits) {
  return v.object({
    amount: v.pipe(
      v.optional(v.string(), ""),
      // "1e3" or "-500" is not an amount: said so, never read as a small draw. An empty field is below the minimum.
      v.check((text) => text.trim() === "" || moneyInputCents(text) !== null, DRAW_NOT_AN_AMOUNT),
      v.transform(parseDrawAmount),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const problem = drawAmountProblem(dataset.value, availableCents, limits);
        if (problem) addIssue({ message: drawAmountMessage(problem, limits) });
      }),
    ),
  });
}

/** The message for an amount as typed, or null when it may be drawn. */
export function drawAmountError(
  text: string,
  availableCents: number,
  limits: DrawLimits = defaultDrawLimits,
): string | null {
  const result = v.safeParse(drawAmountSchema(availableCents, limits), { amount: text });
  return result.success ? null : result.issues[0].message;
}

/** The figures of every view (spec file 3, section 5): fee = draw x percent / 100; received = draw - fee. */
export function drawFigures(amountCents: number, feePercent: number) {
  const feeCents = cashAdvanceFeeAtPercent(amountCents, feePercent);
  return { amountCents, feeCents, receivedCents: amountCents - feeCents };
}
