import { getTableColumns } from "drizzle-orm";
import { customers } from "#db/schema/servicing";
import { achEffectiveDate, addDays } from "#domain/calendar";
import type { GetSummary } from "#domain/catalogue/account";
import type { Answer } from "#domain/catalogue/define";
import { cashAdvanceFeeBps, draws, servicing } from "#domain/config";
import { debitsOn } from "#domain/rules/autopay";
import { paperCheckAllowed } from "#domain/rules/esign";
import { creditUsedPercent, drawBlock, drawBlockMessages } from "#domain/rules/standing";
import { cycleOf, type LineState, stateTagOf } from "./account-state";
import type { LedgerEntry } from "./engine/index";
import { loanStatusCode } from "./identity";

type Summary = Omit<Answer<typeof GetSummary>, "tokenToUse">;
/** What the summary shows of a customer: never the SSN's hash or its encrypted digits (only the last four). */
const { ssnHash: _hash, ssnEncrypted: _encrypted, ...shownColumns } = getTableColumns(customers);
export const summaryCustomerColumns = shownColumns;
type Customer = Omit<typeof customers.$inferSelect, "ssnHash" | "ssnEncrypted">;

const RECENT = 3;

/**
 * What borrowers read for each kind of row (0-decisions.md: one "Cash Advance"
 * row per draw). A reversal says what it reversed (decision record 022): a
 * fee waived or refunded is a credit, a payment reversed is owed again.
 */
function describe(e: LedgerEntry, reversed: LedgerEntry["kind"] | undefined): string {
  if (e.kind === "payment") return e.origin === "automatic" ? "Automatic Payment" : "Payment";
  if (e.kind === "reversal" && reversed === "carried_balance_fee") return "Carried Balance Fee Credit";
  if (e.kind === "reversal" && reversed === "payment") return "Reversed Payment";
  return (
    {
      draw: "Cash Advance",
      carried_balance_fee: "Carried Balance Fee",
      payment_return: "Returned Payment",
      reversal: "Reversal",
    } as const
  )[e.kind];
}

/** Credits show as negative amounts (the pages put them in parentheses): payments, and reversals of charges. */
const isCredit = (e: LedgerEntry, reversed: LedgerEntry["kind"] | undefined) =>
  e.kind === "payment" || (e.kind === "reversal" && reversed !== "payment");

/** Newest first: by day, then by when recorded. */
export function transactionHistory(entries: readonly LedgerEntry[]): Summary["allTransactions"] {
  const kinds = new Map(entries.map((e) => [e.id, e.kind] as const));
  return [...entries]
    .sort((a, b) =>
      a.effectiveDate === b.effectiveDate ? b.postedAt - a.postedAt : a.effectiveDate < b.effectiveDate ? 1 : -1,
    )
    .map((e) => ({
      transationId: e.reference ? String(e.reference) : "",
      transationDate: e.effectiveDate,
      transationAmount: isCredit(e, kinds.get(e.reversesId ?? "")) ? -e.amountCents : e.amountCents,
      transationDescription: describe(e, kinds.get(e.reversesId ?? "")),
      ...(e.kind === "draw"
        ? { cashAdvanceFee: e.feeCents ?? 0, amountDeposited: e.amountCents - (e.feeCents ?? 0) }
        : {}),
    }));
}

export function buildSummary(customer: Customer, state: LineState, now: Date): Summary {
  const { line, figures } = state;
  const { standing } = figures;
  const application = state.application;
  const cycle = cycleOf(line);
  const pendingPayments = state.pending.filter((t) => t.code === "P");
  const block = drawBlock(standing, figures.availableCreditCents, customer.state, figures.closing);
  const ach = achEffectiveDate(now, false);
  const history = transactionHistory(state.book.entries);
  const statementLinks = [...state.statementRows].reverse().map((s) => ({
    statementId: s.id,
    eDocumentDate: s.statementDate,
    eDocumentURL: `/documents/statements/${s.id}`,
    dueDate: s.dueDate,
    newBalance: s.balanceCents,
    totalMinimumDue: s.totalMinimumDueCents ?? s.minimumDueCents + s.pastDueCents,
  }));

  return {
    accountProfile: {
      custId: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      custEmail: customer.email,
      phoneNumber: customer.homePhone,
      mobileNumber: customer.mobilePhone,
      address1: customer.address1,
      address2: customer.address2,
      city: customer.city,
      state: customer.state,
      zip: customer.zip,
      custDOB: customer.dob,
      last4SSN: customer.ssnLast4,
    },
    accountHeader: {
      applNo: line.id,
      creditLimit: line.creditLimitCents,
      accountBalance: figures.balanceCents,
      accountNumber: `****${String(line.id).slice(-4)}`,
      // Delinquent and charged-off accounts show no available credit (spec file 3, section 4).
      availableCredit: figures.shownAvailableCreditCents,
      nextPaymentDate: figures.nextDueDate,
      nextStatementDate: figures.nextStatementDate,
      minPaymentAmount: figures.nextMinimumDueCents,
      currentDue: figures.currentDueCents,
      pastDueAmount: figures.pastDueCents,
      daysPastDue: figures.daysPastDue,
      isDelinquent: standing === "delinquent" || standing === "charged_off",
      isChargeoff: standing === "charged_off",
      isClosed: line.status === "closed",
      pendingTransactionAmount: figures.scheduledCents,
      pendingTranType: pendingPayments.length > 0 ? "Payment" : "",
      preApprovedAmount: line.creditLimitCents,
      isOriginated: line.status === "open" || line.status === "closed",
      loanStatusCode: loanStatusCode(line.status),
      requiresESignature: line.status === "awaiting_esign",
      hasValidEsignatures: line.openedAt !== null,
      cashAdvanceFeePercentage: cashAdvanceFeeBps[cycle] / 100,
      creditUsedPercent: creditUsedPercent(figures.shownAvailableCreditCents, line.creditLimitCents),
      billingCycle: cycle,
      principalBalance: figures.principalCents,
      payoffAmount: figures.payoffCents,
      // A revoked authorization is paper check from its first day without debits (decision record 024).
      repaymentMethod: line.repaymentMethod === "A" && !debitsOn(line, state.today) ? "K" : line.repaymentMethod,
      nextAutoPaymentDate: figures.nextAutomaticPayment?.date ?? null,
      nextAutoPaymentAmount: figures.nextAutomaticPayment?.amountCents ?? 0,
      creditBalance: figures.unappliedCents,
    },
    accountConfig: {
      minimumDrawAmount: draws.minCents,
      incrementDrawAmount: draws.incrementCents,
      isEligibleForDraw: block === null,
      drawMessage: block ? drawBlockMessages[block] : "",
      achEffectiveDate: ach,
      minAchTransactionAmount: servicing.minAchTransactionCents,
      maxPendingAchTranCount: servicing.maxPendingPayments,
      pendingAchTranCount: pendingPayments.length,
      maxNoOfAchEffectiveDays: servicing.maxNoOfAchEffectiveDays,
      allowSameDayACH: false,
      isPaperCheckAllowed: paperCheckAllowed(application?.incomePaymentMethod),
      stateTag: stateTagOf(state, now),
    },
    bankAccountInfo: {
      accountID: String(line.id),
      accountTypeDescription: "Checking",
      accountNumber: `****${application?.bankAccountLast4 ?? ""}`,
    },
    preferences: {
      allowMarketingEmails: customer.allowMarketingEmails,
      allowMarketingCalls: customer.allowMarketingCalls,
      allowMarketingTexts: customer.allowMarketingTexts,
      allowServicingTexts: customer.allowServicingTexts,
    },
    employerPayrollInfo: {
      incomeTypeCode: application?.incomeSource ?? "",
      employerName: application?.employerName ?? "",
      workPhone: application?.workPhone ?? "",
      workPhoneExtension: application?.workPhoneExt ?? "",
      payrollTypeCode: application?.incomePaymentMethod ?? "",
      payrollAmount: application?.takeHomeCents ?? 0,
      payFrequencyCode: line.payFrequency,
    },
    recentStatements: statementLinks.slice(0, RECENT),
    allStatements: statementLinks,
    recentTransactions: history.slice(0, RECENT),
    allTransactions: history,
    pendingETransactions: state.pending.map((t) => ({
      transactionId: t.id,
      transactionDescription: t.code === "P" ? "Payment" : "Cash Advance",
      transationAmount: t.amountCents,
      transationDate: t.effectiveDate,
    })),
  };
}

/** The widest date a one-time payment may take (pages narrow it by option). */
export function latestPaymentDate(achDate: string): string {
  return addDays(achDate, servicing.maxNoOfAchEffectiveDays);
}
