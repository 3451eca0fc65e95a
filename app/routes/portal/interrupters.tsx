import { Link, redirect } from "react-router";
import { brand, phones } from "#domain/config";
import { formatPhone, phoneHref } from "#domain/format";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/interrupters";
import { portalSummary } from "./portal.server";
import { readSummary } from "./portal-data";

export const handle: RouteHandle = { layout: { portal: true, interrupter: true } };

export function meta() {
  return [{ title: brand.name }];
}

/**
 * Each interrupter is for the one standing that leads to it (readSummary, the
 * landing rule): any other borrower goes where their summary sends them, the
 * account page when nowhere else. The summary call also ends a session the
 * platform no longer accepts (the login page's notice).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Client navigations ask for /accountclosed.data: match the start of the path.
  const closed = new URL(request.url).pathname.startsWith("/accountclosed");
  const summary = await portalSummary(context, { allowInterrupters: true });
  const { gate } = readSummary(summary.accountHeader);
  if (gate.flag !== (closed ? "closed" : "finalizeCredit")) throw redirect(gate.to ?? "/account");
  return { closed };
}

/** /accountclosed and /accountcredit (spec file 3, section 2). */
export default function Interrupter({ loaderData }: Route.ComponentProps) {
  return loaderData.closed ? (
    <section className="container page-section outcome">
      <h1>Your account is closed</h1>
      <p>
        Your account became inactive and was closed. You can reopen a line of credit by completing the application
        again.
      </p>
      <p>
        <button type="button" className="button button-primary" disabled>
          Apply Now
        </button>
      </p>
      <p>
        <Link to="/">Back to Homepage</Link>
      </p>
    </section>
  ) : (
    <section className="container page-section outcome">
      <h1>You never finalized your Line of Credit</h1>
      <p>Please call Customer Service to finish setting up your line of credit.</p>
      <p>
        <a className="button button-primary" href={phoneHref(phones.customerService)}>
          Call Now {formatPhone(phones.customerService)}
        </a>
      </p>
    </section>
  );
}
