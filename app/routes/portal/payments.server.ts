import type { RouterContextProvider } from "react-router";
import { phones, servicing } from "../../../functions/config";
import { catalogue, PlatformError } from "../../../functions/platform/index";
import { payableBalanceCents, paymentsLocked, type PaymentFacts } from "../../../functions/rules/payments";
import { formatDate, formatMoney, formatPhone } from "../../lib/format";
import { easternToday } from "../../lib/today";
import { checkPayment, folderFor, freshValues, moveStep, STEP_INTENTS, type Folder, type PaymentValues, type StepIntent } from "./payments.schema";
import { drawUnavailableOf, paymentLockFacts, portalStanding, shownDate } from "./portal-data";
import { borrowerSession, portalPlatform, portalSummary } from "./portal.server";

type Context = Readonly<RouterContextProvider>;

/** Spec file 3, section 8: the payment call's rejection text. */
export const POST_PAYMENT_FAILED = "Post Payment transaction failed Call failed";
type Summary = Awaited<ReturnType<typeof portalSummary>>;

export function paymentFacts(s: Summary): PaymentFacts {
  return {
    chargedOff: s.accountHeader.isChargeoff,
    minimumDueCents: s.accountHeader.minPaymentAmount,
    pastDueCents: s.accountHeader.pastDueAmount,
    balanceCents: payableBalanceCents(s.accountHeader.accountBalance, s.accountHeader.pendingTransactionAmount),
    achEffectiveDate: s.accountConfig.achEffectiveDate,
    nextPaymentDate: s.accountHeader.nextPaymentDate,
  };
}

/**
 * The header lines above the form. The spec lists the texts without saying
 * when each shows; the reading chosen is the one a borrower would expect:
 * - charged off: the past-due line with the Account Specialist phone, then
 *   'Your loan is more than 90 days past due...';
 * - delinquent: the past-due line with the phone, then the current minimum
 *   and its date apart from the past-due amount (only when a current minimum
 *   is owed, so it never announces a $0.00 minimum);
 * - current: the $10-or-more intro, then one status line: a payment dated
 *   today and still pending makes "Today's payment is in process."; else a
 *   minimum owed makes 'Your next minimum payment of ... will be due on ...';
 *   else "You don't have any upcoming payments at this time."
 */
export function paymentHeader(s: Summary, today: string): string[] {
  const h = s.accountHeader;
  const pastDueLine = `Your account is past due. Please set up a payment below. Call an Account Specialist at ${formatPhone(phones.accountSpecialist)}.`;
  if (h.isChargeoff) return [pastDueLine, "Your loan is more than 90 days past due. Your full account balance is due."];
  if (h.isDelinquent) {
    const current = h.currentDue > 0 && h.nextPaymentDate
      ? [`Your Minimum Payment of ${formatMoney(h.currentDue, { cents: true })} is due on ${formatDate(h.nextPaymentDate)}; this does not include your Past Due amount of ${formatMoney(h.pastDueAmount, { cents: true })}.`]
      : [];
    return [pastDueLine, ...current];
  }
  const intro = `On this page, you can opt to make one-time payments of ${formatMoney(servicing.minAchTransactionCents)} or more. These payments occur outside of your automatic EFT payments.`;
  const payingToday = s.pendingETransactions.some((t) => t.transactionDescription === "Payment" && t.transationDate === today);
  if (payingToday) return [intro, "Today's payment is in process."];
  if (h.minPaymentAmount > 0 && h.nextPaymentDate) return [intro, `Your next minimum payment of ${formatMoney(h.minPaymentAmount, { cents: true })} will be due on ${formatDate(h.nextPaymentDate)}.`];
  return [intro, "You don't have any upcoming payments at this time."];
}

export function paymentPage(s: Summary) {
  const facts = paymentFacts(s);
  const standing = portalStanding(s.accountHeader);
  return {
    standing,
    drawUnavailable: drawUnavailableOf(s.accountConfig),
    facts,
    summary: {
      balanceCents: s.accountHeader.accountBalance,
      pendingCents: s.accountHeader.pendingTransactionAmount,
      minimumDueCents: s.accountHeader.minPaymentAmount,
      pastDueCents: s.accountHeader.pastDueAmount,
      nextPaymentDate: shownDate(s.accountHeader.nextPaymentDate),
    },
    header: paymentHeader(s, easternToday()),
    lock: paymentsLocked(paymentLockFacts(s)),
    needsAuthorization: standing !== "current",
    method: `EFT ${s.bankAccountInfo.accountTypeDescription} Acct #${s.bankAccountInfo.accountNumber.slice(-4)}`,
    specialistPhone: phones.accountSpecialist,
    revocationDays: servicing.achRevocationNoticeDays,
    // Spec file 3, section 4: the amount step is open to begin with when something is owed.
    startFolder: (facts.balanceCents > 0 ? "amount" : "none") as Folder,
    start: freshValues(facts),
  };
}

export type PaymentActionData =
  | { view: "steps"; folder: Folder; values: PaymentValues; errors: Record<string, string> }
  | { view: "review"; values: PaymentValues; amountCents: number; date: string; key: string; errors: Record<string, string> }
  | { view: "thanks"; amountCents: number; date: string; confirmation: number }
  | { view: "failed" };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Every move of the form as a post, so the whole flow works without
 * JavaScript; with it, only review and submit reach here. The review makes the
 * idempotency key, so a double click, a refresh or a retry of SUBMIT posts once.
 */
export async function paymentAction(context: Context, request: Request): Promise<PaymentActionData> {
  const s = await portalSummary(context);
  const page = paymentPage(s);
  const form = await request.formData();
  const intent = text(form, "intent");
  const values: PaymentValues = { option: text(form, "option"), other: text(form, "other"), date: text(form, "date") };

  if ((STEP_INTENTS as readonly string[]).includes(intent)) return { view: "steps", ...moveStep(intent as StepIntent, values, page.facts, page.lock !== null) };

  if (intent === "review") {
    if (page.lock) return { view: "steps", folder: "amount", values, errors: {} };
    const checked = checkPayment(values, page.facts, "date");
    if (!checked.ok) return { view: "steps", folder: folderFor(checked.errors), values, errors: checked.errors };
    return { view: "review", values, amountCents: checked.amountCents, date: checked.date, key: crypto.randomUUID(), errors: {} };
  }

  if (intent !== "submit") return { view: "steps", folder: page.startFolder, values: page.start, errors: {} };
  const key = text(form, "key") || crypto.randomUUID();
  const checked = checkPayment({ ...values, authorize: text(form, "authorize") }, page.facts, "submit", page.needsAuthorization);
  if (!checked.ok) {
    const { authorize, ...rest } = checked.errors;
    const figures = checkPayment(values, page.facts, "date");
    // Only the tick is missing: the same review again, same key, with the message.
    if (authorize && figures.ok) return { view: "review", values, amountCents: figures.amountCents, date: figures.date, key, errors: { authorize } };
    return { view: "steps", folder: folderFor(rest), values, errors: rest };
  }
  // The pending cap is not checked here: the platform is its authority, and a
  // payment refused because another tab reached the cap gets the error panel.
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  try {
    const answer = await postOnce(() =>
      platform.call(
        catalogue.account.PostTransaction,
        { applNo: s.accountHeader.applNo, transactionDate: checked.date, transactionAmount: checked.amountCents, transactionCode: "P" },
        { idempotencyKey: key },
      ),
    );
    await persist();
    if (answer.paymentTransactionId <= 0) return { view: "failed" };
    return { view: "thanks", amountCents: checked.amountCents, date: checked.date, confirmation: answer.paymentTransactionId };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // A refusal is final: the error panel. Down, timed out or garbled, the payment may still have been
    // recorded: the same review with the SAME key, so SUBMIT PAYMENT again posts it at most once.
    if (error.kind === "rejected" || error.kind === "unauthorized") return { view: "failed" };
    return { view: "review", values, amountCents: checked.amountCents, date: checked.date, key, errors: { submit: POST_PAYMENT_FAILED } };
  }
}

/**
 * A second post with the same key while the first still runs (a double click
 * that got past the browser, a refresh) is answered 409; waiting a moment
 * then gets the first post's recorded answer instead of a false failure.
 */
async function postOnce<T>(post: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await post();
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status !== 409 || i >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * i));
    }
  }
}
