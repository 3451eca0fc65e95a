import { formatMoney, formatTableDate } from "#domain/format";
import { deskFields, FormBanners, type LineFormProps } from "./form-fields";

const DONE = {
  closed: "Line closed at the borrower's request.",
  closing: "Closure requested: no more draws; the line closes once it is paid and nothing is scheduled.",
  kept: "Closure request cancelled: the line stays open.",
} as const;

/**
 * CLOSE THE LINE at the borrower's request (decision record 025): at once with
 * nothing owed or scheduled, otherwise once paid (no draws meanwhile); or
 * CANCEL a closure still waiting for the balance.
 */
export function ClosureForm({ line, formKey, answer, flash }: LineFormProps<"closure">) {
  const errors = answer?.errors ?? {};
  const { field, message } = deskFields("closure", errors);
  if (line.status !== "open")
    return flash ? (
      <section aria-labelledby="closure-heading" className="card desk-closure">
        <h2 id="closure-heading">Close the line</h2>
        <FormBanners done={DONE[flash.outcome]} expired={undefined} />
      </section>
    ) : null;
  const waiting = line.closeRequestedOn !== null;
  const balance = line.figures.balanceCents;
  return (
    <section aria-labelledby="closure-heading" className="card desk-closure">
      <h2 id="closure-heading">Close the line</h2>
      <FormBanners done={flash ? DONE[flash.outcome] : null} expired={errors.key} />
      <p>
        {waiting
          ? `Closure requested on ${formatTableDate(line.closeRequestedOn!)}: no draws; it closes once the balance of ${formatMoney(balance, { cents: true })} is paid and nothing is scheduled.`
          : balance === 0 && line.pending.length === 0
            ? "Nothing is owed or scheduled: the line closes at once."
            : `The balance is ${formatMoney(balance, { cents: true })}: the line stops taking draws now and closes once it is paid and nothing is scheduled.`}
      </p>
      <form method="post" noValidate>
        <input type="hidden" name="intent" value={waiting ? "cancel-closure" : "close-line"} />
        <input type="hidden" name="key" value={formKey} />
        <div className={errors.reason ? "field has-error" : "field"}>
          <label htmlFor="closure-reason">Reason (for the audit log)</label>
          <input {...field("reason")} maxLength={500} defaultValue={answer?.values.reason} />
          {message("reason")}
        </div>
        <button type="submit" className={waiting ? "button button-outline" : "button button-primary"}>
          {waiting ? "Cancel the closure request" : "Close the line"}
        </button>
      </form>
    </section>
  );
}
