import type { RouterContextProvider } from "react-router";
import { isoToUs, parseUsDate } from "#domain/application/fields";
import { PAYMENT_OPTIONS, type PaymentOption, parseOtherAmount, paymentMessages } from "#domain/rules/payments";
import { type ReviewedPayment, recheckPayment } from "#domain/rules/recheck";
import { catalogue, PlatformError } from "#platform";
import { openReview, type SealedReview } from "./payment-review-seal.server";
import { checkPayment, folderFor, freshValues, type PaymentValues } from "./payments.schema";
import type { PaymentActionData, PaymentPage } from "./payments-page.server";
import { borrowerSession, IDEMPOTENCY_KEY, portalPlatform, sendMarked, sentBefore } from "./portal.server";

type Context = Readonly<RouterContextProvider>;

/** Spec file 3, section 8: the payment call's rejection text. */
export const POST_PAYMENT_FAILED = "Post Payment transaction failed Call failed";

/** What the review form posts besides the values: the reviewed amount (dollars, as shown), its key, the tick, its seal. */
export interface SubmitFields {
  amount: string;
  key: string;
  authorize: string;
  review: string;
}

/**
 * The amount and date the review showed. Other Amount's amount is its own
 * field (what was typed is what was reviewed); the other options carry the
 * reviewed figure in `amount`, since their figure can change under them.
 */
export function reviewedPayment(values: PaymentValues, amountText: string): ReviewedPayment | null {
  const option = values.option as PaymentOption;
  if (!PAYMENT_OPTIONS.includes(option)) return null;
  const amountCents = parseOtherAmount(amountText || (option === "other" ? values.other : ""));
  const date = parseUsDate(values.date.trim());
  return amountCents && amountCents > 0 && date ? { option, amountCents, date } : null;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * SUBMIT PAYMENT (0-decisions.md): posts exactly the reviewed amount and date
 * under the review's key, after re-checking them against a fresh summary.
 * When they are no longer allowed nothing posts: the review again with the
 * figures now allowed, the reason, and a new key (the old one is bound to the
 * old figures at the platform); or the steps, when no payment can be made.
 */
export async function submitPayment(
  context: Context,
  applNo: number,
  page: PaymentPage,
  values: PaymentValues,
  fields: SubmitFields,
): Promise<PaymentActionData> {
  const reviewed = reviewedPayment(values, fields.amount);
  if (!reviewed || !IDEMPOTENCY_KEY.test(fields.key)) return reviewAfresh(page, values);
  const verdict = recheckPayment(reviewed, {
    facts: page.facts,
    lock: page.lockFacts,
    pastDue: page.standing !== "current",
    maybePosted: sentBefore(context, fields.key),
  });
  switch (verdict.verdict) {
    case "locked":
      return { view: "steps", folder: "amount", values, errors: {}, notice: verdict.message };
    case "choose":
      return { view: "steps", folder: "amount", values: freshValues(page.facts), errors: {}, notice: verdict.message };
    case "review": {
      const moved = {
        ...values,
        date: isoToUs(verdict.date),
        other: reviewed.option === "other" ? dollars(verdict.amountCents) : values.other,
      };
      return {
        view: "review",
        values: moved,
        amountCents: verdict.amountCents,
        date: verdict.date,
        key: crypto.randomUUID(),
        errors: {},
        notice: verdict.message,
      };
    }
    case "post":
      break;
  }
  // Only the tick is missing: the same review again, same key, with the message.
  if (page.needsAuthorization && fields.authorize !== "on")
    return {
      view: "review",
      values,
      amountCents: reviewed.amountCents,
      date: reviewed.date,
      key: fields.key,
      errors: { authorize: paymentMessages.authorize },
    };
  // Without a state tag the posting is unconditional: its answer is never null.
  return (await postPayment(context, applNo, values, reviewed, fields.key)) as PaymentActionData;
}

/**
 * SUBMIT PAYMENT from a sealed review (decision record 020): posts on the
 * condition that the account is still as the review judged it, without
 * reading the summary first. Null when the form carries no usable seal or the
 * platform answers that the account changed (412, nothing posted): then the
 * caller reads the summary and re-checks (`submitPayment`).
 */
export async function submitSealed(
  context: Context,
  values: PaymentValues,
  fields: SubmitFields,
): Promise<PaymentActionData | null> {
  const review = await openReview(context, fields.review);
  const reviewed = reviewedPayment(values, fields.amount);
  if (!review || !reviewed || !sameReview(review, reviewed, fields.key)) return null;
  const { amountCents, date } = reviewed;
  if (review.needsAuthorization && fields.authorize !== "on")
    return {
      view: "review",
      values,
      amountCents,
      date,
      key: fields.key,
      review: fields.review,
      errors: { authorize: paymentMessages.authorize },
    };
  const answer = await postPayment(context, review.applNo, values, reviewed, fields.key, review.stateTag);
  // The same review again after an outage: its seal still serves the next SUBMIT.
  return answer?.view === "review" ? { ...answer, review: fields.review } : answer;
}

const sameReview = (sealed: SealedReview, reviewed: ReviewedPayment, key: string) =>
  sealed.key === key &&
  sealed.option === reviewed.option &&
  sealed.amountCents === reviewed.amountCents &&
  sealed.date === reviewed.date;

/** A submit without a usable review (no key, no amount): nothing posts; the review of what the form holds, under a new key. */
function reviewAfresh(page: PaymentPage, values: PaymentValues): PaymentActionData {
  const checked = checkPayment(values, page.facts, "date");
  if (!checked.ok) return { view: "steps", folder: folderFor(checked.errors), values, errors: checked.errors };
  return {
    view: "review",
    values,
    amountCents: checked.amountCents,
    date: checked.date,
    key: crypto.randomUUID(),
    errors: {},
  };
}

/**
 * Posts the reviewed payment under its key. With a state tag (a sealed
 * review) the posting is conditional, and null when the account changed;
 * without one, the session remembers the key meanwhile, so a retry after a
 * lost answer knows this key may have posted (recheckPayment's maybePosted).
 */
async function postPayment(
  context: Context,
  applNo: number,
  values: PaymentValues,
  reviewed: ReviewedPayment,
  key: string,
  stateTag?: string,
): Promise<PaymentActionData | null> {
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  const { amountCents, date } = reviewed;
  const post = () =>
    postOnce(() =>
      platform.call(
        catalogue.account.PostTransaction,
        { applNo, transactionDate: date, transactionAmount: amountCents, transactionCode: "P", ifStateTag: stateTag },
        { idempotencyKey: key },
      ),
    );
  try {
    // A conditional posting needs no mark: after a lost answer, its retry replays the key's answer or posts.
    const answer = await (stateTag ? post() : sendMarked(context, key, post));
    await persist();
    if (answer.paymentTransactionId <= 0) return { view: "failed" };
    return { view: "thanks", amountCents, date, confirmation: answer.paymentTransactionId };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (stateTag && error.status === 412) return null;
    // A refusal is final: the error panel. Down, timed out or garbled, the payment may still have been
    // recorded: the same review with the SAME key, so SUBMIT PAYMENT again posts it at most once.
    if (error.kind === "rejected" || error.kind === "unauthorized") return { view: "failed" };
    return { view: "review", values, amountCents, date, key, errors: { submit: POST_PAYMENT_FAILED } };
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
