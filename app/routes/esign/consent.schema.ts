import { drawMessages, firstDrawProblem } from "#domain/rules/esign";
import type { EsignState } from "#server/sessions/session-data";

/** Spec file 2, section 5: consent messages, verbatim. */
export const consentMessages = {
  agrarbitration: "Please read & agree to the Arbitration Agreement",
  agreleconsent: "Please read & agree to the Consent for Electronic Records",
  agrcredit: "Please read & agree to the Credit Agreement",
  marketingTexts: "Please select an option",
  incomplete: "Please complete all sections as noted above",
} as const;

export const REQUIRED_AGREEMENTS = ["agrarbitration", "agreleconsent", "agrcredit"] as const;

/**
 * Consent is valid only when marketing texts are answered, the arbitration,
 * electronic consent and credit agreements are accepted, and the draw
 * decision is made (spec file 2, section 5). The inline password is optional
 * in fact (0-decisions.md): one abandoned or expired never blocks the way on.
 */
export function consentProblems(state: EsignState, limitCents: number): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const kind of REQUIRED_AGREEMENTS) if (!state.agreed[kind]) problems[kind] = consentMessages[kind];
  if (state.marketingTexts === null) problems.marketingTexts = consentMessages.marketingTexts;
  const draw = firstDrawProblem(state.drawCents, limitCents, state.refuseDraw);
  if (draw) problems.drawAmount = drawMessages[draw];
  return problems;
}
