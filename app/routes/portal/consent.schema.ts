import * as v from "valibot";

/** The words of the consent to electronic records in Preferences and Documents (decision record 033). */
export const consentMessages = {
  understood: "Please confirm that you understand what withdrawing your consent means.",
  failed: "We could not record your withdrawal just now. Please try again, or call us.",
  withdrawnClosed:
    "Your consent is withdrawn. Your line of credit is closed, and we will send your records on paper, by mail.",
  withdrawnClosing:
    "Your consent is withdrawn. Your line is closed to new draws; pay as before, and it closes once paid. We will send your records on paper, by mail.",
  withdrawnUnchanged: "Your consent is withdrawn. We will send your records on paper, by mail.",
} as const;

/** WITHDRAW CONSENT: only with the box ticked that says what follows. One schema for the page and the action. */
export const withdrawConsentSchema = v.object({
  understood: v.literal("on", consentMessages.understood),
});
