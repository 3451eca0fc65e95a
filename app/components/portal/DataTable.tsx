import { formatSignedMoney, formatTableDate } from "../../lib/format";

export interface TransactionRow {
  id: string;
  date: string;
  amountCents: number;
  description: string;
}

/** The reusable table: dates formatted, negative amounts in parentheses. */
export function TransactionsTable({ rows, caption, empty }: { rows: TransactionRow[]; caption: string; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Description</th>
          <th scope="col">Trans. ID</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{formatTableDate(row.date)}</td>
            <td className="amount">{formatSignedMoney(row.amountCents)}</td>
            <td>{row.description}</td>
            <td>{row.id}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
