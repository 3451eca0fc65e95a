import { Link } from "react-router";
import { brand } from "../../../functions/config";
import { CreditDonut } from "../../components/portal/CreditDonut";
import { TransactionsTable } from "../../components/portal/DataTable";
import { PortalShell } from "../../components/portal/PortalShell";
import { formatDate, formatMoney, formatTableDate } from "../../lib/format";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/account";
import { portalSummary } from "./portal.server";
import { portalStanding, transactionRows } from "./portal-data";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Your Account | ${brand.name}` }];
}

/** One platform call per request: everything on the page comes from the summary. */
export async function loader({ context }: Route.LoaderArgs) {
  const s = await portalSummary(context);
  return {
    firstName: s.accountProfile.firstName,
    standing: portalStanding(s.accountHeader),
    header: {
      balance: s.accountHeader.accountBalance,
      limit: s.accountHeader.creditLimit,
      available: s.accountHeader.availableCredit,
      nextDate: s.accountHeader.nextPaymentDate,
      minimum: s.accountHeader.minPaymentAmount,
      pastDue: s.accountHeader.pastDueAmount,
    },
    recent: transactionRows(s.recentTransactions),
    statements: s.recentStatements,
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { header, standing } = loaderData;
  const pastDue = standing !== "current";
  return (
    <PortalShell standing={standing} pastDue={pastDue}>
      <h1>Welcome back, {loaderData.firstName}</h1>
      <section className="summary card" aria-labelledby="summary-title">
        <h2 id="summary-title">Account Summary</h2>
        <div className="summary-grid">
          <CreditDonut availableCents={header.available} limitCents={header.limit} pastDue={pastDue} />
          <dl className="figures">
            <div><dt>Account Balance</dt><dd>{formatMoney(header.balance, { cents: true })}</dd></div>
            <div><dt>Next Payment Due Date</dt><dd>{header.nextDate ? formatDate(header.nextDate) : "None scheduled"}</dd></div>
            <div><dt>Next Minimum Due</dt><dd>{formatMoney(header.minimum, { cents: true })}</dd></div>
            <div><dt>Credit Limit</dt><dd>{formatMoney(header.limit)}</dd></div>
          </dl>
        </div>
        <div className="button-row">
          <Link to="/payments" className="button button-primary">MAKE A PAYMENT</Link>
          <Link to="/draw" className="button button-outline">Request a Cash Advance</Link>
        </div>
      </section>
      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title">Recent Transactions</h2>
        <TransactionsTable rows={loaderData.recent} caption="Your three most recent transactions" empty="There are no transactions to display at this time." />
        <Link to="/transactions">View all<span className="visually-hidden"> transactions</span></Link>
      </section>
      <section className="card" aria-labelledby="statements-title">
        <h2 id="statements-title">Billing Statements</h2>
        {loaderData.statements.length === 0 ? (
          <p>There are no statements to display at this time.</p>
        ) : (
          <ul className="statement-list">
            {loaderData.statements.map((s) => (
              <li key={s.statementId}>
                <a href={s.eDocumentURL} target="_blank" rel="noopener">
                  Statement {formatTableDate(s.eDocumentDate)}<span className="visually-hidden"> (PDF, opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <Link to="/documents">View all<span className="visually-hidden"> documents</span></Link>
      </section>
    </PortalShell>
  );
}
