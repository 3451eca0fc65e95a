import type { Answer } from "../../../functions/platform/catalogue/define";
import type { GetSummary } from "../../../functions/platform/catalogue/account";
import type { PortalStanding } from "../../components/portal/PortalShell";
import type { TransactionRow } from "../../components/portal/DataTable";

type Summary = Answer<typeof GetSummary>;

/** The standing the portal shows, from the summary header (the server's own derivation). */
export function portalStanding(header: Summary["accountHeader"]): PortalStanding {
  if (header.isChargeoff) return "charged_off";
  return header.isDelinquent ? "delinquent" : "current";
}

export function transactionRows(list: Summary["allTransactions"]): TransactionRow[] {
  return list.map((t) => ({ id: t.transationId, date: t.transationDate, amountCents: t.transationAmount, description: t.transationDescription }));
}
