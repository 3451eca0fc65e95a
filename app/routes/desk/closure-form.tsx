import { formatMoney, formatTableDate } from "#domain/format";
import { deskFields, FormBanners, type LineFormProps, ReasonInput } from "./form-fields";

const DONE = {
  closed: "Line closed at the borrower's request.",
  closing: "Closure requested: no more draws; the line closes once it is paid and nothing is scheduled.",
  kept: "Closure request cancelled: the line stays open.",
  reopened: "Line reopened: it takes draws again, with the same limit, pay schedule and repayment.",
} as const;

const WHY: Record<string, string> = {
  requested: "at the borrower's request",
  inactivity: "for inactivity",
  paid: "when paid in full after charge-off",
};

/**
 * CLOSE THE LINE at the borrower's request (decision record 025): at once with
 * nothing owed or scheduled, otherwise once paid (no draws meanwhile); or
 * CANCEL a closure still waiting for the balance.
 */
export function ClosureForm({ line, formKey, answer, flash }: LineFormProps<"closure">) {
  const errors = answer?.errors ?? {};
  const { field, message } = deskFields("closure", errors);
  if (line.status === "closed") return <ReopenForm line={line} formKey={formKey} answer={answer} flash={flash} />;
  if (line.status !== "open") return null;
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

/**
 * REOPEN a line closed at the borrower's request, within the days allowed
 * (decision record 028); any other closure is explained, not offered.
 */
function ReopenForm({ line, formKey, answer, flash }: LineFormProps<"closure">) {
  const errors = answer?.errors ?? {};
  const closed = line.closedOn
    ? `Closed on ${formatTableDate(line.closedOn)} ${WHY[line.closureReason ?? ""] ?? ""}.`
    : "Closed.";
  const open = line.reopenUntil !== null && line.today <= line.reopenUntil;
  return (
    <section aria-labelledby="closure-heading" className="card desk-closure">
      <h2 id="closure-heading">Reopen the line</h2>
      <FormBanners done={flash ? DONE[flash.outcome] : null} expired={errors.key} />
      <p>
        {closed}{" "}
        {open
          ? `If the borrower asks, it can be reopened until ${formatTableDate(line.reopenUntil!)}, with the same limit, pay schedule and repayment.`
          : line.reopenUntil
            ? `It could be reopened until ${formatTableDate(line.reopenUntil)}; now the borrower applies again.`
            : "Only a line closed at the borrower's request can be reopened; the borrower applies again."}
      </p>
      {open ? (
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="reopen-line" />
          <input type="hidden" name="key" value={formKey} />
          <ReasonInput prefix="closure" answer={answer} />
          <button type="submit" className="button button-primary">
            Reopen the line
          </button>
        </form>
      ) : errors.reason ? (
        <p className="banner banner-error" role="alert">
          {errors.reason}
        </p>
      ) : null}
    </section>
  );
}
