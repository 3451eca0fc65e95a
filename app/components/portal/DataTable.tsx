import { formatDate, formatMoney, formatSignedMoney } from "#domain/format";
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
  /** A second, smaller line under the cell's text (a draw's fee and deposit), or null. */
  detail?: (row: Row) => string | null;
}

/** The text of a non-download cell. */
export function cellText(kind: Exclude<ColumnKind, "download">, value: string | number | null): string {
  if (value === null || value === "") return "";
  if (kind === "date") return formatDate(String(value));
  if (kind === "money") return formatSignedMoney(Number(value));
  return String(value);
}

/** The columns shown: plain display skips download/view. */
export function visibleColumns<Row>(columns: ReadonlyArray<Column<Row>>, plain: boolean): ReadonlyArray<Column<Row>> {
  return plain ? columns.filter((c) => c.kind !== "download") : columns;
}

/** Columns with something to show in at least one row (download/view always stays). */
export function columnsWithData<Row>(
  columns: ReadonlyArray<Column<Row>>,
  rows: readonly Row[],
): ReadonlyArray<Column<Row>> {
  return columns.filter((c) => c.kind === "download" || rows.some((r) => c.value(r) !== null && c.value(r) !== ""));
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  empty,
  plain = false,
  variant,
}: {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  caption: string;
  empty: string;
  plain?: boolean;
  /** A class for a table with a phone layout of its own (transactions: date and amount, then the description). */
  variant?: string;
}) {
  if (rows.length === 0) return <p className="table-empty">{empty}</p>;
  const shown = visibleColumns(columns, plain);
  // On a phone each row stacks into a card whose cells carry their header as a label (data-label, portal-account.css).
  return (
    <TableScroll label={caption}>
      <table className={`data-table data-table-stacking${variant ? ` ${variant}` : ""}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.key} scope="col" className={`col-${c.kind}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((c) => (
                <td key={c.key} className={`col-${c.kind} cell-${c.key}`} data-label={c.header}>
                  {c.kind === "download" ? (
                    <DownloadLink href={c.value(row)} describe={c.describe?.(row)} />
                  ) : (
                    <CellContent text={cellText(c.kind, c.value(row))} detail={c.detail?.(row) ?? null} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CellContent({ text, detail }: { text: string; detail: string | null }) {
  if (!detail) return text;
  return (
    <span className="cell-value">
      {text}
      <span className="cell-detail">{detail}</span>
    </span>
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
  /** Unique per row (the shown id may be blank). */
  key: string;
  /** The short numeric id a borrower reads, or "". */
  id: string;
  date: string;
  amountCents: number;
  description: string;
  /** A draw's detail: the cash advance fee kept and the amount deposited. */
  draw: { feeCents: number; depositedCents: number } | null;
}

/** "Fee $25.00, $475.00 deposited": a Cash Advance row's detail. */
export function drawDetailText(draw: TransactionRow["draw"]): string | null {
  if (!draw) return null;
  return `Fee ${formatMoney(draw.feeCents, { cents: true })}, ${formatMoney(draw.depositedCents, { cents: true })} deposited`;
}

/** Transaction rows: date, amount, description, trans. id (spec file 3, section 3). */
export const transactionColumns: ReadonlyArray<Column<TransactionRow>> = [
  { key: "date", header: "Date", kind: "date", value: (r) => r.date },
  { key: "amount", header: "Amount", kind: "money", value: (r) => r.amountCents },
  {
    key: "description",
    header: "Description",
    kind: "text",
    value: (r) => r.description,
    detail: (r) => drawDetailText(r.draw),
  },
  { key: "id", header: "Trans. ID", kind: "text", value: (r) => r.id },
];

export function TransactionsTable({
  rows,
  caption,
  empty,
}: {
  rows: readonly TransactionRow[];
  caption: string;
  empty: string;
}) {
  return (
    <DataTable
      rows={rows}
      columns={transactionColumns}
      rowKey={(r) => r.key}
      caption={caption}
      empty={empty}
      variant="data-table-transactions"
    />
  );
}

/** A document row: a billing statement or the Line Of Credit Agreement. */
export interface DocumentRow {
  /** Unique per row (a statement shows no Trans. ID). */
  key: string;
  id: string;
  date: string | null;
  /** A statement's due date, as issued. */
  dueDate: string | null;
  amountCents: number | null;
  statement: string;
  agreement: string;
  href: string;
}

/**
 * Spec file 3, section 2: trans. id, date, amount, billing statements, line
 * of credit agreement, download/view; a statement's amount is its Total
 * Minimum Due, and its due date follows it.
 */
export const documentColumns: ReadonlyArray<Column<DocumentRow>> = [
  { key: "id", header: "Trans. ID", kind: "text", value: (r) => r.id },
  { key: "date", header: "Date", kind: "date", value: (r) => r.date },
  { key: "amount", header: "Amount", kind: "money", value: (r) => r.amountCents },
  { key: "dueDate", header: "Due Date", kind: "date", value: (r) => r.dueDate },
  { key: "statement", header: "Billing Statements", kind: "text", value: (r) => r.statement },
  { key: "agreement", header: "Line Of Credit Agreement", kind: "text", value: (r) => r.agreement },
  {
    key: "download",
    header: "Download/View",
    kind: "download",
    value: (r) => r.href,
    describe: (r) =>
      r.statement ? `statement of ${r.date ? formatDate(r.date) : ""}` : "the Line Of Credit Agreement",
  },
];
