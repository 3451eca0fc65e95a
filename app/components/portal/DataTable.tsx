import { formatSignedMoney, formatTableDate } from "../../lib/format";
import { TableScroll } from "../TableScroll";

/**
 * The portal's reusable table (spec file 3, section 2): amounts show
 * positive with negatives in parentheses, date columns as MM/DD/YYYY, and a
 * download/view column that plain display (text only, e.g. a summary that
 * cannot open files) leaves out.
 */
export type ColumnKind = "text" | "date" | "money" | "download";

export interface Column<Row> {
  key: string;
  header: string;
  kind: ColumnKind;
  /** The cell's raw value: ISO date, cents or text; for download, the file's address. */
  value: (row: Row) => string | number | null;
  /** For download columns: what the link says to screen readers beyond "Download/View". */
  describe?: (row: Row) => string;
}

/** The text of a non-download cell. */
export function cellText(kind: Exclude<ColumnKind, "download">, value: string | number | null): string {
  if (value === null || value === "") return "";
  if (kind === "date") return formatTableDate(String(value));
  if (kind === "money") return formatSignedMoney(Number(value));
  return String(value);
}

/** The columns shown: plain display skips download/view. */
export function visibleColumns<Row>(columns: ReadonlyArray<Column<Row>>, plain: boolean): ReadonlyArray<Column<Row>> {
  return plain ? columns.filter((c) => c.kind !== "download") : columns;
}

/** Columns with something to show in at least one row (download/view always stays). */
export function columnsWithData<Row>(columns: ReadonlyArray<Column<Row>>, rows: readonly Row[]): ReadonlyArray<Column<Row>> {
  return columns.filter((c) => c.kind === "download" || rows.some((r) => c.value(r) !== null && c.value(r) !== ""));
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  empty,
  plain = false,
}: {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  caption: string;
  empty: string;
  plain?: boolean;
}) {
  if (rows.length === 0) return <p className="table-empty">{empty}</p>;
  const shown = visibleColumns(columns, plain);
  return (
    <TableScroll label={caption}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.key} scope="col" className={`col-${c.kind}`}>{c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((c) => (
                <td key={c.key} className={`col-${c.kind}`}>
                  {c.kind === "download" ? <DownloadLink href={c.value(row)} describe={c.describe?.(row)} /> : cellText(c.kind, c.value(row))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Files open in a new tab (spec file 3, section 7). */
export function DownloadLink({ href, describe }: { href: string | number | null; describe?: string }) {
  if (href === null || href === "") return null;
  return (
    <a href={String(href)} target="_blank" rel="noopener">
      Download/View<span className="visually-hidden"> {describe ?? "document"} (opens in a new tab)</span>
    </a>
  );
}

export interface TransactionRow {
  id: string;
  date: string;
  amountCents: number;
  description: string;
}

/** Transaction rows: date, amount, description, trans. id (spec file 3, section 3). */
export const transactionColumns: ReadonlyArray<Column<TransactionRow>> = [
  { key: "date", header: "Date", kind: "date", value: (r) => r.date },
  { key: "amount", header: "Amount", kind: "money", value: (r) => r.amountCents },
  { key: "description", header: "Description", kind: "text", value: (r) => r.description },
  { key: "id", header: "Trans. ID", kind: "text", value: (r) => r.id },
];

export function TransactionsTable({ rows, caption, empty }: { rows: readonly TransactionRow[]; caption: string; empty: string }) {
  return <DataTable rows={rows} columns={transactionColumns} rowKey={(r) => r.id} caption={caption} empty={empty} />;
}

/** A document row: a billing statement or the Line Of Credit Agreement. */
export interface DocumentRow {
  id: string;
  date: string | null;
  amountCents: number | null;
  statement: string;
  agreement: string;
  href: string;
}

/** Spec file 3, section 2: trans. id, date, amount, billing statements, line of credit agreement, download/view. */
export const documentColumns: ReadonlyArray<Column<DocumentRow>> = [
  { key: "id", header: "Trans. ID", kind: "text", value: (r) => r.id },
  { key: "date", header: "Date", kind: "date", value: (r) => r.date },
  { key: "amount", header: "Amount", kind: "money", value: (r) => r.amountCents },
  { key: "statement", header: "Billing Statements", kind: "text", value: (r) => r.statement },
  { key: "agreement", header: "Line Of Credit Agreement", kind: "text", value: (r) => r.agreement },
  {
    key: "download",
    header: "Download/View",
    kind: "download",
    value: (r) => r.href,
    describe: (r) => (r.statement ? `statement of ${r.date ? formatTableDate(r.date) : ""}` : "the Line Of Credit Agreement"),
  },
];
