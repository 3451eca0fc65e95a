import { brand, servicing } from "#domain/config";
import { formatMoney, formatTableDate } from "#domain/format";
import { paymentCancellable, widestPaymentWindow } from "#domain/rules/payments";
import type { DeskBorrowerFile } from "#server/desk/core";
import type { DeskAnswer, DeskFlash } from "./borrower.server";
import { AuthorizationTick, deskFields, FormBanners, type LineFormProps } from "./form-fields";

type Line = NonNullable<DeskBorrowerFile["line"]>;

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * TAKE PAYMENT: the agent reads the authorization to the borrower, ticks that
 * they agreed, gives the reason, and the core posts it under the portal's
 * rules. A refusal comes back on the form with what was typed.
 */
export function PhonePaymentForm({
  line,
  bankLast4,
  formKey,
  answer,
  flash,
}: {
  line: Line;
  bankLast4: string;
  formKey: string;
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: "payment" }> | null;
}) {
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const window = widestPaymentWindow(line.achEffectiveDate);
  const { field, message } = deskFields("pay", errors);
  return (
    <section aria-labelledby="pay-heading" className="card desk-payment">
      <h2 id="pay-heading">Take a payment by phone</h2>
      <FormBanners
        done={
          flash ? (
            <>
              {flash.again ? "That payment was already scheduled: " : "Payment scheduled: "}
              {money(flash.amountCents)} on {formatTableDate(flash.date)}, confirmation {flash.confirmation}.
            </>
          ) : null
        }
        expired={errors.key}
      />
      <p className="field-hint">
        The portal's rules: {money(servicing.minAchTransactionCents)} up to the payoff of{" "}
        {money(line.figures.payoffCents)}, on a banking day from {formatTableDate(window.from)} to{" "}
        {formatTableDate(window.to)}, at most {servicing.maxPendingPayments} payments pending.
      </p>
      <form method="post" noValidate>
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="key" value={formKey} />
        <div className="field-grid">
          <div className={errors.amount ? "field has-error" : "field"}>
            <label htmlFor="pay-amount">Amount ($)</label>
            <input {...field("amount")} inputMode="decimal" defaultValue={values.amount} />
            {message("amount")}
          </div>
          <div className={errors.date ? "field has-error" : "field"}>
            <label htmlFor="pay-date">Payment date (MM/DD/YYYY)</label>
            <input {...field("date")} defaultValue={values.date} />
            {message("date")}
          </div>
        </div>
        <div className={errors.reason ? "field has-error" : "field"}>
          <label htmlFor="pay-reason">Reason (for the audit log)</label>
          <input {...field("reason")} defaultValue={values.reason} maxLength={500} />
          {message("reason")}
        </div>
        <p className="desk-read-aloud">
          Read to the borrower: "You authorize {brand.servicer}, on behalf of {brand.lender}, to debit the amount we
          agreed from your account ending in {bankLast4 || "on file"} by electronic funds transfer on or after the date
          we agreed. This is a one-time authorization for this payment only. You may revoke it by calling us at least{" "}
          {servicing.achRevocationNoticeDays} days before the payment date."
        </p>
        <AuthorizationTick prefix="pay" errors={errors} />
        <button type="submit" className="button button-primary">
          Take payment
        </button>
      </form>
    </section>
  );
}

/**
 * CANCEL PAYMENT: the borrower revokes a scheduled payment's authorization by
 * phone. Only payments still at least the notice days away are offered.
 */
export function CancelPaymentForm({ line, formKey, answer, flash }: LineFormProps<"cancel">) {
  const scheduled = line.pending.filter((p) => p.code === "P");
  const cancellable = scheduled.filter((p) => paymentCancellable(p.effectiveDate, line.today));
  const errors = answer?.errors ?? {};
  if (scheduled.length === 0 && !flash) return null;
  return (
    <section aria-labelledby="cancel-heading" className="card desk-cancel">
      <h2 id="cancel-heading">Cancel a scheduled payment</h2>
      {flash ? (
        <p className="banner banner-success" role="status">
          Payment {flash.confirmation} cancelled.
        </p>
      ) : null}
      {errors.transactionId && cancellable.length === 0 ? (
        <p className="banner banner-error" role="alert">
          {errors.transactionId}
        </p>
      ) : null}
      <p className="field-hint">
        A payment can be cancelled up to {servicing.achRevocationNoticeDays} days before its date.
        {cancellable.length < scheduled.length ? " Payments closer than that are not listed." : ""}
      </p>
      {cancellable.length === 0 ? null : (
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="key" value={formKey} />
          <div className={errors.transactionId ? "field has-error" : "field"}>
            <label htmlFor="cancel-transactionId">Payment</label>
            <select
              id="cancel-transactionId"
              name="transactionId"
              defaultValue={answer?.values.transactionId}
              aria-invalid={errors.transactionId ? true : undefined}
              aria-describedby="cancel-transactionId-error"
            >
              {cancellable.map((p) => (
                <option key={p.id} value={p.id}>
                  {formatTableDate(p.effectiveDate)}, {money(p.amountCents)}, confirmation {p.id}
                </option>
              ))}
            </select>
            <p id="cancel-transactionId-error" className="field-error">
              {errors.transactionId ?? ""}
            </p>
          </div>
          <div className={errors.reason ? "field has-error" : "field"}>
            <label htmlFor="cancel-reason">Reason (for the audit log)</label>
            <input
              id="cancel-reason"
              name="reason"
              maxLength={500}
              defaultValue={answer?.values.reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby="cancel-reason-error"
            />
            <p id="cancel-reason-error" className="field-error">
              {errors.reason ?? ""}
            </p>
          </div>
          <button type="submit" className="button button-outline">
            Cancel payment
          </button>
        </form>
      )}
    </section>
  );
}
