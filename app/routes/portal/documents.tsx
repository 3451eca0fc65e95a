import { Link, useSearchParams } from "react-router";
import { brand } from "#domain/config";
import { AgreementTable, StatementsTable } from "../../components/portal/DocumentsView";
import { ConsentRecordList } from "../../components/portal/ElectronicConsent";
import { PortalShell } from "../../components/portal/PortalShell";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/documents";
import { electronicConsent } from "./consent.server";
import { portalSummary } from "./portal.server";
import { agreementRow, drawUnavailableOf, portalStanding, readSummary, statementRows } from "./portal-data";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Documents | ${brand.name}` }];
}

/** Also the View all panel's Documents tab data (fetched by the account page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  // The consent record is its own view: the other two wait for the summary's one trip only.
  const wantsConsent = new URL(request.url).searchParams.get("view") === "consent";
  const [s, consent] = await Promise.all([
    portalSummary(context),
    wantsConsent ? electronicConsent(context) : undefined,
  ]);
  const { creditLimit } = readSummary(s.accountHeader);
  return {
    standing: portalStanding(s.accountHeader),
    drawUnavailable: drawUnavailableOf(s.accountConfig),
    agreement: agreementRow({ accountNumber: s.accountHeader.accountNumber, creditLimit }),
    statements: statementRows(s.allStatements),
    consent,
  };
}

const VIEWS = [
  { id: "agreement", label: "Line Of Credit Agreement" },
  { id: "statements", label: "Statements" },
  { id: "consent", label: "Electronic Records Consent" },
] as const;

type View = (typeof VIEWS)[number]["id"];
const viewOf = (asked: string | null): View => VIEWS.find((v) => v.id === asked)?.id ?? "agreement";

/** The signed agreement or the billing statements, toggled by links (`?view=`) that work without JavaScript. */
export default function Documents({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const view = viewOf(params.get("view"));
  return (
    <PortalShell
      standing={loaderData.standing}
      pastDue={loaderData.standing !== "current"}
      drawUnavailable={loaderData.drawUnavailable}
    >
      <h1>Documents</h1>
      <nav aria-label="Documents" className="filters">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <Link
                to={`?view=${v.id}`}
                className="filter"
                aria-current={v.id === view ? "page" : undefined}
                preventScrollReset
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === "agreement" ? (
        <section aria-labelledby="agreement-title">
          <h2 id="agreement-title">Line Of Credit Agreement</h2>
          <AgreementTable agreement={loaderData.agreement} />
        </section>
      ) : view === "consent" ? (
        <section aria-labelledby="consent-title">
          <h2 id="consent-title">Consent to Electronic Records</h2>
          <ConsentRecordList record={loaderData.consent ?? null} />
        </section>
      ) : (
        <section aria-labelledby="statements-title">
          <h2 id="statements-title">Billing Statements</h2>
          <StatementsTable statements={loaderData.statements} />
        </section>
      )}
    </PortalShell>
  );
}
