import type { GetSummary } from "#domain/catalogue/account";
import type { Answer } from "#domain/catalogue/define";
import { formatDate } from "#domain/format";
import { type PaymentLockFacts, paymentMessages } from "#domain/rules/payments";
import { chargeOffMessage, drawBlockOf, drawBlockText } from "#domain/rules/standing";
import type { DocumentRow, TransactionRow } from "../../components/portal/DataTable";
import type { PortalStanding } from "../../components/portal/PortalShell";

/**
 * Pure readings of the platform summary that every portal page shares
 * (spec file 3, sections 4 and 5). No I/O here, so the rules are unit-tested.
 */
export type Summary = Answer<typeof GetSummary>;
type Header = Summary["accountHeader"];

/**
 * The Draw Unavailable popup's message for a borrower whose state rules out
 * draws (0-decisions.md: existing Washington borrowers), for every portal
 * page's navigation (spec file 3, section 2); undefined for everyone else.
 */
export function drawUnavailableOf(
  config: Pick<Summary["accountConfig"], "isEligibleForDraw" | "drawMessage">,
): { message: string } | undefined {
  if (config.isEligibleForDraw || drawBlockOf(config.drawMessage) !== "state") return undefined;
  return { message: drawBlockText(config.drawMessage) };
}

/** The standing the portal shows, from the summary header (the server's own derivation). */
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
export function readSummary(
  header: Pick<Header, "requiresESignature" | "creditLimit" | "preApprovedAmount" | "loanStatusCode" | "isClosed">,
): SummaryReading {
  if (header.requiresESignature)
    return { gate: { flag: "finalizeEsign", to: "/apply/approved" }, creditLimit: header.preApprovedAmount };
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
export function padRecent<T extends { transationId: string }>(
  recent: readonly T[],
  all: readonly T[],
  size = RECENT_SIZE,
): T[] {
  const picked = recent.slice(0, size);
  const seen = new Set(picked.map((t) => t.transationId));
  for (const t of all) {
    if (picked.length >= size) break;
    if (!seen.has(t.transationId)) picked.push(t);
  }
  return picked;
}

/**
 * Transactions as borrowers read them: the platform's description, the short
 * numeric id (anything else, such as an internal ledger key, is not an id a
 * borrower can quote, so it is left blank), and for a draw its fee and the
 * amount deposited as the row's detail (0-decisions.md, "Fees").
 */
export function transactionRows(list: Summary["allTransactions"]): TransactionRow[] {
  return list.map((t, index) => ({
    // Unique even when ids are blank or repeat: React needs a stable key per row.
    key: `${index}:${t.transationId}`,
    id: shownTransactionId(t.transationId),
    date: t.transationDate,
    amountCents: t.transationAmount,
    description: t.transationDescription,
    draw:
      t.cashAdvanceFee !== undefined && t.amountDeposited !== undefined
        ? { feeCents: t.cashAdvanceFee, depositedCents: t.amountDeposited }
        : null,
  }));
}

/** The Trans. ID a borrower reads: digits only. */
export function shownTransactionId(id: string): string {
  return /^\d{1,15}$/.test(id) ? id : "";
}

/**
 * The next automatic payment (0-decisions.md, "Automatic payments"): only for
 * a borrower who repays by EFT (A) and whose account is not charged off, and
 * only when the platform names a date and an amount. Paper-check borrowers
 * (K) are told nothing about automatic payments.
 */
export function nextAutoPayment(
  header: Pick<Header, "repaymentMethod" | "isChargeoff" | "nextAutoPaymentDate" | "nextAutoPaymentAmount">,
): { date: string; amountCents: number } | null {
  if (header.repaymentMethod !== "A" || header.isChargeoff) return null;
  const date = shownDate(header.nextAutoPaymentDate);
  if (!date || header.nextAutoPaymentAmount <= 0) return null;
  return { date, amountCents: header.nextAutoPaymentAmount };
}

/**
 * What the account summary says is owed: a charged-off account owes its whole
 * balance now, with the spec's charge-off message and no due date (spec file
 * 3, section 4); an account with nothing owed until a statement still to come
 * (a new borrower before the first) says when that statement is, not a due
 * date beside a $0.00 minimum; any other account shows its next due date and
 * Next Minimum Due when it has a due date (1/1/1900 or none hides both).
 * `statementsIssued`: whether any statement was issued (the first is "first").
 */
export type AmountDue =
  | { kind: "chargedOff"; balanceDueCents: number; message: string }
  | { kind: "statementAhead"; statementDate: string; first: boolean }
  | { kind: "due"; date: string; minimumCents: number }
  | { kind: "none" };

export function amountDue(
  header: Pick<
    Header,
    "isChargeoff" | "isDelinquent" | "minPaymentAmount" | "accountBalance" | "nextPaymentDate" | "nextStatementDate"
  >,
  statementsIssued: boolean,
): AmountDue {
  // minPaymentAmount is the whole balance once charged off; the balance stands in for a platform that sends 0.
  if (header.isChargeoff)
    return {
      kind: "chargedOff",
      balanceDueCents: header.minPaymentAmount || header.accountBalance,
      message: chargeOffMessage,
    };
  const statementDate = shownDate(header.nextStatementDate);
  if (statementDate && !header.isDelinquent && header.minPaymentAmount === 0)
    return { kind: "statementAhead", statementDate, first: !statementsIssued };
  const date = shownDate(header.nextPaymentDate);
  return date ? { kind: "due", date, minimumCents: header.minPaymentAmount } : { kind: "none" };
}

/** The plain words for a statement still to come with nothing owed before it, on every page that says it. */
export function statementAheadText(due: { statementDate: string; first: boolean }): string {
  return `Your ${due.first ? "first" : "next"} statement is ${formatDate(due.statementDate)}; nothing is due yet.`;
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
  { id: "all", label: "All Completed Transactions", pattern: /^/ },
  // A draw is one "Cash Advance" row for the full amount (its fee is the row's detail).
  { id: "draws", label: "Draws", pattern: /^Cash Advance$/ },
  // Payments, the automatic payments of due dates, and payments returned by the bank.
  { id: "payments", label: "Payments", pattern: /^(Automatic |Returned )?Payment$/ },
] as const;

export type TransactionFilterId = (typeof TRANSACTION_FILTERS)[number]["id"];

export function transactionFilter(id: string | null | undefined) {
  return TRANSACTION_FILTERS.find((f) => f.id === id) ?? TRANSACTION_FILTERS[0];
}

export function filterTransactions(rows: readonly TransactionRow[], id: string | null | undefined): TransactionRow[] {
  const { pattern } = transactionFilter(id);
  return rows.filter((r) => pattern.test(r.description));
}

/**
 * Billing statement rows for the reusable table: the amount is the
 * statement's Total Minimum Due as issued, with its due date. A statement has
 * no transaction id a borrower can quote (its id is an internal key), so the
 * Trans. ID cell stays blank.
 */
export function statementRows(list: Summary["allStatements"]): DocumentRow[] {
  return list.map((s) => ({
    key: s.statementId,
    id: "",
    date: s.eDocumentDate,
    dueDate: s.dueDate ?? null,
    amountCents: s.totalMinimumDue ?? null,
    statement: "Billing Statement",
    agreement: "",
    href: s.eDocumentURL,
  }));
}

/** The signed Line Of Credit Agreement as a document row: the account number and its credit limit. */
export function agreementRow(header: Pick<Header, "accountNumber" | "creditLimit">): DocumentRow {
  return {
    key: "agreement",
    id: header.accountNumber,
    date: null,
    dueDate: null,
    amountCents: header.creditLimit,
    statement: "",
    agreement: "Line Of Credit Agreement",
    href: "/documents/agreement",
  };
}

/**
 * Why MAKE A PAYMENT is disabled (paymentsLocked in functions/domain/rules/payments.ts):
 * the pending cap uses the spec's banner verbatim (spec file 3, section 8);
 * the spec gives no words for a zero balance.
 */
export const paymentLockMessages = {
  pendingLimit: paymentMessages.pendingLimit,
  nothingOwed: "Your account balance is $0.00, so there is no payment to make at this time.",
  coveredByPending:
    "Your scheduled payments already cover your account balance, so there is no payment to make at this time.",
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
