import { type RouterContextProvider, redirect } from "react-router";
import type { Answer } from "#domain/catalogue/define";
import { draws } from "#domain/config";
import { drawLimitsOf } from "#domain/rules/standing";
import { catalogue, PlatformError } from "#platform";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { type Session, saveSession } from "#server/sessions/session";
import type { EsignState, SessionData } from "#server/sessions/session-data";
import type { WithdrawalReason } from "../../components/esign/Withdrawn";
import { pagePlatform } from "../../lib/platform.server";
import { serviceUnavailable } from "../../lib/service-error";
import { sessionOver } from "../../lib/session-over.server";
import { readSummary } from "../portal/portal-data";

type Context = Readonly<RouterContextProvider>;

/** Who may e-sign: an approved applicant (this session's decision) or a signed-in borrower with status G. */
export function esignSession(context: Context): Session {
  const { session } = context.get(sessionContext);
  const approved = session?.data.application?.decision?.status === "A";
  const awaiting = session?.data.customerId && session.data.loanStatus === "G";
  // No e-sign here (a new application started in this browser, or the session ended): the login page says how to go on.
  if (!session?.data.platformToken || !(approved || awaiting)) throw redirect("/login?CalledFrom=Esign");
  return session;
}

export const esignPlatform = pagePlatform;

/** Thrown by readEsignFacts when the platform says the application is withdrawn (loan status W). */
export class ApplicationWithdrawn extends Error {
  constructor(readonly reason: WithdrawalReason) {
    super("The application is withdrawn.");
  }
}

/** Why: what this session saw (the military statement, the passcode limit), else the platform's word alone. */
export function withdrawalReason(session: Session): WithdrawalReason {
  return session.data.esign?.withdrawn ?? "other";
}

/**
 * A page's e-sign facts, or the withdrawal it must show instead (0-decisions.md:
 * once withdrawn, every e-sign page says so, never a success or approval text).
 */
export async function esignPageFacts(context: Context, session: Session) {
  try {
    return await esignFacts(context, session);
  } catch (error) {
    if (error instanceof ApplicationWithdrawn) return { withdrawn: error.reason };
    throw error;
  }
}

/** Spec file 2, section 8: the e-sign pages' texts when the platform fails. */
export const esignServiceMessages = {
  load: "Unable to load data.",
  consent: "Unable to Save Consent Data.",
  drawAmount: "Unable to updateDrawAmount.",
} as const;

/**
 * The line, name and fee figures the e-sign pages show (from the account
 * summary). A platform that is down or times out is the page's service text
 * with Try again; a refused token sends the person to log in.
 */
export async function esignFacts(context: Context, session: Session) {
  try {
    return await readEsignFacts(context, session);
  } catch (error) {
    if (error instanceof PlatformError) throw serviceUnavailable(esignServiceMessages.load);
    throw error;
  }
}

/** esignFacts for a form post, which answers a platform failure itself (a PlatformError is thrown as it is). */
export async function readEsignFacts(context: Context, session: Session) {
  const { platform, tokens } = esignPlatform(context, session);
  try {
    const summary = await platform.call(catalogue.account.GetSummary, {});
    if (summary.accountHeader.loanStatusCode === "W") throw new ApplicationWithdrawn(withdrawalReason(session));
    if (!summary.accountHeader.requiresESignature) {
      await finishFromSummary(context, session, summary, tokens.get());
      throw redirect("/esign/contact");
    }
    const apps = await platform.call(catalogue.applications.GetApplications, {});
    // The inline create-password section is for borrowers who have no password yet.
    const users = (
      await platform.call(catalogue.auth.ValidateEmail, { emailAddress: summary.accountProfile.custEmail })
    ).users;
    const hasPassword = users.some((u) => u.customerId === summary.accountProfile.custId && u.userId > 0);
    return {
      tokens,
      // What Register checks for the inline password; kept off `facts`, which pages send to the browser.
      identity: { last4SSN: summary.accountProfile.last4SSN, dob: summary.accountProfile.custDOB },
      facts: {
        customerId: summary.accountProfile.custId,
        email: summary.accountProfile.custEmail,
        firstName: summary.accountProfile.firstName,
        lastName: summary.accountProfile.lastName,
        limitCents: summary.accountHeader.creditLimit,
        feePercent: summary.accountHeader.cashAdvanceFeePercentage,
        /** The platform's minimum draw and increment, as the portal's draw page reads them (spec file 2, section 3). */
        drawLimits: drawLimitsOf(summary.accountConfig),
        paperCheckAllowed: summary.accountConfig.isPaperCheckAllowed,
        /** The repayment method chosen at the banking step: the signature page opens on it (spec file 2, section 2.7). */
        chosenMethod:
          summary.accountHeader.repaymentMethod === "K" ? ("paper-check" as const) : ("direct-deposit" as const),
        requestedDrawCents: apps.applications[0]?.requestedDrawAmount ?? 0,
        hasPassword,
      },
    };
  } catch (error) {
    // An expired or refused token: the e-sign session is over (ended, with the login page's notice).
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await sessionOver(context);
    throw error;
  }
}

export function esignState(session: Session, requestedDrawCents: number): EsignState {
  return (
    session.data.esign ?? {
      agreed: {},
      marketingTexts: null,
      marketingCalls: false,
      drawCents: requestedDrawCents || draws.firstDrawDefaultCents,
      refuseDraw: false,
      consentComplete: false,
    }
  );
}

export async function storeEsign(context: Context, session: Session, esign: EsignState, token: string | null) {
  const { env } = context.get(edgeContext);
  await saveSession(env, session, { ...session.data, esign, platformToken: token ?? session.data.platformToken });
}

/** The line is signed: the session leaves e-sign, with what /esign/contact shows. */
export async function finishEsign(
  context: Context,
  session: Session,
  done: NonNullable<SessionData["esignDone"]>,
  token: string | null,
) {
  const { env } = context.get(edgeContext);
  await saveSession(env, session, {
    ...session.data,
    esign: undefined,
    loanStatus: "O",
    hasValidEsignatures: true,
    platformToken: token ?? session.data.platformToken,
    esignDone: done,
  });
}

type Summary = Answer<typeof catalogue.account.GetSummary>;

/**
 * Signed on the platform while this session still holds the e-sign: the
 * SUBMIT's answer was lost (a timeout, a 5xx after the platform acted). The
 * session is finished from the summary, so the borrower lands on the
 * confirmation instead of signing again or losing the way.
 */
async function finishFromSummary(context: Context, session: Session, summary: Summary, token: string | null) {
  if (summary.accountHeader.loanStatusCode === "W") return;
  if (!session.data.esign?.consentComplete || session.data.esignDone) return;
  const firstDraw = summary.pendingETransactions.find((t) => t.transactionDescription === "Cash Advance");
  await finishEsign(
    context,
    session,
    {
      firstName: summary.accountProfile.firstName,
      drawCents: firstDraw?.transationAmount ?? 0,
      fundingDate: firstDraw?.transationDate ?? null,
      // Not read again here: a password made on the consent page is known; one made elsewhere shows as none.
      hasPassword: session.data.esign.password?.step === "done",
    },
    token,
  );
}

/** After a failed FinishESign: true when the platform signed anyway (its answer was lost), with the session finished. */
export async function signedMeanwhile(context: Context, session: Session): Promise<boolean> {
  const { platform, tokens } = esignPlatform(context, session);
  try {
    const summary = await platform.call(catalogue.account.GetSummary, {});
    // Withdrawn is not signed: only an opened line finishes the session.
    if (summary.accountHeader.requiresESignature || summary.accountHeader.loanStatusCode === "W") return false;
    await finishFromSummary(context, session, summary, tokens.get());
    return true;
  } catch (error) {
    if (error instanceof PlatformError) return false; // still down: the page says so and keeps the form
    throw error;
  }
}

/** After a failed WithdrawApplication: true when the platform withdrew anyway (its answer was lost). */
export async function withdrawnMeanwhile(context: Context, session: Session): Promise<boolean> {
  try {
    await readEsignFacts(context, session);
    return false;
  } catch (error) {
    if (error instanceof ApplicationWithdrawn) return true;
    if (error instanceof PlatformError) return false; // still down: the page says so and keeps the form
    throw error;
  }
}

/**
 * Whether the line just signed is open to use now: the portal would show the
 * account rather than send the borrower back to the success page (spec file
 * 3, section 4). The embedded platform opens it with the signature; another
 * may take minutes. A platform that does not answer reads as not yet.
 */
export async function accountReady(context: Context, session: Session): Promise<boolean> {
  if (!session.data.platformToken) return false;
  const { platform } = esignPlatform(context, session);
  try {
    const summary = await platform.call(catalogue.account.GetSummary, {});
    return readSummary(summary.accountHeader).gate.flag === null;
  } catch (error) {
    if (error instanceof PlatformError) return false;
    throw error;
  }
}
