import { Link } from "react-router";
import type { PendingPayment, TransactionFilterId } from "../../routes/portal/portal-data";
import { filterTransactions, TRANSACTION_FILTERS, transactionFilter } from "../../routes/portal/portal-data";
import { type Column, DataTable, type TransactionRow, TransactionsTable } from "./DataTable";

export const NO_TRANSACTIONS = "There are no transactions to display at this time.";

const pendingColumns: ReadonlyArray<Column<PendingPayment>> = [
  { key: "date", header: "Date", kind: "date", value: (p) => p.date },
  { key: "amount", header: "Amount", kind: "money", value: (p) => p.amountCents },
  { key: "type", header: "Type", kind: "text", value: () => "EFT Payment" },
];

/**
 * 'Payments In Process & Future One-Time Payments' with its count. A native
 * disclosure, so See Details / Hide Details works without JavaScript; the
 * label swaps by CSS on the open state.
 */
export function PendingExpander({ pending }: { pending: readonly PendingPayment[] }) {
  return (
    <details className="pending">
      <summary>
        <span className="pending-title">Payments In Process &amp; Future One-Time Payments ({pending.length})</span>{" "}
        <span className="pending-see">See Details</span>
        <span className="pending-hide">Hide Details</span>
      </summary>
      <DataTable
        rows={pending}
        columns={pendingColumns}
        rowKey={(p) => String(p.id)}
        caption="Payments in process, earliest first"
        empty="There are no payments in process."
      />
    </details>
  );
}

/**
 * The filters: links (`?show=`) on the Transactions page, so they work
 * without JavaScript; buttons inside the View all panel, which must not
 * navigate away from the account page.
 */
export function FilterBar({
  current,
  onSelect,
}: {
  current: TransactionFilterId;
  onSelect?: (id: TransactionFilterId) => void;
}) {
  return (
    <nav aria-label="Filter transactions" className="filters">
      <ul>
        {TRANSACTION_FILTERS.map((f) => (
          <li key={f.id}>
            {onSelect ? (
              <button type="button" className="filter" aria-pressed={f.id === current} onClick={() => onSelect(f.id)}>
                {f.label}
              </button>
            ) : (
              <Link
                to={`?show=${f.id}`}
                className="filter"
                aria-current={f.id === current ? "page" : undefined}
                preventScrollReset
              >
                {f.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Pending payments, the filters and the filtered completed transactions. */
export function TransactionsView({
  rows,
  pending,
  filter,
  onFilter,
}: {
  rows: readonly TransactionRow[];
  pending: readonly PendingPayment[];
  filter: string | null;
  onFilter?: (id: TransactionFilterId) => void;
}) {
  const current = transactionFilter(filter);
  return (
    <>
      <PendingExpander pending={pending} />
      <FilterBar current={current.id} onSelect={onFilter} />
      <TransactionsTable rows={filterTransactions(rows, current.id)} caption={current.label} empty={NO_TRANSACTIONS} />
    </>
  );
}
