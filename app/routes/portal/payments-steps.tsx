import { isoToUs } from "#domain/application/fields";
import { isBusinessDay } from "#domain/calendar";
import { servicing } from "#domain/config";
import { formatDate, formatMoney } from "#domain/format";
import {
  minimumOptionCents,
  type PaymentFacts,
  type PaymentOption,
  paymentDateHint,
  paymentOptionLabel,
  paymentOptions,
  paymentWindow,
  visiblePaymentOptions,
} from "#domain/rules/payments";
import { DateField } from "../../components/form/DateField";
import { FieldError } from "../../components/form/Field";
import { PhoneLink } from "../../components/PhoneLink";
import type { Folder, PaymentValues } from "./payments.schema";

/** The three collapsible steps of a one-time payment (spec file 3, section 2). */

type StepButton = (event: React.MouseEvent<HTMLButtonElement>) => void;

/**
 * One step: a heading whose button opens and shuts the panel (the WAI-ARIA
 * accordion). The button posts its step when JavaScript is off, so the server
 * opens it; a locked step's button stays focusable but says so and does nothing.
 */
export function Step({
  folder,
  number,
  title,
  summary,
  open,
  locked,
  onStep,
  children,
}: {
  folder: Exclude<Folder, "none">;
  number: number;
  title: string;
  summary?: string;
  open: boolean;
  locked: boolean;
  onStep: StepButton;
  children: React.ReactNode;
}) {
  return (
    <section
      className={`payment-step${open ? " open" : ""}${locked ? " locked" : ""}`}
      aria-labelledby={`step-${folder}-button`}
    >
      <h2 className="payment-step-heading">
        <button
          id={`step-${folder}-button`}
          type="submit"
          name="intent"
          value={folder}
          aria-expanded={open}
          aria-controls={`step-${folder}`}
          aria-disabled={locked ? true : undefined}
          onClick={onStep}
        >
          <span className="step-number" aria-hidden="true">
            {number}
          </span>
          <span>{title}</span>
          {locked ? (
            <span className="step-summary">(locked)</span>
          ) : summary ? (
            <span className="step-summary">{summary}</span>
          ) : null}
        </button>
      </h2>
      <div id={`step-${folder}`} className="payment-step-panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

/** CANCEL and CONTINUE: both post their move without JavaScript, and are handled in place with it. */
export function StepButtons({ next, disabled, onStep }: { next: string; disabled: boolean; onStep: StepButton }) {
  return (
    <div className="button-row">
      <button type="submit" name="intent" value="cancel" className="button button-outline" onClick={onStep}>
        CANCEL
      </button>
      <button
        type="submit"
        name="intent"
        value={next}
        className="button button-primary"
        disabled={disabled}
        onClick={next === "review" ? undefined : onStep}
      >
        CONTINUE
      </button>
    </div>
  );
}

export function MethodPanel({ method, phone }: { method: string; phone: string }) {
  return (
    <>
      <p className="payment-method">{method}</p>
      <p className="field-hint">
        To pay by debit card or to change your bank account, please call an Account Specialist at{" "}
        <PhoneLink digits={phone} />.
      </p>
    </>
  );
}

/**
 * Why each option exists, in the borrower's terms; a disabled option says why
 * it is off. With payments already scheduled, Pay Off Balance and the Other
 * Amount's maximum are the balance less those payments (decision record 012).
 */
function optionText(o: PaymentOption, f: PaymentFacts, pastDue: boolean, enabled: boolean, scheduled: boolean): string {
  if (!enabled && o === "minimum" && f.minimumDueCents === 0)
    return "Not available: you have no minimum payment due at this time.";
  const windowOpen = f.nextPaymentDate !== null && f.achEffectiveDate <= f.nextPaymentDate;
  if (!enabled && o !== "other" && !windowOpen)
    return "Not available: your next due date is before the earliest date a payment can be made.";
  if (!enabled && o === "minimum")
    return "Not available: it is more than your balance less the payments already scheduled. Pay Off Balance pays what is left.";
  const upTo = scheduled ? "your account balance less the payments already scheduled" : "your account balance";
  if (o === "minimum") {
    return pastDue
      ? "Pays the amount past due, to bring your account up to date."
      : `Pays the minimum due${f.nextPaymentDate ? ` on ${formatDate(f.nextPaymentDate)}` : ""}.`;
  }
  if (o === "full")
    return scheduled
      ? "Pays your account balance, less the payments already scheduled."
      : "Pays your whole account balance.";
  return `Pay any amount from ${formatMoney(servicing.minAchTransactionCents)} up to ${upTo}, on any banking business day within ${servicing.maxNoOfAchEffectiveDays} days.`;
}

export function AmountPanel({
  facts,
  pastDue,
  scheduled,
  values,
  errors,
  onValues,
  onOtherBlur,
}: {
  facts: PaymentFacts;
  pastDue: boolean;
  /** One-time payments are already scheduled. */
  scheduled: boolean;
  values: PaymentValues;
  errors: Record<string, string>;
  onValues: (patch: Partial<PaymentValues>) => void;
  onOtherBlur: () => void;
}) {
  const enabled = paymentOptions(facts);
  const amounts: Record<PaymentOption, string> = {
    minimum: formatMoney(minimumOptionCents(facts), { cents: true }),
    full: formatMoney(facts.balanceCents, { cents: true }),
    other: "",
  };
  return (
    <fieldset className="payment-options" aria-describedby="option-error">
      <legend className="visually-hidden">Payment amount</legend>
      {visiblePaymentOptions(facts).map((o) => (
        <div key={o} className={`payment-option${enabled[o] ? "" : " disabled"}`}>
          <label className="radio">
            <input
              type="radio"
              name="option"
              value={o}
              checked={values.option === o}
              disabled={!enabled[o]}
              aria-describedby={`option-${o}-text`}
              onChange={() => onValues({ option: o })}
            />
            <span className="option-label">{paymentOptionLabel(o, pastDue)}</span>
            {amounts[o] ? <span className="option-amount">{amounts[o]}</span> : null}
          </label>
          <p id={`option-${o}-text`} className="field-hint">
            {optionText(o, facts, pastDue, enabled[o], scheduled)}
          </p>
          {o === "other" ? (
            <div className={errors.other ? "field has-error" : "field"}>
              <div className="money-input">
                <span aria-hidden="true">$</span>
                <input
                  id="other"
                  name="other"
                  inputMode="decimal"
                  aria-label="Other Amount in dollars"
                  aria-invalid={errors.other ? true : undefined}
                  aria-describedby="other-error"
                  value={values.other}
                  disabled={!enabled.other}
                  autoComplete="off"
                  // Kept as typed ($ and commas welcome, decisions); what is not an amount gets the message, never a changed value. Typing an amount chooses Other.
                  onChange={(e) => onValues({ other: e.currentTarget.value, option: "other" })}
                  onBlur={onOtherBlur}
                  // Enter means the amount step's CONTINUE, not the form's first button (a step heading).
                  onKeyDown={(e) => {
                    if (e.key !== "Enter") return;
                    e.preventDefault();
                    document.querySelector<HTMLButtonElement>('#step-amount button[value="date"]')?.click();
                  }}
                />
              </div>
              <FieldError id="other" message={errors.other} />
            </div>
          ) : null}
        </div>
      ))}
      <FieldError id="option" message={errors.option} />
    </fieldset>
  );
}

export function DatePanel({
  facts,
  values,
  errors,
  resetKey,
  onValues,
}: {
  facts: PaymentFacts;
  values: PaymentValues;
  errors: Record<string, string>;
  resetKey: number;
  onValues: (patch: Partial<PaymentValues>) => void;
}) {
  const option = (paymentOptions(facts)[values.option as PaymentOption] ? values.option : "other") as PaymentOption;
  const { from, to } = paymentWindow(option, facts);
  return (
    <DateField
      key={resetKey}
      name="date"
      label="Payment Date"
      inline
      defaultValue={values.date}
      error={errors.date}
      hint={paymentDateHint(option, facts)}
      min={from}
      max={to}
      isDateDisabled={(iso) => !isBusinessDay(iso)}
      onChange={(iso) => onValues({ date: iso ? isoToUs(iso) : "" })}
    />
  );
}
