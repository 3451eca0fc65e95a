import type { customers } from "../../db/schema/index";
import { cashAdvanceFeeBps, draws, servicing } from "../config";
import type { Answer } from "../platform/catalogue/define";
import type { GetSummary } from "../platform/catalogue/account";
import { paperCheckAllowed } from "../rules/esign";
import { creditUsedPercent, drawBlock, drawBlockMessages } from "../rules/standing";
import { achEffectiveDate, addDays } from "./calendar";
import { cycleOf, type AccountState } from "./account-state";
import { loanStatusCode } from "./identity";
import { projectedDueDate } from "./schedule";

type Summary = Omit<Answer<typeof GetSummary>, "tokenToUse">;
type Customer = typeof customers.$inferSelect;

const RECENT = 3;

const describe = (kind: string) =>
  ({
    draw: "Cash Advance",
    cash_advance_fee: "Cash Advance Fee",
    carried_balance_fee: "Carried Balance Fee",
    payment: "Payment",
    payment_return: "Returned Payment",
    adjustment: "Adjustment",
    reversal: "Reversal",
  })[kind] ?? kind;

/** Credits show as negative amounts (the pages put them in parentheses). */
const CREDITS = new Set(["payment", "adjustment"]);

export function buildSummary(customer: Customer, state: AccountState, now: Date): Summary {
  const { line, derived, standing } = state;
  const application = state.application;
  const firstDraw = state.entries.filter((e) => e.kind === "draw").sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : 1))[0];
  const lastDue = state.statements.at(-1)?.dueDate ?? null;
  const cycle = cycleOf(line);
  const projectedDue = firstDraw && derived.balanceCents > 0 ? projectedDueDate(line.payAnchorDate, cycle, firstDraw.effectiveDate, lastDue, state.today) : null;
  const pendingPayments = state.pending.filter((t) => t.code === "P");
  const block = drawBlock(standing, derived.availableCreditCents, customer.state);
  const ach = achEffectiveDate(now, false);
  // Delinquent and charged-off accounts show no available credit (spec file 3, section 4).
  const available = standing === "current" ? derived.availableCreditCents : 0;

  const history = [...state.entries]
    .filter((e) => e.kind !== "reversal")
    .sort((a, b) => (a.effectiveDate === b.effectiveDate ? b.postedAt - a.postedAt : a.effectiveDate < b.effectiveDate ? 1 : -1))
    .map((e) => ({
      transationId: e.id,
      transationDate: e.effectiveDate,
      transationAmount: CREDITS.has(e.kind) ? -e.amountCents : e.amountCents,
      transationDescription: describe(e.kind),
    }));
  const statementLinks = [...state.statements].reverse().map((s) => ({ statementId: s.id, eDocumentDate: s.statementDate, eDocumentURL: `/documents/statements/${s.id}` }));

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
      accountBalance: derived.balanceCents,
      accountNumber: `****${String(line.id).slice(-4)}`,
      availableCredit: available,
      // A charged-off account has no due date ahead: the whole balance is due now, and no statements are issued.
      nextPaymentDate: standing === "charged_off" ? null : (derived.nextDueDate ?? projectedDue),
      minPaymentAmount: derived.minimumDueCents,
      currentDue: derived.currentDueCents,
      pastDueAmount: derived.pastDueCents,
      daysPastDue: derived.daysPastDue,
      isDelinquent: derived.delinquent,
      isChargeoff: standing === "charged_off",
      isClosed: line.status === "closed",
      pendingTransactionAmount: pendingPayments.reduce((sum, t) => sum + t.amountCents, 0),
      pendingTranType: pendingPayments.length > 0 ? "Payment" : "",
      preApprovedAmount: line.creditLimitCents,
      isOriginated: line.status === "open" || line.status === "closed",
      loanStatusCode: loanStatusCode(line.status),
      requiresESignature: line.status === "awaiting_esign",
      hasValidEsignatures: line.openedAt !== null,
      cashAdvanceFeePercentage: cashAdvanceFeeBps[cycle] / 100,
      creditUsedPercent: creditUsedPercent(available, line.creditLimitCents),
      billingCycle: cycle,
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
