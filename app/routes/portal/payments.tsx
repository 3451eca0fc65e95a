import { Form, Link, useNavigation } from "react-router";
import { brand, phones, servicing } from "../../../functions/config";
import { catalogue, PlatformError } from "../../../functions/platform/index";
import { defaultPaymentOption, paymentDateAllowed, paymentOptions, paymentWindow, type PaymentFacts, type PaymentOption } from "../../../functions/rules/payments";
import { paymentAmountProblem } from "../../../functions/rules/standing";
import { DateField } from "../../components/form/DateField";
import { PortalShell } from "../../components/portal/PortalShell";
import { formatDate, formatMoney, formatPhone, formatTableDate } from "../../lib/format";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/payments";
import { parseUsDate } from "../apply/fields";
import { portalStanding } from "./portal-data";
import { borrowerSession, portalPlatform, portalSummary } from "./portal.server";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Make a Payment | ${brand.name}` }];
}

type Summary = Awaited<ReturnType<typeof portalSummary>>;

function factsOf(s: Summary): PaymentFacts {
  return {
    chargedOff: s.accountHeader.isChargeoff,
    minimumDueCents: s.accountHeader.minPaymentAmount,
    balanceCents: s.accountHeader.accountBalance,
    achEffectiveDate: s.accountConfig.achEffectiveDate,
    nextPaymentDate: s.accountHeader.nextPaymentDate,
  };
}

function view(s: Summary) {
  const f = factsOf(s);
  return {
    standing: portalStanding(s.accountHeader),
    facts: f,
    options: paymentOptions(f),
    selected: defaultPaymentOption(f),
    method: `EFT ${s.bankAccountInfo.accountTypeDescription} Acct #${s.bankAccountInfo.accountNumber.slice(-4)}`,
    pendingFull: s.accountConfig.pendingAchTranCount >= s.accountConfig.maxPendingAchTranCount,
    pastDueCents: s.accountHeader.pastDueAmount,
    currentDueCents: s.accountHeader.currentDue,
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  return view(await portalSummary(context));
}

/** Amount, date, review (with authorization when past due or charged off), then the payment posted once. */
export async function action({ context, request }: Route.ActionArgs) {
  const s = await portalSummary(context);
  const v = view(s);
  const form = await request.formData();
  const option = String(form.get("option") ?? "") as PaymentOption;
  const date = parseUsDate(String(form.get("date") ?? "")) ?? "";
  // The minimum option pays the past-due amount on a past-due account (spec file 3, section 4).
  const minimum = v.standing === "current" ? v.facts.minimumDueCents : v.pastDueCents;
  const amount =
    option === "full" ? v.facts.balanceCents : option === "minimum" ? minimum : Math.round(Number(String(form.get("other") ?? "").replace(/[^\d.]/g, "") || 0) * 100);
  const errors: Record<string, string> = {};
  if (!v.options[option]) errors.option = "Please select a payment amount option";
  const problem = paymentAmountProblem(amount, v.facts.balanceCents, s.accountConfig.pendingAchTranCount);
  if (problem === "minimum") errors.other = `The minimum payment is ${formatMoney(servicing.minAchTransactionCents)}. Please enter ${formatMoney(servicing.minAchTransactionCents)} or more.`;
  if (problem === "maximum") errors.other = `Your payment cannot exceed your ${formatMoney(v.facts.balanceCents, { cents: true })} account balance. Please enter a different amount.`;
  if (problem === "pendingLimit") errors.form = "You have reached the maximum number of pending transactions allowed. No additional payments can be scheduled at this time.";
  if (!errors.option && !paymentDateAllowed(date, option, v.facts)) errors.date = "Please choose a business day in the highlighted range.";
  const values = { option, other: String(form.get("other") ?? ""), date: String(form.get("date") ?? "") };
  if (Object.keys(errors).length) return { step: "form" as const, errors, values };
  if (form.get("intent") !== "submit") return { step: "review" as const, amount, date, key: crypto.randomUUID(), values };
  const troubled = v.standing !== "current";
  if (troubled && form.get("authorize") !== "on") return { step: "review" as const, amount, date, key: String(form.get("key")), values, errors: { authorize: "Please authorize this payment." } };
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  try {
    const answer = await platform.call(
      catalogue.account.PostTransaction,
      { applNo: s.accountHeader.applNo, transactionDate: date, transactionAmount: amount, transactionCode: "P" },
      { idempotencyKey: String(form.get("key") ?? crypto.randomUUID()) },
    );
    await persist();
    return { step: "thanks" as const, amount, date, confirmation: answer.paymentTransactionId, values };
  } catch (error) {
    if (error instanceof PlatformError) return { step: "failed" as const, values };
    throw error;
  }
}

const OPTION_LABELS = (pastDue: boolean): Record<PaymentOption, string> => ({ minimum: pastDue ? "Past Due" : "Next Minimum Due", full: "Pay Off Balance", other: "Other Amount" });

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors: Record<string, string> = actionData && "errors" in actionData && actionData.errors ? actionData.errors : {};
  const pastDue = d.standing !== "current";
  const labels = OPTION_LABELS(pastDue);
  const amounts: Record<PaymentOption, string> = { minimum: formatMoney(pastDue ? d.pastDueCents : d.facts.minimumDueCents, { cents: true }), full: formatMoney(d.facts.balanceCents, { cents: true }), other: "" };
  const chosen = (actionData?.values?.option as PaymentOption | undefined) ?? d.selected;
  const window = paymentWindow(chosen, d.facts);
  const header =
    d.standing === "delinquent"
      ? `Your Minimum Payment of ${formatMoney(d.currentDueCents, { cents: true })} is due on ${d.facts.nextPaymentDate ? formatDate(d.facts.nextPaymentDate) : "your next due date"}; this does not include your Past Due amount of ${formatMoney(d.pastDueCents, { cents: true })}.`
      : d.facts.balanceCents === 0
        ? "You don't have any upcoming payments at this time."
        : `On this page, you can opt to make one-time payments of ${formatMoney(servicing.minAchTransactionCents)} or more. These payments occur outside of your automatic EFT payments.`;
  return (
    <PortalShell standing={d.standing} pastDue={pastDue}>
      <h1>Make a One-Time Payment</h1>
      {pastDue ? <p>Your account is past due. Please set up a payment below. Account Specialist: {formatPhone(phones.accountSpecialist)}.</p> : null}
      <p>{header}</p>
      {actionData?.step === "thanks" ? (
        <section className="card" aria-live="polite">
          <h2>Thanks For Scheduling Your Payment</h2>
          <dl className="figures">
            <div><dt>Pay from</dt><dd>{d.method}</dd></div>
            <div><dt>Date</dt><dd>{formatTableDate(actionData.date)}</dd></div>
            <div><dt>Amount</dt><dd>{formatMoney(actionData.amount, { cents: true })}</dd></div>
            <div><dt>Confirmation number</dt><dd>{actionData.confirmation}</dd></div>
          </dl>
          <Link to="/account" className="button button-primary">Back to Account</Link>
        </section>
      ) : actionData?.step === "failed" ? (
        <section className="card" role="alert">
          <h2>We're sorry.</h2>
          <p>An error occurred and we were unable to process your payment. Please try again later or contact an Account Specialist at {formatPhone(phones.accountSpecialist)}.</p>
        </section>
      ) : actionData?.step === "review" ? (
        <Form method="post" className="card">
          <h2>Review &amp; Authorization</h2>
          <dl className="figures">
            <div><dt>Pay from</dt><dd>{d.method}</dd></div>
            <div><dt>Date</dt><dd>{formatTableDate(actionData.date)}</dd></div>
            <div><dt>Amount</dt><dd>{formatMoney(actionData.amount, { cents: true })}</dd></div>
          </dl>
          {(["option", "other", "date"] as const).map((k) => <input key={k} type="hidden" name={k} value={actionData.values[k]} />)}
          <input type="hidden" name="key" value={actionData.key} />
          {pastDue ? (
            <label className="checkbox">
              <input type="checkbox" name="authorize" /> I authorize {brand.name} to debit my account for this payment.
            </label>
          ) : null}
          {errors.authorize ? <p className="field-error" role="alert">{errors.authorize}</p> : null}
          <p className="field-hint">You may revoke this authorization by calling us at least {servicing.achRevocationNoticeDays} days before the payment date.</p>
          <div className="button-row">
            <Link to="/payments" className="button button-outline">CANCEL</Link>
            <button type="submit" name="intent" value="submit" className="button button-primary" disabled={busy}>SUBMIT PAYMENT</button>
          </div>
        </Form>
      ) : d.pendingFull ? (
        <p className="notice" role="alert">You have reached the maximum number of pending transactions allowed. No additional payments can be scheduled at this time.</p>
      ) : (
        <Form method="post" className="card apply-form" noValidate>
          <p><strong>Method:</strong> {d.method}. To pay by debit card or change your bank account, call an Account Specialist at {formatPhone(phones.accountSpecialist)}.</p>
          <fieldset className="field radio-group">
            <legend>Amount</legend>
            {(["minimum", "full", "other"] as const)
              .filter((o) => !(o === "minimum" && d.facts.chargedOff))
              .map((o) => (
                <label key={o} className="radio">
                  <input type="radio" name="option" value={o} defaultChecked={chosen === o} disabled={!d.options[o]} /> {labels[o]} {amounts[o]}
                </label>
              ))}
            <p className="field-error" role={errors.option ? "alert" : undefined}>{errors.option ?? ""}</p>
          </fieldset>
          <div className="field">
            <label htmlFor="other">Other Amount ($)</label>
            <input id="other" name="other" inputMode="decimal" defaultValue={actionData?.values?.other} aria-describedby="other-error" />
            <p id="other-error" className="field-error" role={errors.other ? "alert" : undefined}>{errors.other ?? ""}</p>
          </div>
          <DateField name="date" label="Payment Date" defaultValue={actionData?.values?.date} error={errors.date} min={window.from} max={window.to} />
          <p className="field-hint" id="date-window">
            Choose a business day from {formatTableDate(window.from)} to {formatTableDate(window.to)} (weekends and bank holidays are not available).
          </p>
          {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
          <div className="button-row">
            <Link to="/account" className="button button-outline">CANCEL</Link>
            <button type="submit" name="intent" value="review" className="button button-primary">CONTINUE</button>
          </div>
        </Form>
      )}
    </PortalShell>
  );
}
