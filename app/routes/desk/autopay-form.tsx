import { brand, servicing } from "#domain/config";
import { formatMoney, formatTableDate } from "#domain/format";
import { revocationEndsOn } from "#domain/rules/autopay";
import { AuthorizationTick, deskFields, FormBanners, type LineFormProps } from "./form-fields";

/**
 * Automatic payments (decision record 024): their state, and REVOKE (from the
 * notice days on; a debit sooner still posts) or AUTHORIZE (read to the
 * borrower; from the next due date).
 */
export function AutopayForm({
  line,
  formKey,
  answer,
  flash,
  bankLast4,
}: LineFormProps<"autopay"> & { bankLast4: string }) {
  const errors = answer?.errors ?? {};
  const { field, message } = deskFields("autopay", errors);
  const on = line.repaymentMethod === "A" && line.autopayEndsOn === null;
  const next = line.nextAutomaticPayment;
  return (
    <section aria-labelledby="autopay-heading" className="card desk-autopay">
      <h2 id="autopay-heading">Automatic payments</h2>
      <FormBanners
        done={
          flash
            ? flash.change === "revoked"
              ? "Automatic payments revoked."
              : "Automatic payments authorized from the next due date."
            : null
        }
        expired={errors.key}
      />
      <p>
        {line.repaymentMethod !== "A"
          ? "Off: this borrower pays by paper check."
          : line.autopayEndsOn
            ? `Revoked: no debit on or after ${formatTableDate(line.autopayEndsOn)}.`
            : `On: debited from the account ending in ${bankLast4 || "on file"} on each due date.`}{" "}
        {next ? `Next debit: ${formatMoney(next.amountCents, { cents: true })} on ${formatTableDate(next.date)}.` : ""}
      </p>
      <form method="post" noValidate>
        <input type="hidden" name="intent" value={on ? "revoke-autopay" : "authorize-autopay"} />
        <input type="hidden" name="key" value={formKey} />
        {on ? (
          <p className="field-hint">
            A revocation stops debits dated {formatTableDate(revocationEndsOn(line.today))} or later; a debit sooner
            still posts ({servicing.achRevocationNoticeDays} days' notice).
          </p>
        ) : (
          <p className="desk-read-aloud">
            Read to the borrower: "You authorize {brand.servicer}, on behalf of {brand.lender}, to debit your account
            ending in {bankLast4 || "on file"} by electronic funds transfer on each payment due date for the minimum
            payment then due. You may revoke this authorization by calling us at least{" "}
            {servicing.achRevocationNoticeDays} days before a payment date."
          </p>
        )}
        <div className={errors.reason ? "field has-error" : "field"}>
          <label htmlFor="autopay-reason">Reason (for the audit log)</label>
          <input {...field("reason")} maxLength={500} defaultValue={answer?.values.reason} />
          {message("reason")}
        </div>
        {on ? null : <AuthorizationTick prefix="autopay" errors={errors} />}
        <button type="submit" className="button button-primary">
          {on ? "Revoke automatic payments" : "Authorize automatic payments"}
        </button>
      </form>
    </section>
  );
}
