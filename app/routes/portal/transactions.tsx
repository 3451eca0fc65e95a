import { Link, useSearchParams } from "react-router";
import { brand } from "../../../functions/config";
import { TransactionsTable } from "../../components/portal/DataTable";
import { PortalShell } from "../../components/portal/PortalShell";
import { formatMoney, formatTableDate } from "../../lib/format";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/transactions";
import { portalStanding, transactionRows } from "./portal-data";
import { portalSummary } from "./portal.server";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Transactions | ${brand.name}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const s = await portalSummary(context);
  return {
    standing: portalStanding(s.accountHeader),
    rows: transactionRows(s.allTransactions),
    pending: s.pendingETransactions.filter((t) => t.transactionDescription === "Payment").sort((a, b) => (a.transationDate < b.transationDate ? -1 : 1)),
  };
}

const FILTERS = [
  { id: "all", label: "All Completed Transactions", match: () => true },
  { id: "draws", label: "Draws", match: (d: string) => /Cash Advance/.test(d) },
  { id: "payments", label: "Payments", match: (d: string) => /Payment/.test(d) },
] as const;

/** All transactions, filterable (links, so the filter works without JavaScript), and payments in process. */
export default function Transactions({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const filter = FILTERS.find((f) => f.id === params.get("show")) ?? FILTERS[0];
  return (
    <PortalShell standing={loaderData.standing} pastDue={loaderData.standing !== "current"}>
      <h1>Transactions</h1>
      <details className="pending">
        <summary>Payments In Process &amp; Future One-Time Payments ({loaderData.pending.length})</summary>
        {loaderData.pending.length === 0 ? (
          <p>There are no payments in process.</p>
        ) : (
          <ul>
            {loaderData.pending.map((p) => (
              <li key={p.transactionId}>{formatTableDate(p.transationDate)} · {formatMoney(p.transationAmount, { cents: true })} · EFT Payment</li>
            ))}
          </ul>
        )}
      </details>
      <nav aria-label="Filter transactions" className="filters">
        {FILTERS.map((f) => (
          <Link key={f.id} to={`?show=${f.id}`} aria-current={f.id === filter.id ? "true" : undefined} className={f.id === filter.id ? "active" : undefined}>
            {f.label}
          </Link>
        ))}
      </nav>
      <TransactionsTable rows={loaderData.rows.filter((r) => filter.match(r.description))} caption={filter.label} empty="There are no transactions to display at this time." />
    </PortalShell>
  );
}
