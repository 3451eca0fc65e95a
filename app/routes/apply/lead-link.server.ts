import { type RouterContextProvider, redirect } from "react-router";
import { database } from "#db/client";
import { catalogue, memoryTokenHolder, PlatformError, platformClient } from "#platform";
import { emptyDraft } from "#server/application/draft";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { redeemLink, releaseLink } from "#server/leads/store";
import { startSession } from "#server/sessions/session";

/** The lead-post error page (spec file 1, section 4), with the Application ID when known. */
const leadPostError = (applicationId: number | null) =>
  redirect(applicationId ? `/apply/leadpost?appid=${applicationId}` : "/apply/leadpost");

/**
 * A partner's applicant arriving with /apply/approved?ID=<token>: the link
 * works once, within 24 hours (decision record 010). The platform gives a
 * token and the transaction information; with a record, a new session holds
 * the decision as the wizard's would (so e-sign follows as usual) and the
 * applicant is sent to /apply/approved without the token in the address.
 * If the platform call fails, the link is given back for another try.
 */
export async function followLeadLink(context: Readonly<RouterContextProvider>, token: string): Promise<Response> {
  const { env, ctx } = context.get(edgeContext);
  const db = database(env.DB);
  const redemption = await redeemLink(db, token, Date.now());
  if (!redemption.ok) return leadPostError(redemption.applicationId);
  const lead = redemption.lead;

  const tokens = memoryTokenHolder();
  let record;
  try {
    const info = await platformClient(env, tokens, ctx).call(catalogue.applications.GetUwsTransactionInformation, {
      transactinId: lead.transactionId!,
    });
    record = info.transactionRecords[0];
  } catch (error) {
    // Not the applicant's fault (a timeout, a 500): the link is given back, so following it again works.
    await releaseLink(db, lead);
    if (!(error instanceof PlatformError)) throw error;
    return leadPostError(lead.applicationId);
  }
  // The platform answered: with no record the lead cannot continue, and the link stays used.
  if (!record || !tokens.get()) return leadPostError(lead.applicationId);

  const draft = {
    ...emptyDraft(),
    values: { personal: { firstName: record.firstName } },
    decision: {
      status: "A",
      limitCents: record.approvedAmount,
      applicationId: record.applicationId,
      transactionId: lead.transactionId,
    },
  };
  // A new session id: whatever id the browser held before cannot carry the applicant's token.
  const { session } = context.get(sessionContext);
  const started = await startSession(env, { application: draft, platformToken: tokens.get()! }, { replacing: session });
  return redirect("/apply/approved", { headers: { "Set-Cookie": started.setCookie } });
}
