import { creditLine } from "#domain/config";
import { formatMoney } from "#domain/format";
import { deskFields, doneLine, FormBanners, type LineFormProps, ReasonInput } from "./form-fields";

/** CHANGE LIMIT: a raise up to underwriting's ceiling for a current line; a lower limit in any standing. */
export function LimitForm({ line, formKey, answer, flash }: LineFormProps<"limit">) {
  const errors = answer?.errors ?? {};
  const { field, message } = deskFields("limit", errors);
  return (
    <section aria-labelledby="limit-heading" className="card desk-limit">
      <h2 id="limit-heading">Change the credit limit</h2>
      <FormBanners
        done={
          flash ? (
            <>
              {doneLine(flash.again, "Credit limit changed: ")}
              {formatMoney(flash.beforeCents)} to {formatMoney(flash.afterCents)}.
            </>
          ) : null
        }
        expired={errors.key}
      />
      <p className="field-hint">
        Now {formatMoney(line.creditLimitCents)}.{" "}
        {line.raiseCeilingCents > line.creditLimitCents
          ? `A current line may be raised up to ${formatMoney(line.raiseCeilingCents)}`
          : `It cannot be raised: underwriting allows ${formatMoney(line.raiseCeilingCents)}`}{" "}
        (25% of the monthly take-home income on file, at most {formatMoney(creditLine.maxLimitCents)}); it may be
        lowered to {formatMoney(creditLine.newCustomerMinLimitCents)} or more. Steps of{" "}
        {formatMoney(creditLine.limitStepCents)}.
      </p>
      <form method="post" noValidate>
        <input type="hidden" name="intent" value="limit" />
        <input type="hidden" name="key" value={formKey} />
        <div className="field-grid">
          <div className={errors.limit ? "field has-error" : "field"}>
            <label htmlFor="limit-limit">New limit ($)</label>
            <input {...field("limit")} inputMode="decimal" defaultValue={answer?.values.limit} />
            {message("limit")}
          </div>
          <ReasonInput prefix="limit" answer={answer} />
        </div>
        <button type="submit" className="button button-primary">
          Change limit
        </button>
      </form>
    </section>
  );
}
