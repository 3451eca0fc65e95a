import { brand } from "../../../functions/config";
import { PortalShell } from "../../components/portal/PortalShell";
import { formatTableDate } from "../../lib/format";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/documents";
import { portalStanding } from "./portal-data";
import { portalSummary } from "./portal.server";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Documents | ${brand.name}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const s = await portalSummary(context);
  return { standing: portalStanding(s.accountHeader), statements: s.allStatements };
}

/** The signed Line Of Credit Agreement and every billing statement, each opening in a new tab. */
export default function Documents({ loaderData }: Route.ComponentProps) {
  return (
    <PortalShell standing={loaderData.standing} pastDue={loaderData.standing !== "current"}>
      <h1>Documents</h1>
      <section className="card" aria-labelledby="agreement-title">
        <h2 id="agreement-title">Line Of Credit Agreement</h2>
        <a href="/documents/agreement" target="_blank" rel="noopener">
          Download/View<span className="visually-hidden"> the Line Of Credit Agreement (opens in a new tab)</span>
        </a>
      </section>
      <section className="card" aria-labelledby="statements-title">
        <h2 id="statements-title">Billing Statements</h2>
        {loaderData.statements.length === 0 ? (
          <p>There are no statements to display at this time.</p>
        ) : (
          <table className="data-table">
            <caption>Billing statements, newest first</caption>
            <thead>
              <tr><th scope="col">Date</th><th scope="col">Billing Statement</th></tr>
            </thead>
            <tbody>
              {loaderData.statements.map((s) => (
                <tr key={s.statementId}>
                  <td>{formatTableDate(s.eDocumentDate)}</td>
                  <td>
                    <a href={s.eDocumentURL} target="_blank" rel="noopener">
                      Download/View<span className="visually-hidden"> statement of {formatTableDate(s.eDocumentDate)} (PDF, opens in a new tab)</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </PortalShell>
  );
}
