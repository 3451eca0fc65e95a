import { phones, servicing } from "#domain/config";
import { formatDate, formatMoney, formatPhone } from "#domain/format";
import { chargeOffMessage } from "#domain/rules/standing";
import { amountDue, pendingPayments, type Summary, statementAheadText } from "./portal-data";

/**
 * The payments page's header lines (spec file 3, section 2, "Header texts"),
 * pure so every reading is unit-tested. The spec lists the texts without
 * saying when each shows; the reading chosen is the one a borrower would
 * expect, and every line must be true of the account:
 * - charged off: the past-due line with the Account Specialist phone, then
 *   'Your loan is more than 90 days past due...';
 * - delinquent: the past-due line with the phone, then the current minimum
 *   and its date apart from the past-due amount (only when a current minimum
 *   is owed, so it never announces a $0.00 minimum);
 * - current: the $10-or-more intro, then one status line: a payment dated
 *   today and still pending makes "Today's payment is in process."; else a
 *   minimum owed makes 'Your next minimum payment of ... will be due on ...';
 *   else, with a statement still to come (a new borrower before the first),
 *   when it is and that nothing is due yet (the account page's words).
 * Then, in every standing, what is already on its way: the next automatic
 * payment (EFT borrowers only: 0-decisions.md, "Automatic payments") and the
 * next one-time payment scheduled. Only with none of these does it say
 * "You don't have any upcoming payments at this time."
 *
 * Paper-check borrowers (K) get the intro's first sentence alone: the second
 * speaks of automatic EFT payments they do not have.
 */
type HeaderSummary = Pick<Summary, "accountHeader" | "pendingETransactions" | "allStatements">;

const money = (cents: number) => formatMoney(cents, { cents: true });

export const paymentHeaderTexts = {
  pastDue: `Your account is past due. Please set up a payment below. Call an Account Specialist at ${formatPhone(phones.accountSpecialist)}.`,
  chargedOff: chargeOffMessage,
  delinquentMinimum: (currentDue: number, date: string, pastDue: number) =>
    `Your Minimum Payment of ${money(currentDue)} is due on ${formatDate(date)}; this does not include your Past Due amount of ${money(pastDue)}.`,
  intro: `On this page, you can opt to make one-time payments of ${formatMoney(servicing.minAchTransactionCents)} or more.`,
  introEft: "These payments occur outside of your automatic EFT payments.",
  today: "Today's payment is in process.",
  nextMinimum: (cents: number, date: string) =>
    `Your next minimum payment of ${money(cents)} will be due on ${formatDate(date)}.`,
  nothing: "You don't have any upcoming payments at this time.",
  automatic: (cents: number, date: string) =>
    `Your next automatic EFT payment of ${money(cents)} will be made on ${formatDate(date)}.`,
  scheduled: (cents: number, date: string) =>
    `Your next scheduled one-time payment of ${money(cents)} will be made on ${formatDate(date)}.`,
  scheduledSeveral: (count: number, cents: number, date: string) =>
    `Your next ${count} scheduled one-time payments, ${money(cents)} in all, will be made on ${formatDate(date)}.`,
} as const;

/** EFT (A) borrowers have automatic payments; paper-check (K) borrowers none. */
export const paysByEft = (h: Pick<Summary["accountHeader"], "repaymentMethod">) => h.repaymentMethod !== "K";

export function paymentHeader(s: HeaderSummary, today: string): string[] {
  const h = s.accountHeader;
  const upcoming = upcomingLines(s, today);
  if (h.isChargeoff) return [paymentHeaderTexts.pastDue, paymentHeaderTexts.chargedOff, ...upcoming];
  if (h.isDelinquent) {
    const current =
      h.currentDue > 0 && h.nextPaymentDate
        ? [paymentHeaderTexts.delinquentMinimum(h.currentDue, h.nextPaymentDate, h.pastDueAmount)]
        : [];
    return [paymentHeaderTexts.pastDue, ...current, ...upcoming];
  }
  const intro = paysByEft(h) ? `${paymentHeaderTexts.intro} ${paymentHeaderTexts.introEft}` : paymentHeaderTexts.intro;
  const payingToday = pendingPayments(s.pendingETransactions).some((p) => p.date === today);
  const due = amountDue(h, s.allStatements.length > 0);
  const status = payingToday
    ? [paymentHeaderTexts.today]
    : h.minPaymentAmount > 0 && h.nextPaymentDate
      ? [paymentHeaderTexts.nextMinimum(h.minPaymentAmount, h.nextPaymentDate)]
      : due.kind === "statementAhead"
        ? [statementAheadText(due)]
        : [];
  const lines = [...status, ...upcoming];
  return [intro, ...(lines.length ? lines : [paymentHeaderTexts.nothing])];
}

/** The next automatic payment (EFT only) and the next one-time payment after today, each with its date and amount. */
function upcomingLines(s: HeaderSummary, today: string): string[] {
  const h = s.accountHeader;
  const lines: string[] = [];
  if (paysByEft(h) && h.nextAutoPaymentDate && h.nextAutoPaymentAmount > 0)
    lines.push(paymentHeaderTexts.automatic(h.nextAutoPaymentAmount, h.nextAutoPaymentDate));
  const ahead = pendingPayments(s.pendingETransactions).filter((p) => p.date > today);
  // Several on the same next date are one line, with their total: naming one of them alone would hide the others.
  const next = ahead.filter((p) => p.date === ahead[0]?.date);
  const total = next.reduce((sum, p) => sum + p.amountCents, 0);
  if (next.length === 1) lines.push(paymentHeaderTexts.scheduled(total, next[0]!.date));
  if (next.length > 1) lines.push(paymentHeaderTexts.scheduledSeveral(next.length, total, next[0]!.date));
  return lines;
}
