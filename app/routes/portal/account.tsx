import { useState } from "react";
import { Link } from "react-router";
import { brand, phones } from "#domain/config";
import { formatDate, formatMoney } from "#domain/format";
import { paymentsLocked } from "#domain/rules/payments";
import { drawBlockMessages, drawBlockOf } from "#domain/rules/standing";
import { PhoneLink } from "../../components/PhoneLink";
import { ChargedOffStatus } from "../../components/portal/ChargedOffStatus";
import { CreditDonut } from "../../components/portal/CreditDonut";
import { DataTable, documentColumns, TransactionsTable } from "../../components/portal/DataTable";
import { DetailPanel, type DetailTab } from "../../components/portal/DetailPanel";
import { NO_STATEMENTS } from "../../components/portal/DocumentsView";
import { PortalShell } from "../../components/portal/PortalShell";
import { NO_TRANSACTIONS } from "../../components/portal/TransactionsView";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/account";
import { portalSummary } from "./portal.server";
import {
  type AmountDue,
  amountDue,
  drawUnavailableOf,
  nextAutoPayment,
  padRecent,
  paymentLockFacts,
  paymentLockMessages,
  portalStanding,
  readSummary,
  statementAheadText,
  statementRows,
  transactionRows,
} from "./portal-data";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Your Account | ${brand.name}` }];
}

/** One platform call per request: everything on the page comes from the summary. */
export async function loader({ context }: Route.LoaderArgs) {
  const s = await portalSummary(context);
  const header = s.accountHeader;
  const { creditLimit } = readSummary(header);
  const lock = paymentsLocked(paymentLockFacts(s));
  return {
    firstName: s.accountProfile.firstName,
    standing: portalStanding(header),
    drawUnavailable: drawUnavailableOf(s.accountConfig),
    figures: {
      balance: header.accountBalance,
      limit: creditLimit,
      available: header.availableCredit,
      due: amountDue(header, s.allStatements.length > 0),
      autoPayment: nextAutoPayment(header),
      credit: header.creditBalance,
    },
    // The payments page opens only for a line with a limit (spec file 3, section 4).
    payment: creditLimit > 0 ? { lock: lock ? paymentLockMessages[lock] : null } : null,
    canDraw: s.accountConfig.isEligibleForDraw,
    // A line closing at the borrower's request shows $0 available: say why beside it, not only on the draw page.
    closing: !s.accountConfig.isEligibleForDraw && drawBlockOf(s.accountConfig.drawMessage) === "closing",
    recent: transactionRows(padRecent(s.recentTransactions, s.allTransactions)),
    statements: statementRows(s.recentStatements),
  };
}

/**
 * What is owed and when: the whole balance once charged off; else the next
 * due date and minimum, when there is one (a statement still to come with
 * nothing owed before it is said in words under the figures instead).
 */
function DueFigures({ due }: { due: AmountDue }) {
  if (due.kind === "chargedOff")
    return (
      <div>
        <dt>Balance Due</dt>
        <dd>{formatMoney(due.balanceDueCents, { cents: true })}</dd>
      </div>
    );
  if (due.kind !== "due") return null;
  return (
    <>
      <div>
        <dt>Next Payment Due Date</dt>
        <dd>{formatDate(due.date)}</dd>
      </div>
      <div>
        <dt>Next Minimum Due</dt>
        <dd>{formatMoney(due.minimumCents, { cents: true })}</dd>
      </div>
    </>
  );
}

/**
 * The summary's buttons. Charged off, the whole balance is due: paying it off
 * is the main action (the payments page opens on Pay Off Balance), a smaller
 * payment the other. Locked, MAKE A PAYMENT stays in sight, disabled, with why.
 */
function SummaryActions({
  payment,
  chargedOff,
  canDraw,
}: {
  payment: { lock: string | null } | null;
  chargedOff: boolean;
  canDraw: boolean;
}) {
  const open = payment !== null && !payment.lock;
  return (
    <div className="button-row summary-actions">
      {open && chargedOff ? (
        <Link to="/payments?option=full" className="button button-primary">
          PAY OFF BALANCE
        </Link>
      ) : null}
      {open ? (
        <Link to="/payments" className={chargedOff ? "button button-outline" : "button button-primary"}>
          MAKE A PAYMENT
        </Link>
      ) : null}
      {payment?.lock ? (
        <>
          <button type="button" className="button button-primary" disabled aria-describedby="payment-lock">
            MAKE A PAYMENT
          </button>
          <p id="payment-lock" className="payment-lock">
            {payment.lock}
          </p>
        </>
      ) : null}
      {canDraw ? (
        <Link to="/draw" className="button button-outline">
          Request a Cash Advance
        </Link>
      ) : null}
    </div>
  );
}

/** The account page's statement list: date, amount (Total Minimum Due) and download/view. */
const statementListColumns = documentColumns.filter((c) => ["date", "amount", "download"].includes(c.key));

export default function Account({ loaderData }: Route.ComponentProps) {
  const { figures, standing, payment } = loaderData;
  const pastDue = standing !== "current";
  const [panel, setPanel] = useState<{ open: boolean; tab: DetailTab }>({ open: false, tab: "transactions" });
  // With JavaScript, View all opens the panel; without it, the link goes to the page.
  const viewAll = (tab: DetailTab) => (event: React.MouseEvent) => {
    event.preventDefault();
    setPanel({ open: true, tab });
  };
  return (
    <PortalShell standing={standing} pastDue={pastDue} drawUnavailable={loaderData.drawUnavailable}>
      <h1>Welcome back, {loaderData.firstName}</h1>
      <section className="summary card" aria-labelledby="summary-title">
        <h2 id="summary-title">Account Summary</h2>
        <div className="summary-grid">
          {figures.due.kind === "chargedOff" ? (
            <ChargedOffStatus message={figures.due.message} />
          ) : (
            <CreditDonut availableCents={figures.available} limitCents={figures.limit} pastDue={pastDue} />
          )}
          <dl className="figures">
            <div>
              <dt>Account Balance</dt>
              <dd>{formatMoney(figures.balance, { cents: true })}</dd>
            </div>
            <DueFigures due={figures.due} />
            <div>
              <dt>Credit Limit</dt>
              <dd>{formatMoney(figures.limit)}</dd>
            </div>
          </dl>
        </div>
        {figures.due.kind === "statementAhead" ? (
          <p className="statement-ahead">{statementAheadText(figures.due)}</p>
        ) : null}
        {figures.credit > 0 ? (
          <p className="credit-balance">
            <strong>Credit Balance:</strong> {formatMoney(figures.credit, { cents: true })}. You paid this much more
            than you owed. Call us at <PhoneLink digits={phones.customerService} /> to have it refunded to your bank
            account.
          </p>
        ) : null}
        {loaderData.closing ? <p className="closing-note">{drawBlockMessages.closing}</p> : null}
        {figures.autoPayment ? (
          <p className="auto-payment">
            <strong>Next Automatic Payment:</strong> {formatMoney(figures.autoPayment.amountCents, { cents: true })} on{" "}
            {formatDate(figures.autoPayment.date)}
          </p>
        ) : null}
        <SummaryActions payment={payment} chargedOff={figures.due.kind === "chargedOff"} canDraw={loaderData.canDraw} />
      </section>
      <div className="account-lists">
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title">Recent Transactions</h2>
          <TransactionsTable rows={loaderData.recent} caption="Recent Transactions" empty={NO_TRANSACTIONS} />
          <a href="/transactions" className="view-all" onClick={viewAll("transactions")}>
            View all<span className="visually-hidden"> transactions</span>
          </a>
        </section>
        <section className="card" aria-labelledby="statements-title">
          <h2 id="statements-title">Billing Statements</h2>
          <DataTable
            rows={loaderData.statements}
            columns={statementListColumns}
            rowKey={(r) => r.key}
            caption="Billing Statements"
            empty={NO_STATEMENTS}
          />
          <a href="/documents" className="view-all" onClick={viewAll("documents")}>
            View all<span className="visually-hidden"> documents</span>
          </a>
        </section>
      </div>
      <DetailPanel
        open={panel.open}
        tab={panel.tab}
        onTab={(tab) => setPanel({ open: true, tab })}
        onClose={() => setPanel((p) => ({ ...p, open: false }))}
      />
    </PortalShell>
  );
}
