import { payFrequencyCodes } from "#domain/application/schemas/payfrequency";
import { payFrequencies } from "#domain/config";
import { formatTableDate } from "#domain/format";
import { payScheduleMessages } from "#domain/rules/pay-schedule";
import { deskFields, doneLine, FormBanners, type LineFormProps, ReasonInput } from "./form-fields";

/**
 * CHANGE PAY SCHEDULE (decision record 026): the borrower's pay frequency and
 * most recent pay date. Issued statements keep their due dates; the next
 * statement is the first on the new pay dates.
 */
export function PayScheduleForm({ line, formKey, answer, flash }: LineFormProps<"schedule">) {
  const errors = answer?.errors ?? {};
  const { field, message } = deskFields("schedule", errors);
  const chosen = answer?.values.frequency ?? line.payFrequency;
  if (line.standing === "charged_off")
    return (
      <section aria-labelledby="schedule-heading" className="card desk-schedule">
        <h2 id="schedule-heading">Pay schedule</h2>
        <p>{payScheduleMessages.chargedOff}</p>
      </section>
    );
  return (
    <section aria-labelledby="schedule-heading" className="card desk-schedule">
      <h2 id="schedule-heading">Change the pay schedule</h2>
      <FormBanners
        done={
          flash ? (
            <>
              {doneLine(flash.again, "Pay schedule changed: ")}
              {payFrequencies[flash.frequency].label}.{" "}
              {flash.firstDueDate
                ? `The first due date on it is ${formatTableDate(flash.firstDueDate)}.`
                : "Due dates will fall on these pay dates from the first statement."}
            </>
          ) : null
        }
        expired={errors.key}
      />
      <p className="field-hint">
        Now {payFrequencies[line.payFrequency].label}, next paid on {formatTableDate(line.nextPayDate)}. Statements
        already issued keep their due dates; the next statement falls on the new pay dates (weekly pay: every other pay
        date; twice monthly: the 15th and the last day of the month), and its fee and minimum follow the new billing
        cycle.
      </p>
      <form method="post" noValidate>
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="key" value={formKey} />
        <div className="field-grid">
          <div className={errors.frequency ? "field has-error" : "field"}>
            <label htmlFor="schedule-frequency">Pay frequency</label>
            <select {...field("frequency")} defaultValue={chosen}>
              {payFrequencyCodes.map((code) => (
                <option key={code} value={code}>
                  {payFrequencies[code].label}
                </option>
              ))}
            </select>
            {message("frequency")}
          </div>
          <div className={errors.lastPayDate ? "field has-error" : "field"}>
            <label htmlFor="schedule-lastPayDate">Most recent pay date (MM/DD/YYYY)</label>
            <input {...field("lastPayDate")} inputMode="numeric" defaultValue={answer?.values.lastPayDate} />
            {message("lastPayDate")}
          </div>
          <ReasonInput prefix="schedule" answer={answer} />
        </div>
        <button type="submit" className="button button-primary">
          Change pay schedule
        </button>
      </form>
    </section>
  );
}
