import type { Lead } from "#domain/leads/schema";
import type { Outcome } from "./store";

/**
 * The partner sandbox (issue 21, docs/partners.md): a test partner's lead is
 * decided by its last name, so every answer can be reached on purpose, and
 * nothing reaches the platform's underwriting or creates an application.
 *
 * - "Denied": denied, as underwriting's refusals are answered;
 * - "Existing": denied, as an applicant who is already a customer is
 *   answered (they sign in instead);
 * - "Error": error (503 with Retry-After), as when the platform fails; the
 *   same lead id posted again is decided again, like a live retry;
 * - any other last name: approved, with a link to the sandbox page.
 */
export const SANDBOX_LAST_NAMES = { denied: "Denied", existing: "Existing", error: "Error" } as const;

export function sandboxOutcome(lead: Lead): Outcome {
  const last = lead.personal.lastName.trim().toLowerCase();
  const denied = (platformStatus: string): Outcome => ({
    answer: { status: "denied" },
    platformStatus,
    transactionId: null,
    approvedLimitCents: null,
  });
  if (last === SANDBOX_LAST_NAMES.denied.toLowerCase()) return denied("D");
  if (last === SANDBOX_LAST_NAMES.existing.toLowerCase()) return denied("E");
  if (last === SANDBOX_LAST_NAMES.error.toLowerCase())
    return { answer: { status: "error" }, platformStatus: null, transactionId: null, approvedLimitCents: null };
  return { answer: { status: "approved" }, platformStatus: "A", transactionId: null, approvedLimitCents: null };
}
