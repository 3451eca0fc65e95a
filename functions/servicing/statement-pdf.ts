import { address, brand, phones } from "../config";
import { formatMoney, formatPhone } from "../../app/lib/format";
import { renderPdf, type PdfBlock } from "../documents/pdf";
import type { AccountState, StatementRow } from "./account-state";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** A billing statement with its figures, as a real PDF document. */
export function statementPdf(
  customer: { firstName: string; lastName: string; address1: string; city: string; state: string; zip: string },
  state: AccountState,
  statement: StatementRow,
): Promise<Uint8Array<ArrayBuffer>> {
  const index = state.statements.findIndex((s) => s.id === statement.id);
  const previous = index > 0 ? state.statements[index - 1]!.statementDate : "0000-00-00";
  const activity = state.entries
    .filter((e) => e.effectiveDate > previous && e.effectiveDate <= statement.statementDate && e.kind !== "reversal")
    .sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : 1));
  const label: Record<string, string> = {
    draw: "Cash advance (deposited)",
    cash_advance_fee: "Cash advance fee",
    carried_balance_fee: "Carried balance fee",
    payment: "Payment - thank you",
    payment_return: "Returned payment",
    adjustment: "Adjustment",
  };
  const blocks: PdfBlock[] = [
    { kind: "paragraph", text: `${customer.firstName} ${customer.lastName}, ${customer.address1}, ${customer.city}, ${customer.state} ${customer.zip}` },
    { kind: "paragraph", text: `Account ending ${String(state.line.id).slice(-4)}. Statement date ${statement.statementDate}. Payment due date ${statement.dueDate}.` },
    { kind: "heading", text: "Summary" },
    { kind: "paragraph", text: `Credit limit: ${money(state.line.creditLimitCents)}` },
    { kind: "paragraph", text: `Principal balance: ${money(statement.principalCents)}` },
    { kind: "paragraph", text: `Carried balance fee this statement: ${money(statement.feeCents)}` },
    // Principal plus every unpaid fee (cash advance fees too) is the new balance: the summary adds up.
    { kind: "paragraph", text: `Fees owed (cash advance and carried balance fees): ${money(statement.balanceCents - statement.principalCents)}` },
    { kind: "paragraph", text: `New balance: ${money(statement.balanceCents)}` },
    { kind: "paragraph", text: `Past due amount: ${money(statement.pastDueCents)}` },
    { kind: "paragraph", text: `Minimum payment due by ${statement.dueDate}: ${money(statement.minimumDueCents + statement.pastDueCents)}` },
    { kind: "heading", text: "Activity this period" },
    ...(activity.length === 0
      ? [{ kind: "paragraph" as const, text: "No activity this period." }]
      : activity.map((e) => ({ kind: "paragraph" as const, text: `${e.effectiveDate}   ${label[e.kind] ?? e.kind}   ${e.kind === "payment" || e.kind === "adjustment" ? `(${money(e.amountCents)})` : money(e.amountCents)}` }))),
    { kind: "heading", text: "How payments apply" },
    { kind: "paragraph", text: "Payments apply to the earliest due date first: fees first, then the rest of the required payment, then the remaining principal. Paying more than the minimum never costs extra." },
    { kind: "paragraph", text: `Questions? Call ${formatPhone(phones.customerService)}. ${brand.legalName}, ${address.lines.join(", ")}.` },
  ];
  return renderPdf(`${brand.name} Billing Statement`, blocks);
}
