import { Link, redirect } from "react-router";
import { brand, phones } from "#domain/config";
import { formatMoney } from "#domain/format";
import { sessionContext } from "#server/http/request-context";
import { Withdrawn } from "../../components/esign/Withdrawn";
import { LogOutButton } from "../../components/NavLinks";
import { PhoneLink } from "../../components/PhoneLink";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/contact";

export const handle: RouteHandle = { layout: { isEsignPage: true, isEsignContact: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `eSigned | ${brand.name}` }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { session } = context.get(sessionContext);
  const done = session?.data.esignDone;
  // Withdrawn during this e-sign: the withdrawal, never a success (0-decisions.md).
  const withdrawn = session?.data.esign?.withdrawn;
  if (!done && withdrawn) return { withdrawn };
  if (!done) throw redirect(session?.data.customerId ? "/account" : "/login");
  return { ...done, signedIn: Boolean(session?.data.customerId) };
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

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** Spec file 2, section 2.8. */
export default function EsignContact({ loaderData }: Route.ComponentProps) {
  if ("withdrawn" in loaderData && loaderData.withdrawn) return <Withdrawn reason={loaderData.withdrawn} />;
  if (!("firstName" in loaderData)) return null;
  return (
    <section className="container page-section outcome">
      {loaderData.signedIn ? <PortalNavigation /> : null}
      <h1>Congrats, {loaderData.firstName}. You've successfully eSigned your line of credit.</h1>
      <p>Your account is being set up, usually within a few minutes, and we'll send you an e-mail when it's ready.</p>
      {loaderData.drawCents > 0 && loaderData.fundingDate ? (
        <p className="banner">
          We're processing your {formatMoney(loaderData.drawCents)} draw. The funds may show in your bank account as
          soon as {longDate(loaderData.fundingDate)}.
        </p>
      ) : (
        <p>To request your first draw, log in and choose Draw.</p>
      )}
      <div className="button-row outcome-actions">
        <LogOutButton className="button button-primary" />
      </div>
      {/* Spec file 2.8 has a link back to the approval "to re-eSign". Once signed there is nothing to sign again
          (the approval page comes straight back here), so the link would be a dead end: only the phone stays. */}
      <p>
        Questions? Call <PhoneLink digits={phones.customerService} />.
      </p>
    </section>
  );
}
