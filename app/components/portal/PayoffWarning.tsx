import { useEffect, useState } from "react";
import { Form } from "react-router";
import { formatMoney } from "#domain/format";
import {
  belowMinimumWarning,
  fixedPaymentProblem,
  type PayoffProjection,
  type Projected,
  payoffSentence,
  payoffWording as w,
} from "#domain/rules/payoff-warning";
import { TextField } from "../form/Field";
import { PayoffChart } from "./PayoffChart";

/**
 * The payments page's minimum-payment warning (0-decisions.md, "Notices and records the law
 * requires"): the latest statement's figures, paying only the minimum, beside a form for a fixed
 * payment and that payment's figures, and the chart of both. The form is a GET (?payment=100.00),
 * so it works without JavaScript; with it, the field's own schema speaks as the borrower types.
 */
export function PayoffWarning({
  projection,
  paymentText,
  error,
}: {
  projection: PayoffProjection | null;
  paymentText: string;
  error: string | null;
}) {
  if (!projection) return null;
  return (
    <section className="payoff" aria-labelledby="payoff-heading">
      <h2 id="payoff-heading">{w.heading}</h2>
      {projection.kind === "projected" ? (
        <Projection projection={projection} paymentText={paymentText} error={error} />
      ) : (
        <p>{{ noStatement: w.noStatement, chargedOff: w.chargedOff, closed: w.closed }[projection.kind]}</p>
      )}
    </section>
  );
}

function Projection({
  projection: p,
  paymentText,
  error,
}: {
  projection: Projected;
  paymentText: string;
  error: string | null;
}) {
  if (p.minimum.statements === 0) return <p>{w.paidOff}</p>;
  const fixedLabel = p.fixed && p.fixedPaymentCents !== null ? formatMoney(p.fixedPaymentCents, { cents: true }) : null;
  return (
    <>
      <p>{w.lead}</p>
      <p className="payoff-figure" data-testid="payoff-minimum">
        {payoffSentence(p.minimum, null)}
      </p>
      <PaymentForm balanceCents={p.balanceCents} paymentText={paymentText} error={error} />
      {p.fixed && p.fixedPaymentCents !== null ? (
        <div aria-live="polite">
          <p className="payoff-figure" data-testid="payoff-fixed">
            {payoffSentence(p.fixed, p.fixedPaymentCents)}
          </p>
          {p.fixed.belowMinimum ? <p className="banner banner-warning">{belowMinimumWarning}</p> : null}
        </div>
      ) : null}
      <p className="field-hint">{w.assumes(p)}</p>
      <PayoffChart projection={p} fixedLabel={fixedLabel} />
    </>
  );
}

/** The fixed payment: checked by the same schema in the browser (on leaving the field, then as typed) and on the server. */
function PaymentForm({
  balanceCents,
  paymentText,
  error,
}: {
  balanceCents: number;
  paymentText: string;
  error: string | null;
}) {
  const [message, setMessage] = useState(error);
  const [touched, setTouched] = useState(false);
  // A new answer (a new amount shown, or refused by the server) replaces what the browser said.
  useEffect(() => setMessage(error), [error]);
  const check = (text: string) => (text.trim() ? fixedPaymentProblem(text, balanceCents) : null);
  return (
    <Form
      method="get"
      className="payoff-form"
      preventScrollReset
      noValidate
      onBlur={(e) => {
        if (!(e.target instanceof HTMLInputElement) || e.target.name !== "payment") return;
        setTouched(true);
        setMessage(check(e.target.value));
      }}
      onInput={(e) => {
        if (touched && e.target instanceof HTMLInputElement && e.target.name === "payment")
          setMessage(check(e.target.value));
      }}
      onSubmit={(e) => {
        const field = e.currentTarget.elements.namedItem("payment") as HTMLInputElement;
        const problem = check(field.value);
        setTouched(true);
        setMessage(problem);
        if (!problem) return;
        e.preventDefault();
        field.focus();
      }}
    >
      <TextField
        name="payment"
        label={w.fieldLabel}
        hint={w.fieldHint(balanceCents)}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={paymentText}
        error={message ?? undefined}
      />
      <button type="submit" className="button button-outline">
        {w.submit}
      </button>
    </Form>
  );
}
