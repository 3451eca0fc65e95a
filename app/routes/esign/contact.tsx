import { Link, redirect } from "react-router";
import { brand, phones } from "#domain/config";
import { formatDate, formatMoney } from "#domain/format";
import { sessionContext } from "#server/http/request-context";
import { Withdrawn } from "../../components/esign/Withdrawn";
import { LogOutButton } from "../../components/NavLinks";
import { PhoneLink } from "../../components/PhoneLink";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/contact";
import { accountReady } from "./esign.server";

export const handle: RouteHandle = { layout: { isEsignPage: true, isEsignContact: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `eSigned | ${brand.name}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { session } = context.get(sessionContext);
  const done = session?.data.esignDone;
  // Withdrawn during this e-sign: the withdrawal, never a success (0-decisions.md).
  const withdrawn = session?.data.esign?.withdrawn;
  if (!done && withdrawn) return { withdrawn };
  if (!session || !done) throw redirect(session?.data.customerId ? "/account" : "/login");
  // Whether the account can be used yet decides what the page promises (issue 33: state only what is true).
  return { ...done, signedIn: Boolean(session.data.customerId), ready: await accountReady(context, session) };
}

/** Spec file 2, section 2: the success page shows the portal navigation, once the borrower is signed in (0-decisions.md). */
function PortalNavigation() {
  return (
    <nav aria-label="Account" className="portal-nav esign-portal-nav">
      <ul>
        <li>
          <Link to="/account">Account</Link>
        </li>
        <li>
          <Link to="/draw">Request a Draw</Link>
        </li>
        <li>
          <Link to="/payments">Payments</Link>
        </li>
        <li>
          <Link to="/preferences">Preferences</Link>
        </li>
      </ul>
    </nav>
  );
}

type Done = Extract<Route.ComponentProps["loaderData"], { firstName: string }>;

/**
 * The way into the account (issue 33): the page's main action, with what the
 * borrower will find there. Signed in: the account itself (which brings them
 * back here until it is ready). Not signed in: Log In with the password made
 * at consent, or Create a Password first.
 */
function wayIn(done: Done) {
  if (done.signedIn)
    return {
      action: (
        <Link to="/account" className="button button-primary">
          Go to My Account
        </Link>
      ),
      note: done.ready ? null : "Until your account is ready, Go to My Account brings you back to this page.",
    };
  if (done.hasPassword)
    return {
      action: (
        <Link to="/login" className="button button-primary">
          Log In to My Account
        </Link>
      ),
      note: "Log in with your e-mail address and the password you created.",
    };
  return {
    action: (
      <Link to="/create-password" className="button button-primary">
        Create a Password
      </Link>
    ),
    note: "To see your account, create a password, then log in.",
  };
}

/** Spec file 2, section 2.8; the account first, Log Out beside it (issue 33). */
export default function EsignContact({ loaderData }: Route.ComponentProps) {
  if ("withdrawn" in loaderData && loaderData.withdrawn) return <Withdrawn reason={loaderData.withdrawn} />;
  if (!("firstName" in loaderData)) return null;
  const done = loaderData;
  const way = wayIn(done);
  return (
    <section className="container page-section outcome">
      {done.signedIn ? <PortalNavigation /> : null}
      <h1>Congrats, {done.firstName}. You've successfully eSigned your line of credit.</h1>
      <p>
        {done.ready
          ? "Your account is ready, and we're e-mailing you to say so."
          : "Your account is being set up, usually within a few minutes, and we'll send you an e-mail when it's ready."}
      </p>
      {done.drawCents > 0 && done.fundingDate ? (
        <p className="banner">
          We're processing your {formatMoney(done.drawCents)} draw. The funds may show in your bank account as soon as{" "}
          {formatDate(done.fundingDate)}.
        </p>
      ) : (
        <p>To request your first draw, {done.signedIn ? "go to your account" : "log in"} and choose Request a Draw.</p>
      )}
      {way.note ? <p>{way.note}</p> : null}
      <div className="button-row outcome-actions">
        {way.action}
        <LogOutButton className="button button-outline" />
      </div>
      {/* Spec file 2.8 has a link back to the approval "to re-eSign". Once signed there is nothing to sign again
          (the approval page comes straight back here), so the link would be a dead end: only the phone stays. */}
      <p>
        Questions? Call <PhoneLink digits={phones.customerService} />.
      </p>
    </section>
  );
}
