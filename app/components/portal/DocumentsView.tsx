import { columnsWithData, DataTable, type DocumentRow, DownloadLink, documentColumns } from "./DataTable";

export const NO_STATEMENTS = "There are no statements to display at this time.";
export const STATEMENTS_LOADING = "Please wait while your statements are loaded.";

/** The Line Of Credit Agreement row; it opens in a new tab. */
export function AgreementTable({ agreement }: { agreement: DocumentRow }) {
  const rows = [agreement];
  return (
    <DataTable
      rows={rows}
      columns={columnsWithData(documentColumns, rows)}
      rowKey={(r) => r.key}
      caption="Line Of Credit Agreement"
      empty="This Agreement section is currently not available."
    />
  );
}

/** Billing statements, newest first; each PDF opens in a new tab, for its owner only. */
export function StatementsTable({ statements }: { statements: readonly DocumentRow[] }) {
  return (
    <DataTable
      rows={statements}
      columns={columnsWithData(documentColumns, statements)}
      rowKey={(r) => r.key}
      caption="Billing Statements"
      empty={NO_STATEMENTS}
    />
  );
}

/** The panel's Documents tab: the agreement with Download/View, then the statements. */
export function DocumentsView({
  agreement,
  statements,
}: {
  agreement: DocumentRow;
  statements: readonly DocumentRow[];
}) {
  return (
    <>
      <h3>Line Of Credit Agreement</h3>
      <p>
        <DownloadLink href={agreement.href} describe="the Line Of Credit Agreement" />
      </p>
      <h3>Billing Statements</h3>
      <StatementsTable statements={statements} />
    </>
  );
}
