import type { RouterContextProvider } from "react-router";
import { servicingToday } from "../../lib/servicing-today.server";
import { sealReview } from "./payment-review-seal.server";
import {
  checkPayment,
  folderFor,
  moveStep,
  type PaymentValues,
  STEP_INTENTS,
  type StepIntent,
} from "./payments.schema";
import { type PaymentActionData, type PaymentPage, paymentPage } from "./payments-page.server";
import { type SubmitFields, submitPayment, submitSealed } from "./payments-submit.server";
import { portalSummary } from "./portal.server";

export { type PaymentActionData, paymentPage } from "./payments-page.server";

type Context = Readonly<RouterContextProvider>;

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Every move of the form as a post, so the whole flow works without
 * JavaScript; with it, only review and submit reach here. The review makes the
 * idempotency key and carries the reviewed amount and date with it, and
 * SUBMIT PAYMENT posts exactly those or nothing (payments-submit.server.ts).
 */
export async function paymentAction(context: Context, request: Request): Promise<PaymentActionData> {
  const form = await request.formData();
  const intent = text(form, "intent");
  const values: PaymentValues = { option: text(form, "option"), other: text(form, "other"), date: text(form, "date") };
  const fields = {
    amount: text(form, "amount"),
    key: text(form, "key"),
    authorize: text(form, "authorize"),
    review: text(form, "review"),
  };
  // Decision record 020: a sealed review whose account has not changed posts without reading the summary.
  const sealed = intent === "submit" ? await submitSealed(context, values, fields) : null;
  if (sealed) return sealed;

  const s = await portalSummary(context);
  const page = paymentPage(s, await servicingToday(context));
  const answer = await answerPost(context, s.accountHeader.applNo, page, intent, values, fields);
  if (answer.view !== "review") return answer;
  const review = await sealReview(context, {
    key: answer.key,
    applNo: s.accountHeader.applNo,
    stateTag: s.accountConfig.stateTag,
    needsAuthorization: page.needsAuthorization,
    option: answer.values.option,
    amountCents: answer.amountCents,
    date: answer.date,
  });
  return { ...answer, review };
}

function answerPost(
  context: Context,
  applNo: number,
  page: PaymentPage,
  intent: string,
  values: PaymentValues,
  fields: SubmitFields,
): PaymentActionData | Promise<PaymentActionData> {
  if ((STEP_INTENTS as readonly string[]).includes(intent))
    return { view: "steps", ...moveStep(intent as StepIntent, values, page.facts, page.lock !== null) };
  if (intent === "submit") return submitPayment(context, applNo, page, values, fields);
  if (intent !== "review") return { view: "steps", folder: page.startFolder, values: page.start, errors: {} };
  return reviewPayment(page, values);
}

/** REVIEW: the figures the borrower will see and submit, under a new key. */
export function reviewPayment(page: PaymentPage, values: PaymentValues): PaymentActionData {
  if (page.lock) return { view: "steps", folder: "amount", values, errors: {} };
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
