import type { Lead } from "#domain/leads/schema";
import { catalogue, memoryTokenHolder, PlatformError, platformClient } from "#platform";
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
  try {
    const answer = await withMerchantToken(env, ctx, (platform) =>
      platform.call(catalogue.applications.ProcessApplication, processApplicationBody(answers, meta)),
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
    const notice = answer.adverseActionNotice ? { adverseActionNotice: "sent" as const } : {};
    return {
      answer: { status: "denied", applicationId, ...notice },
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

/**
 * Leads share a merchant-level token per isolate for a few minutes, well
 * inside the platform's rotation (10 minutes) and lifetime (30): a lead then
 * spends no call on making one (two D1 round trips and a platform request
 * fewer each). The applicant's own token is made when they follow the link.
 */
const SHARED_FOR_MS = 5 * 60_000;
let shared: { platform: string; token: string; madeAt: number } | undefined;

export async function withMerchantToken<T>(
  env: Env,
  ctx: ExecutionContext | undefined,
  call: (platform: ReturnType<typeof platformClient>) => Promise<T>,
): Promise<T> {
  const which = env.PLATFORM_API_BASE ?? "embedded";
  const cached = shared && shared.platform === which && Date.now() - shared.madeAt < SHARED_FOR_MS ? shared : null;
  const platform = platformClient(env, memoryTokenHolder(cached?.token ?? null), ctx);
  if (!cached) shared = { platform: which, token: await platform.ensureMerchantToken(), madeAt: Date.now() };
  try {
    return await call(platform);
  } catch (error) {
    // A shared token the platform no longer knows (restored, revoked): refused before anything was done, so once more with a new one.
    if (!(cached && error instanceof PlatformError && error.kind === "unauthorized")) throw error;
    shared = undefined;
    return withMerchantToken(env, ctx, call);
  }
}
