import type { RouterContextProvider } from "react-router";
import { phones, servicing } from "../../../functions/config";
import { paymentsLocked, payoffOf, type PaymentFacts } from "../../../functions/rules/payments";
import { servicingToday } from "../../lib/servicing-today.server";
import { paymentHeader, paysByEft } from "./payment-header";
import { submitPayment } from "./payments-submit.server";
import { checkPayment, folderFor, freshValues, moveStep, STEP_INTENTS, type Folder, type PaymentValues, type StepIntent } from "./payments.schema";
import { drawUnavailableOf, paymentLockFacts, portalStanding, shownDate } from "./portal-data";
import { portalSummary } from "./portal.server";

type Context = Readonly<RouterContextProvider>;

type Summary = Awaited<ReturnType<typeof portalSummary>>;

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

/** `today` is the platform's (servicingToday): what "today's payment" means in the header. */
export function paymentPage(s: Summary, today: string) {
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
    start: freshValues(facts),
  };
}

export type PaymentPage = ReturnType<typeof paymentPage>;

/**
 * What a post leaves on the page. `notice` says why nothing was scheduled
 * when the account changed between review and submit.
 */
export type PaymentActionData =
  | { view: "steps"; folder: Folder; values: PaymentValues; errors: Record<string, string>; notice?: string }
  | { view: "review"; values: PaymentValues; amountCents: number; date: string; key: string; errors: Record<string, string>; notice?: string }
  | { view: "thanks"; amountCents: number; date: string; confirmation: number }
  | { view: "failed" };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Every move of the form as a post, so the whole flow works without
 * JavaScript; with it, only review and submit reach here. The review makes the
 * idempotency key and carries the reviewed amount and date with it, and
 * SUBMIT PAYMENT posts exactly those or nothing (payments-submit.server.ts).
 */
export async function paymentAction(context: Context, request: Request): Promise<PaymentActionData> {
  const s = await portalSummary(context);
  const page = paymentPage(s, await servicingToday(context));
  const form = await request.formData();
  const intent = text(form, "intent");
  const values: PaymentValues = { option: text(form, "option"), other: text(form, "other"), date: text(form, "date") };

  if ((STEP_INTENTS as readonly string[]).includes(intent)) return { view: "steps", ...moveStep(intent as StepIntent, values, page.facts, page.lock !== null) };
  if (intent === "submit") return submitPayment(context, s.accountHeader.applNo, page, values, { amount: text(form, "amount"), key: text(form, "key"), authorize: text(form, "authorize") });
  if (intent !== "review") return { view: "steps", folder: page.startFolder, values: page.start, errors: {} };
  return reviewPayment(page, values);
}

/** REVIEW: the figures the borrower will see and submit, under a new key. */
export function reviewPayment(page: PaymentPage, values: PaymentValues): PaymentActionData {
  if (page.lock) return { view: "steps", folder: "amount", values, errors: {} };
  const checked = checkPayment(values, page.facts, "date");
  if (!checked.ok) return { view: "steps", folder: folderFor(checked.errors), values, errors: checked.errors };
  return { view: "review", values, amountCents: checked.amountCents, date: checked.date, key: crypto.randomUUID(), errors: {} };
}
