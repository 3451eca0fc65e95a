import * as v from "valibot";
import { firstDrawMessage, firstDrawProblem } from "#domain/rules/esign";
import { DRAW_NOT_AN_AMOUNT, moneyInputCents, moneyInputText } from "#domain/rules/money-input";
import { type DrawLimits, defaultDrawLimits } from "#domain/rules/standing";
import type { EsignState } from "#server/sessions/session-data";

/** Spec file 2, section 5: consent messages, verbatim. */
export const consentMessages = {
  agrarbitration: "Please read & agree to the Arbitration Agreement",
  agreleconsent: "Please read & agree to the Consent for Electronic Records",
  agrcredit: "Please read & agree to the Credit Agreement",
  marketingTexts: "Please select an option",
  incomplete: "Please complete all sections as noted above",
} as const;

export const AGREEMENTS = [
  { kind: "agrarbitration", label: "Arbitration Agreement" },
  { kind: "agrprivacypolicy", label: "Privacy Policy" },
  { kind: "agreleconsent", label: "Consent for Electronic Records" },
  { kind: "agrcalprivacyact", label: "California Privacy Act" },
  { kind: "agrcredit", label: "Credit Agreement" },
] as const;
export type AgreementKind = (typeof AGREEMENTS)[number]["kind"];

export const REQUIRED_AGREEMENTS = ["agrarbitration", "agreleconsent", "agrcredit"] as const;

/** The first draw as the form sends it: the amount as typed, and the "I don't want to draw right now" box. */
export interface FirstDrawInput {
  drawAmount: string;
  refuseDraw: boolean;
}

/**
 * The first draw's field (spec file 2, section 5), one schema for the
 * browser (on leaving the field, and as the amount is corrected) and the
 * action: typed as people type money, then the portal's draw rule with the
 * consent's messages. Out: the draw in cents, 0 when refused.
 */
export function firstDrawSchema(limitCents: number, limits: DrawLimits = defaultDrawLimits) {
  return v.pipe(
    v.object({ drawAmount: v.string(), refuseDraw: v.boolean() }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { drawAmount, refuseDraw } = dataset.value;
      if (refuseDraw) return 0;
      // "1e3" or "-500" is not an amount: said so, never read as another draw. Blank is no draw (a decision is due).
      const cents = drawAmount.trim() === "" ? 0 : moneyInputCents(drawAmount);
      const problem = cents === null ? null : firstDrawProblem(cents, limitCents, false, limits);
      if (cents === null || problem) {
        addIssue({ message: problem ? firstDrawMessage(problem, limits) : DRAW_NOT_AN_AMOUNT });
        return NEVER;
      }
      return cents;
    }),
  );
}

/** The draw field's message for what is typed, or null when that draw may be asked for. */
export function firstDrawError(
  input: FirstDrawInput,
  limitCents: number,
  limits: DrawLimits = defaultDrawLimits,
): string | null {
  const result = v.safeParse(firstDrawSchema(limitCents, limits), input);
  return result.success ? null : result.issues[0].message;
}

/** What the draw field shows for a stored amount (blank for none). */
export const drawText = (cents: number): string => (cents > 0 ? moneyInputText(cents).replace(/\.00$/, "") : "");

/**
 * Consent is valid only when marketing texts are answered, the arbitration,
 * electronic consent and credit agreements are accepted, and the draw
 * decision is made (spec file 2, section 5). The inline password is optional
 * in fact (0-decisions.md): one abandoned or expired never blocks the way on.
 * The page runs it on what is on screen too, so a message (and the summary
 * alert) goes as soon as its answer is given.
 */
export function consentProblems(
  state: EsignState,
  limitCents: number,
  draw: FirstDrawInput = { drawAmount: drawText(state.drawCents), refuseDraw: state.refuseDraw },
  limits: DrawLimits = defaultDrawLimits,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const kind of REQUIRED_AGREEMENTS) if (!state.agreed[kind]) problems[kind] = consentMessages[kind];
  if (state.marketingTexts === null) problems.marketingTexts = consentMessages.marketingTexts;
  const drawError = firstDrawError(draw, limitCents, limits);
  if (drawError) problems.drawAmount = drawError;
  return problems;
}
