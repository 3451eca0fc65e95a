import { useSearchParams } from "react-router";
import { brand } from "#domain/config";
import { PortalShell } from "../../components/portal/PortalShell";
import { TransactionsView } from "../../components/portal/TransactionsView";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/transactions";
import { portalSummary } from "./portal.server";
import { drawUnavailableOf, pendingPayments, portalStanding, transactionRows } from "./portal-data";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Transactions | ${brand.name}` }];
}

/** Also the View all panel's Transactions tab data (fetched by the account page). */
export async function loader({ context }: Route.LoaderArgs) {
  const s = await portalSummary(context);
  return {
    standing: portalStanding(s.accountHeader),
    drawUnavailable: drawUnavailableOf(s.accountConfig),
    rows: transactionRows(s.allTransactions),
    pending: pendingPayments(s.pendingETransactions),
  };
}

/** All transactions, filterable by links (`?show=`, so without JavaScript too), and payments in process. */
export default function Transactions({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <PortalShell
      standing={loaderData.standing}
      pastDue={loaderData.standing !== "current"}
      drawUnavailable={loaderData.drawUnavailable}
    >
      <h1>Transactions</h1>
      <TransactionsView rows={loaderData.rows} pending={loaderData.pending} filter={params.get("show")} />
    </PortalShell>
  );
}
