import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { brand } from "#domain/config";
import { formatMoney } from "#domain/format";
import { PaymentAccountSummary } from "../../components/portal/PaymentAccountSummary";
import { PayoffWarning } from "../../components/portal/PayoffWarning";
import { PortalShell } from "../../components/portal/PortalShell";
import type { RouteHandle } from "../../lib/layout";
import { servicingToday } from "../../lib/servicing-today.server";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/payments";
import { checkPayment, moveStep, type PaymentValues, type StepIntent } from "./payments.schema";
import { type PaymentActionData, paymentAction, paymentPage } from "./payments.server";
import { Failure, Review, Thanks } from "./payments-review";
import { AmountPanel, DatePanel, MethodPanel, Step, StepButtons } from "./payments-steps";
import { payoffWarning } from "./payoff.server";
import { portalSummary } from "./portal.server";
import { paymentLockMessages } from "./portal-data";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Make a Payment | ${brand.name}` }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const page = paymentPage(await portalSummary(context), await servicingToday(context), query.get("option"));
  // After the summary: its redirects come first, and the platform token is the one it left.
  return { ...page, payoff: await payoffWarning(context, query.get("payment") ?? "") };
}

export async function action({ context, request }: Route.ActionArgs) {
  return paymentAction(context, request);
}

type Page = Awaited<ReturnType<typeof loader>>;

const startView = (d: Page): PaymentActionData => ({
  view: "steps",
  folder: d.startFolder,
  values: d.start,
  errors: {},
});

/**
 * Make a One-Time Payment: method, amount and date steps, review, thank-you.
 * With JavaScript the steps move in place (the same moves and schema the
 * action uses) and only review and submit post; without it every button posts.
 */
export default function Payments({ loaderData: d, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [view, setView] = useState<PaymentActionData>(() => actionData ?? startView(d));
  const [resets, setResets] = useState(0);
  const [touched, setTouched] = useState(false);
  const moved = useRef(false);
  useEffect(() => {
    if (actionData) setView(actionData);
  }, [actionData]);

  const locked = d.lock !== null;
  const pastDue = d.standing !== "current";

  // After a move in place, focus follows: the first message if any, else the opened step.
  useEffect(() => {
    if (!moved.current || view.view !== "steps") return;
    moved.current = false;
    const first = Object.keys(view.errors)[0];
    const target = first
      ? document.getElementById(first === "option" ? "step-amount" : first)
      : document.getElementById(`step-${view.folder}-button`);
    (first === "option" ? target?.querySelector<HTMLElement>("input:checked, input:not(:disabled)") : target)?.focus();
  }, [view]);

  function onStep(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const button = event.currentTarget;
    if (view.view !== "steps" && view.view !== "review") return;
    if (button.getAttribute("aria-disabled") === "true") return;
    const intent = button.value as StepIntent;
    // A step's own heading shuts it again (the steps are collapsible).
    if (view.view === "steps" && intent === view.folder && button.id === `step-${intent}-button`) {
      setView({ ...view, folder: "none" });
      return;
    }
    if (intent === "cancel") {
      setResets((n) => n + 1);
      setTouched(false);
    }
    moved.current = true;
    setView({ view: "steps", ...moveStep(intent, view.values, d.facts, locked) });
  }

  function onDateContinue(event: React.FormEvent<HTMLFormElement>) {
    if (view.view !== "steps") return;
    const checked = checkPayment(view.values, d.facts, "date");
    if (checked.ok) return;
    event.preventDefault();
    moved.current = true;
    setView({
      ...view,
      folder: checked.errors.option || checked.errors.other ? "amount" : "date",
      errors: checked.errors,
    });
  }

  function setValues(patch: Partial<PaymentValues>) {
    if (view.view !== "steps") return;
    const values = { ...view.values, ...patch };
    // The Other Amount's message shows as soon as the field has been left once, and follows the typing after that.
    const other = touched && values.option === "other" ? checkPayment(values, d.facts, "amount") : null;
    const errors = { ...view.errors };
    delete errors.option;
    if (patch.date !== undefined) delete errors.date;
    if (other) {
      if (!other.ok && other.errors.other) errors.other = other.errors.other;
      else delete errors.other;
    } else if (patch.option && patch.option !== "other") delete errors.other;
    setView({ ...view, values, errors });
  }

  function onOtherBlur() {
    setTouched(true);
    if (view.view !== "steps" || view.values.option !== "other") return;
    const checked = checkPayment(view.values, d.facts, "amount");
    setView({ ...view, errors: checked.ok ? {} : checked.errors });
  }

  return (
    <PortalShell standing={d.standing} pastDue={pastDue} drawUnavailable={d.drawUnavailable}>
      <h1>Make a One-Time Payment</h1>
      <div className="payment-header">
        {d.header.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <PaymentAccountSummary figures={d.summary} troubled={pastDue} />
      {/* What happened (nothing was scheduled) reads before why (the lock's banner). */}
      {view.view === "steps" && view.notice ? <ChangedNotice key={view.notice} text={view.notice} /> : null}
      {d.lock && view.view !== "thanks" ? (
        <p className="banner banner-warning payment-banner" role="alert">
          {paymentLockMessages[d.lock]}
        </p>
      ) : null}
      {view.view === "thanks" ? (
        <Thanks method={d.method} date={view.date} amountCents={view.amountCents} confirmation={view.confirmation} />
      ) : view.view === "failed" ? (
        <Failure phone={d.specialistPhone} />
      ) : view.view === "review" ? (
        <Review
          // A new key is a new review (new figures after a change): its authorization starts afresh and its heading takes focus.
          key={view.key}
          method={d.method}
          values={view.values}
          date={view.date}
          amountCents={view.amountCents}
          idempotencyKey={view.key}
          sealedReview={view.review}
          needsAuthorization={d.needsAuthorization}
          automaticPayments={d.automaticPayments}
          notice={view.notice}
          errors={view.errors}
          revocationDays={d.revocationDays}
          phone={d.specialistPhone}
          hydrated={hydrated}
          busy={busy}
          onBack={onStep}
        />
      ) : (
        <Form method="post" className="payment-steps" noValidate onSubmit={onDateContinue}>
          <Step
            folder="method"
            number={1}
            title="Payment Method"
            summary={d.method}
            open={view.folder === "method"}
            locked={locked}
            onStep={onStep}
          >
            <MethodPanel method={d.method} phone={d.specialistPhone} />
            <StepButtons next="amount" disabled={false} onStep={onStep} />
          </Step>
          <Step
            folder="amount"
            number={2}
            title="Payment Amount"
            summary={amountSummary(view.values, d)}
            open={view.folder === "amount"}
            locked={false}
            onStep={onStep}
          >
            <AmountPanel
              facts={d.facts}
              pastDue={pastDue}
              scheduled={d.summary.pendingCents > 0}
              values={view.values}
              errors={view.errors}
              onValues={setValues}
              onOtherBlur={onOtherBlur}
            />
            <StepButtons
              next="date"
              disabled={hydrated && (locked || !checkPayment(view.values, d.facts, "amount").ok)}
              onStep={onStep}
            />
          </Step>
          <Step
            folder="date"
            number={3}
            title="Payment Date"
            summary={view.values.date}
            open={view.folder === "date"}
            locked={locked}
            onStep={onStep}
          >
            <DatePanel
              facts={d.facts}
              values={view.values}
              errors={view.errors}
              resetKey={resets}
              onValues={setValues}
            />
            <StepButtons next="review" disabled={busy} onStep={onStep} />
          </Step>
        </Form>
      )}
      <PayoffWarning {...d.payoff} />
    </PortalShell>
  );
}

/** Why nothing was scheduled, above the steps: it takes focus, since the review the borrower was on is gone. */
function ChangedNotice({ text }: { text: string }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <p ref={notice} tabIndex={-1} className="banner banner-error payment-changed" role="alert">
      {text}
    </p>
  );
}

/** The amount step's heading, once an amount is known. */
function amountSummary(values: PaymentValues, d: Page): string | undefined {
  const checked = checkPayment(values, d.facts, "amount");
  return checked.ok ? formatMoney(checked.amountCents, { cents: true }) : undefined;
}
