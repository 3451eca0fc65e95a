import type { Answer } from "../../../functions/platform/catalogue/define";
import type { GetSummary } from "../../../functions/platform/catalogue/account";
import type { PortalStanding } from "../../components/portal/PortalShell";
import type { DocumentRow, TransactionRow } from "../../components/portal/DataTable";
import { paymentMessages, type PaymentLockFacts } from "../../../functions/rules/payments";
import { drawBlockOf } from "../../../functions/rules/standing";

/**
 * Pure readings of the platform summary that every portal page shares
 * (spec file 3, sections 4 and 5). No I/O here, so the rules are unit-tested.
 */
export type Summary = Answer<typeof GetSummary>;
type Header = Summary["accountHeader"];

/** The standing the portal shows, from the summary header (the server's own derivation). */
/**
 * The Draw Unavailable popup's message for a borrower whose state rules out
 * draws (0-decisions.md: existing Washington borrowers), for every portal
 * page's navigation (spec file 3, section 2); undefined for everyone else.
 */
export function drawUnavailableOf(config: Pick<Summary["accountConfig"], "isEligibleForDraw" | "drawMessage">): { message: string } | undefined {
  if (config.isEligibleForDraw || drawBlockOf(config.drawMessage) !== "state") return undefined;
  return { message: config.drawMessage };
}

export function portalStanding(header: Pick<Header, "isChargeoff" | "isDelinquent">): PortalStanding {
  if (header.isChargeoff) return "charged_off";
  return header.isDelinquent ? "delinquent" : "current";
}

/** Where a summary sends the borrower before any portal page, by the spec's flag names. */
export type SummaryGate =
  | { flag: null; to: null }
  | { flag: "finalizeEsign"; to: "/apply/approved" }
  | { flag: "finalizeApplication"; to: "/esign/contact" }
  | { flag: "finalizeCredit"; to: "/accountcredit" }
  | { flag: "closed"; to: "/accountclosed" };

export interface SummaryReading {
  gate: SummaryGate;
  /** The credit limit to show: the pre-approved amount while the line is not finalized. */
  creditLimit: number;
}

/**
 * The summary-load derivation (spec file 3, section 4), in one place:
 * requiresESignature shows the pre-approved amount and finishes e-sign; a
 * zero limit with loan status G (signed, not yet opened) shows the
 * pre-approved amount and goes to esign-contact; a zero limit with any other
 * code never finalized its credit; a closed line shows the closed interrupter.
 * A withdrawn application (W) has no usable credit whatever limit the
 * platform still reports for it, so it counts as a zero limit.
 */
export function readSummary(header: Pick<Header, "requiresESignature" | "creditLimit" | "preApprovedAmount" | "loanStatusCode" | "isClosed">): SummaryReading {
  if (header.requiresESignature) return { gate: { flag: "finalizeEsign", to: "/apply/approved" }, creditLimit: header.preApprovedAmount };
  const limit = header.loanStatusCode === "W" ? 0 : header.creditLimit;
  if (limit === 0) {
    return header.loanStatusCode === "G"
      ? { gate: { flag: "finalizeApplication", to: "/esign/contact" }, creditLimit: header.preApprovedAmount }
      : { gate: { flag: "finalizeCredit", to: "/accountcredit" }, creditLimit: 0 };
  }
  if (header.isClosed) return { gate: { flag: "closed", to: "/accountclosed" }, creditLimit: limit };
  return { gate: { flag: null, to: null }, creditLimit: limit };
}

/** Spec file 3, section 9: the recent list holds 3. */
export const RECENT_SIZE = 3;

/** Recent transactions padded from all transactions up to `size` entries (no duplicates). */
export function padRecent<T extends { transationId: string }>(recent: readonly T[], all: readonly T[], size = RECENT_SIZE): T[] {
  const picked = recent.slice(0, size);
  const seen = new Set(picked.map((t) => t.transationId));
  for (const t of all) {
    if (picked.length >= size) break;
    if (!seen.has(t.transationId)) picked.push(t);
  }
  return picked;
}

export function transactionRows(list: Summary["allTransactions"]): TransactionRow[] {
  return list.map((t) => ({ id: t.transationId, date: t.transationDate, amountCents: t.transationAmount, description: t.transationDescription }));
}

/** Spec file 3, section 5: 1/1/1900 is the platform's "no date", and hides the field like a missing one. */
export function shownDate(iso: string | null | undefined): string | null {
  if (!iso || iso === "1900-01-01") return null;
  return iso;
}

export interface PendingPayment {
  id: number;
  date: string;
  amountCents: number;
}

/** Payments in process and future one-time payments, earliest first. */
export function pendingPayments(list: Summary["pendingETransactions"]): PendingPayment[] {
  return list
    .filter((t) => t.transactionDescription === "Payment")
    .map((t) => ({ id: t.transactionId, date: t.transationDate, amountCents: t.transationAmount }))
    .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
}

/** The transaction filters (spec file 3, section 2), matched on the description text. */
export const TRANSACTION_FILTERS = [
  { id: "all", label: "All Completed Transactions", pattern: /./ },
  { id: "draws", label: "Draws", pattern: /Cash Advance(?! Fee)/ },
  { id: "payments", label: "Payments", pattern: /Payment/ },
] as const;

export type TransactionFilterId = (typeof TRANSACTION_FILTERS)[number]["id"];

export function transactionFilter(id: string | null | undefined) {
  return TRANSACTION_FILTERS.find((f) => f.id === id) ?? TRANSACTION_FILTERS[0];
}

export function filterTransactions(rows: readonly TransactionRow[], id: string | null | undefined): TransactionRow[] {
  const { pattern } = transactionFilter(id);
  return rows.filter((r) => pattern.test(r.description));
}

/** Billing statement rows for the reusable table (the summary carries no statement amount). */
export function statementRows(list: Summary["allStatements"]): DocumentRow[] {
  return list.map((s) => ({ id: s.statementId, date: s.eDocumentDate, amountCents: null, statement: "Billing Statement", agreement: "", href: s.eDocumentURL }));
}

/** The signed Line Of Credit Agreement as a document row: the account number and its credit limit. */
export function agreementRow(header: Pick<Header, "accountNumber" | "creditLimit">): DocumentRow {
  return { id: header.accountNumber, date: null, amountCents: header.creditLimit, statement: "", agreement: "Line Of Credit Agreement", href: "/documents/agreement" };
}

/**
 * Why MAKE A PAYMENT is disabled (paymentsLocked in functions/rules/payments.ts):
 * the pending cap uses the spec's banner verbatim (spec file 3, section 8);
 * the spec gives no words for a zero balance.
 */
export const paymentLockMessages = {
  pendingLimit: paymentMessages.pendingLimit,
  nothingOwed: "Your account balance is $0.00, so there is no payment to make at this time.",
  coveredByPending: "Your scheduled payments already cover your account balance, so there is no payment to make at this time.",
} as const;

/**
 * The figures paymentsLocked reads, from the summary's header and config, for
 * every page alike. The payoff is the platform's payoffAmount when it sends
 * one, so the lock, Pay Off Balance and the Other Amount maximum all use the
 * figure the platform checks a payment against (decision record 012).
 */
export function paymentLockFacts(s: {
  accountHeader: Pick<Header, "accountBalance" | "pendingTransactionAmount" | "payoffAmount">;
  accountConfig: { pendingAchTranCount: number; maxPendingAchTranCount: number };
}): PaymentLockFacts {
  return {
    balanceCents: s.accountHeader.accountBalance,
    pendingCents: s.accountHeader.pendingTransactionAmount,
    pendingCount: s.accountConfig.pendingAchTranCount,
    maxPending: s.accountConfig.maxPendingAchTranCount,
    payoffCents: s.accountHeader.payoffAmount,
  };
}
