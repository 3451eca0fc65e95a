import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { brand } from "#domain/config";
import { formatMoney } from "#domain/format";
import { catalogue, PlatformError } from "#platform";
import { type WithdrawalReason, Withdrawn } from "../../components/esign/Withdrawn";
import type { RouteHandle } from "../../lib/layout";
import { pagePlatform } from "../../lib/platform.server";
import { serviceUnavailable } from "../../lib/service-error";
import { sessionOver } from "../../lib/session-over.server";
import { limitStatefulGet } from "../../lib/stateful-get.server";
import type { Route } from "./+types/approved";
import { followLeadLink } from "./lead-link.server";
import { readDraft } from "./wizard.server";

export const handle: RouteHandle = { layout: { isEsignPage: true, hidelogin: true } };

export function meta() {
  return [{ title: `Approved | ${brand.name}` }];
}

const ESIGN = "/esign/consent";
/** How long the "documents are being prepared" loader shows before moving on. */
const FORWARD_MS = 3_000;

/**
 * No query: the applicant's own decision from the session. With ?ID (a
 * partner's lead): the one-time link is followed (lead-link.server.ts) and
 * the applicant comes back here without it, or goes to the lead-post error
 * page. Only the first name and the approved limit are shown.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const leadToken = new URL(request.url).searchParams.get("ID");
  if (leadToken !== null) {
    await limitStatefulGet(context, request);
    throw await followLeadLink(context, leadToken);
  }
  const { session, draft } = readDraft(context, request);
  // Signed since (this session finished e-sign): the approval and "preparing your documents" are behind them.
  if (session?.data.esignDone) throw redirect("/esign/contact");
  if (!draft.decision && session?.data.customerId) {
    // Signed in with a line awaiting e-sign (login with loan status G): from the account summary.
    const { platform } = pagePlatform(context, session);
    try {
      const summary = await platform.call(catalogue.account.GetSummary, {});
      if (summary.accountHeader.loanStatusCode === "W")
        return { withdrawn: session.data.esign?.withdrawn ?? ("other" as const) };
      return { firstName: summary.accountProfile.firstName, limitCents: summary.accountHeader.creditLimit };
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "unauthorized") throw await sessionOver(context);
      // Down or slow: the page's text with Try again (a redirect to login would send a signed-in borrower straight back here).
      if (error instanceof PlatformError) throw serviceUnavailable("Unable to load data.");
      throw error;
    }
  }
  if (draft.decision?.status !== "A") throw redirect(draft.decision ? "/apply/review" : "/login?CalledFrom=Esign");
  const withdrawn = session ? await withdrawnSince(context, session) : null;
  if (withdrawn) return { withdrawn };
  return { firstName: draft.values.personal?.firstName ?? "", limitCents: draft.decision.limitCents };
}

/**
 * An approval withdrawn since (the military statement, the passcode limit):
 * this session saw it, or the platform says so. The platform is asked
 * best-effort: when it cannot answer, the e-sign page it leads to will say so.
 */
async function withdrawnSince(
  context: Route.LoaderArgs["context"],
  session: NonNullable<ReturnType<typeof readDraft>["session"]>,
): Promise<WithdrawalReason | null> {
  const seen = session.data.esign?.withdrawn;
  if (seen) return seen;
  if (!session.data.platformToken) return null;
  try {
    const summary = await pagePlatform(context, session).platform.call(catalogue.account.GetSummary, {});
    return summary.accountHeader.loanStatusCode === "W" ? "other" : null;
  } catch (error) {
    if (error instanceof PlatformError) return null;
    throw error;
  }
}

export default function Approved({ loaderData }: Route.ComponentProps) {
  if ("withdrawn" in loaderData && loaderData.withdrawn) return <Withdrawn reason={loaderData.withdrawn} />;
  if (!("limitCents" in loaderData)) return null;
  return <ApprovedView firstName={loaderData.firstName} limitCents={loaderData.limitCents} />;
}

function ApprovedView(loaderData: { firstName: string; limitCents: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(ESIGN), FORWARD_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="container page-section approved">
      <h1>
        Congratulations, {loaderData.firstName}! You're conditionally approved for a line of credit of{" "}
        {formatMoney(loaderData.limitCents)}.
      </h1>
      <div className="loader" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Please wait while we prepare your documents.</p>
      </div>
      <p>
        <Link to={ESIGN} className="button button-primary">
          Continue to eSign
        </Link>
      </p>
    </section>
  );
}
