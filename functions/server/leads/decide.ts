import type { Lead } from "#domain/leads/schema";
import { catalogue, memoryTokenHolder, platformClient } from "#platform";
import { processApplicationBody, type SubmissionMeta } from "../application/submit";
import type { Env } from "../env";
import type { Outcome } from "./store";

/**
 * Asks the platform for the decision, exactly as the wizard's banking step
 * does (one ProcessApplication with the lead's ExtTransactionID), with the
 * partner's code as pdLoanRcvdFrom. Any failure is an "error" outcome that
 * the partner may retry with the same lead id.
 */
export async function decideLead(
  env: Env,
  ctx: ExecutionContext | undefined,
  lead: Lead,
  meta: SubmissionMeta,
): Promise<Outcome> {
  const { partnerLeadId: _partnerLeadId, ...answers } = lead;
  // A merchant-level token of its own: the applicant's token is made when they follow the link.
  const platform = platformClient(env, memoryTokenHolder(), ctx);
  try {
    const answer = await platform.call(
      catalogue.applications.ProcessApplication,
      processApplicationBody(answers, meta),
    );
    const applicationId = answer.applicationId ?? undefined;
    if (answer.appStatus === "A") {
      return {
        answer: { status: "approved", applicationId },
        platformStatus: "A",
        transactionId: answer.transactionId,
        approvedLimitCents: answer.approvedAmount,
      };
    }
    // D, E (already a customer: they sign in instead) and anything else are denials for the partner.
    return {
      answer: { status: "denied", applicationId },
      platformStatus: answer.appStatus,
      transactionId: answer.transactionId,
      approvedLimitCents: null,
    };
  } catch (error) {
    // The reason stays in our logs by name only (no applicant data).
    console.error("lead decision failed", error instanceof Error ? error.message.split(":")[0] : "unknown");
    return { answer: { status: "error" }, platformStatus: null, transactionId: null, approvedLimitCents: null };
  }
}
