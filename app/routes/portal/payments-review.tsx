import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { brand } from "#domain/config";
import { formatDate, formatMoney, formatPhone } from "#domain/format";
import { FieldError } from "../../components/form/Field";
import { Modal } from "../../components/Modal";
import { PhoneLink } from "../../components/PhoneLink";
import type { PaymentValues } from "./payments.schema";

/** Review & Authorization, the thank-you and the error panel (spec file 3, sections 2, 4 and 8). */

function Figures({
  method,
  date,
  amountCents,
  children,
}: {
  method: string;
  date: string;
  amountCents: number;
  children?: React.ReactNode;
}) {
  return (
    <dl className="figures payment-figures">
      <div>
        <dt>Pay from</dt>
        <dd>{method}</dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{formatDate(date)}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatMoney(amountCents, { cents: true })}</dd>
      </div>
      {children}
    </dl>
  );
}

/**
 * The terms name the amount and date that will post (the reviewed ones: the
 * server posts exactly these). Paper-check borrowers have no automatic
 * payments, so their terms do not mention any (0-decisions.md).
 */
function AuthorizationTerms({
  method,
  date,
  amountCents,
  automaticPayments,
}: {
  method: string;
  date: string;
  amountCents: number;
  automaticPayments: boolean;
}) {
  return (
    <p>
      I authorize {brand.servicer}, on behalf of {brand.lender}, to debit {formatMoney(amountCents, { cents: true })}{" "}
      from my account {method} by electronic funds transfer on or after {formatDate(date)}. This is a one-time
      authorization for this payment only
      {automaticPayments ? "; it does not change my automatic EFT payments" : ""}. If the debit is returned unpaid, the
      payment is reversed and the amount it paid is owed again; there is no fee for a returned payment.
    </p>
  );
}

/**
 * Past-due and charged-off accounts authorize the debit: ticking opens the
 * terms in a modal; AGREE authorizes and closes; CANCEL (or Esc) unticks.
 * Without JavaScript the terms are shown inline and the tick is posted as is.
 */
function Authorization({
  terms,
  error,
  onAuthorized,
}: {
  terms: React.ReactNode;
  error?: string;
  onAuthorized: (yes: boolean) => void;
}) {
  const [state, setState] = useState({ ticked: false, authorized: false, modal: false });
  useEffect(() => onAuthorized(state.authorized), [state.authorized, onAuthorized]);
  const cancel = () => setState({ ticked: false, authorized: false, modal: false });
  return (
    <div className={error ? "field has-error payment-authorization" : "field payment-authorization"}>
      <div className="no-js-only authorization-terms">{terms}</div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="authorize"
          checked={state.ticked}
          aria-describedby="authorize-error"
          onChange={(e) => {
            const ticked = e.currentTarget.checked;
            setState(
              ticked
                ? { ticked: true, authorized: false, modal: true }
                : { ticked: false, authorized: false, modal: false },
            );
          }}
        />
        <span>I authorize this payment and agree to the payment authorization terms.</span>
      </label>
      <FieldError id="authorize" message={error} />
      <Modal
        id="payment-authorization"
        title="Payment Authorization"
        open={state.modal}
        returnHref="#authorize-error"
        // Esc or the X: the same as CANCEL, unless AGREE already authorized.
        onClose={() =>
          setState((s) => (s.authorized ? { ...s, modal: false } : { ticked: false, authorized: false, modal: false }))
        }
      >
        {terms}
        <div className="button-row">
          <button type="button" className="button button-outline" onClick={cancel}>
            CANCEL
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => setState({ ticked: true, authorized: true, modal: false })}
          >
            AGREE
          </button>
        </div>
      </Modal>
    </div>
  );
}

export function Review({
  method,
  values,
  date,
  amountCents,
  idempotencyKey,
  sealedReview,
  needsAuthorization,
  automaticPayments,
  notice,
  errors,
  revocationDays,
  phone,
  hydrated,
  busy,
  onBack,
}: {
  method: string;
  values: PaymentValues;
  date: string;
  amountCents: number;
  idempotencyKey: string;
  /** What the server sealed about this review, for its SUBMIT (decision record 020). */
  sealedReview?: string;
  needsAuthorization: boolean;
  automaticPayments: boolean;
  /** Why this review is shown again: the account changed and nothing was scheduled. */
  notice?: string;
  errors: Record<string, string>;
  revocationDays: number;
  phone: string;
  hydrated: boolean;
  busy: boolean;
  onBack: (event: React.MouseEvent<HTMLButtonElement>) => void;
}) {
  const [authorized, setAuthorized] = useState(false);
  // A double click gets one post from this page; the key makes any other repeat (refresh, retry) one payment too.
  const sent = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // A refusal (the tick missing) comes back to this review: it may be sent again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer with messages is the trigger that allows sending again.
  useEffect(() => {
    sent.current = false;
  }, [errors]);
  return (
    <Form
      method="post"
      className="card payment-review"
      onSubmit={(e) => {
        if (sent.current) e.preventDefault();
        sent.current = true;
      }}
    >
      <h2 ref={heading} tabIndex={-1}>
        Review &amp; Authorization
      </h2>
      {notice ? (
        <p className="banner banner-error payment-changed" role="alert">
          {notice}
        </p>
      ) : null}
      <Figures method={method} date={date} amountCents={amountCents} />
      {(["option", "other", "date"] as const).map((k) => (
        <input key={k} type="hidden" name={k} value={values[k]} />
      ))}
      {/* The reviewed amount and its key: SUBMIT PAYMENT posts exactly this amount and date, or nothing. */}
      <input type="hidden" name="amount" value={(amountCents / 100).toFixed(2)} />
      <input type="hidden" name="key" value={idempotencyKey} />
      {sealedReview ? <input type="hidden" name="review" value={sealedReview} /> : null}
      {needsAuthorization ? (
        <Authorization
          terms={
            <AuthorizationTerms
              method={method}
              date={date}
              amountCents={amountCents}
              automaticPayments={automaticPayments}
            />
          }
          error={errors.authorize}
          onAuthorized={setAuthorized}
        />
      ) : null}
      <p className="field-hint payment-revocation">
        You may revoke this authorization by calling an Account Specialist at <PhoneLink digits={phone} /> at least{" "}
        {revocationDays} days before the payment date.
      </p>
      {errors.submit ? (
        <p className="step-alert" role="alert">
          {errors.submit}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" name="intent" value="back" className="button button-outline" onClick={onBack}>
          CANCEL
        </button>
        <button
          type="submit"
          name="intent"
          value="submit"
          className="button button-primary"
          disabled={busy || (hydrated && needsAuthorization && !authorized)}
        >
          SUBMIT PAYMENT
        </button>
      </div>
    </Form>
  );
}

export function Thanks({
  method,
  date,
  amountCents,
  confirmation,
}: {
  method: string;
  date: string;
  amountCents: number;
  confirmation: number;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The thank-you takes focus (spec file 3, section 4), so a screen reader announces it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card payment-thanks" aria-labelledby="payment-thanks-title">
      <h2 id="payment-thanks-title" ref={heading} tabIndex={-1}>
        Thanks For Scheduling Your Payment
      </h2>
      <Figures method={method} date={date} amountCents={amountCents}>
        <div>
          <dt>Confirmation number</dt>
          <dd>{confirmation}</dd>
        </div>
      </Figures>
      <Link to="/account" className="button button-primary">
        Back to Account
      </Link>
    </section>
  );
}

export function Failure({ phone }: { phone: string }) {
  return (
    <section className="card card-error payment-error" role="alert" aria-labelledby="payment-error-title">
      <h2 id="payment-error-title">We're sorry.</h2>
      <p>
        An error occurred and we were unable to process your payment. Please try again later or contact an Account
        Specialist at {formatPhone(phone)}.
      </p>
      <Link to="/account" className="button button-outline">
        Back to Account
      </Link>
    </section>
  );
}
