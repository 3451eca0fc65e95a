import { phones, servicing } from "#domain/config";
import { type PaymentFacts, paymentsLocked, payoffOf } from "#domain/rules/payments";
import { paymentHeader, paysByEft } from "./payment-header";
import { type Folder, linkedValues, type PaymentValues } from "./payments.schema";
import type { PortalSummary } from "./portal.server";
import { amountDue, drawUnavailableOf, paymentLockFacts, portalStanding } from "./portal-data";

/**
 * The payments page's figures from one summary, and what a post leaves on the
 * page: shared by the action (payments.server.ts) and the submission
 * (payments-submit.server.ts), so neither imports the other.
 */
type Summary = PortalSummary;

export function paymentFacts(s: Summary): PaymentFacts {
  return {
    chargedOff: s.accountHeader.isChargeoff,
    minimumDueCents: s.accountHeader.minPaymentAmount,
    pastDueCents: s.accountHeader.pastDueAmount,
    // The payoff (decision record 012): Pay Off Balance and the Other Amount maximum, the figure the platform checks against.
    balanceCents: payoffOf(paymentLockFacts(s)),
    achEffectiveDate: s.accountConfig.achEffectiveDate,
    nextPaymentDate: s.accountHeader.nextPaymentDate,
  };
}

/**
 * `today` is the platform's (servicingToday): what "today's payment" means in
 * the header. `option`: the amount option a link asked for (?option=full).
 */
export function paymentPage(s: Summary, today: string, option: string | null = null) {
  const facts = paymentFacts(s);
  const standing = portalStanding(s.accountHeader);
  const due = amountDue(s.accountHeader, s.allStatements.length > 0);
  return {
    standing,
    drawUnavailable: drawUnavailableOf(s.accountConfig),
    facts,
    summary: {
      balanceCents: s.accountHeader.accountBalance,
      pendingCents: s.accountHeader.pendingTransactionAmount,
      minimumDueCents: s.accountHeader.minPaymentAmount,
      pastDueCents: s.accountHeader.pastDueAmount,
      // Charged off, the whole balance is due: the account page's Balance Due, not the minimums that were past due.
      balanceDueCents: due.kind === "chargedOff" ? due.balanceDueCents : null,
      // Before a statement nothing is due: no due date beside a $0.00 minimum (the header says when the statement is).
      nextPaymentDate: due.kind === "due" ? due.date : null,
    },
    header: paymentHeader(s, today),
    lock: paymentsLocked(paymentLockFacts(s)),
    lockFacts: paymentLockFacts(s),
    needsAuthorization: standing !== "current",
    /** EFT borrowers: the authorization may mention their automatic payments; paper-check borrowers have none. */
    automaticPayments: paysByEft(s.accountHeader),
    method: `EFT ${s.bankAccountInfo.accountTypeDescription} Acct #${s.bankAccountInfo.accountNumber.slice(-4)}`,
    specialistPhone: phones.accountSpecialist,
    revocationDays: servicing.achRevocationNoticeDays,
    // Spec file 3, section 4: the amount step is open to begin with when something is owed.
    startFolder: (facts.balanceCents > 0 ? "amount" : "none") as Folder,
    start: linkedValues(facts, option),
  };
}

export type PaymentPage = ReturnType<typeof paymentPage>;

/**
 * What a post leaves on the page. `notice` says why nothing was scheduled
 * when the account changed between review and submit.
 */
export type PaymentActionData =
  | { view: "steps"; folder: Folder; values: PaymentValues; errors: Record<string, string>; notice?: string }
  | {
      view: "review";
      values: PaymentValues;
      amountCents: number;
      date: string;
      key: string;
      errors: Record<string, string>;
      notice?: string;
      /** The review sealed for its SUBMIT (payment-review-seal.server.ts); none from a platform without state tags. */
      review?: string;
    }
  | { view: "thanks"; amountCents: number; date: string; confirmation: number }
  | { view: "failed" };
