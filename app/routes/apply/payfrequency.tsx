import { useState } from "react";
import { Form } from "react-router";
import { brand, type PayFrequency, payFrequencies } from "../../../functions/config";
import { ApplyShell, StepAlert } from "../../components/ApplyShell";
import { DateField } from "../../components/form/DateField";
import { RadioGroup } from "../../components/form/Field";
import { useStepValidation } from "../../components/form/useStepValidation";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/payfrequency";
import { finishDates, isoToUs, parseUsDate } from "./fields";
import { nextPayDate, payDatesMismatch, payFrequencyCodes, payFrequencyMessages, payFrequencySchema } from "./payfrequency.schema";
import { actionDraft, finishStep, formValues, loadStep, validateStep } from "./wizard.server";
import { easternToday } from "../../lib/today";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Pay frequency | Apply | ${brand.name}` }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadStep(context, request, "payfrequency");
}

export async function action({ context, request }: Route.ActionArgs) {
  const { session, draft } = actionDraft(context, request, "payfrequency");
  const values = finishDates(await formValues(request), ["lastPayDate", "firstPayDate", "secondPayDate"]);
  const checked = await validateStep(payFrequencySchema(easternToday()), values);
  if (!checked.ok) return checked.failure;
  return finishStep(context, session, draft, "payfrequency", values);
}

const options = payFrequencyCodes.map((code) => ({ code, label: payFrequencies[code].label }));
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

export default function PayFrequencyStep({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const today = easternToday();
  const { errors, alert, formProps } = useStepValidation(payFrequencySchema(today), actionData?.errors);
  const [interval, setInterval] = useState<PayFrequency | "">((values.interval as PayFrequency) ?? "");
  const [dates, setDates] = useState({ last: parseUsDate(values.lastPayDate ?? "") ?? "", first: parseUsDate(values.firstPayDate ?? "") ?? "", second: parseUsDate(values.secondPayDate ?? "") ?? "" });

  /** The auto-fill: a last pay date fills the 1st upcoming date, which fills the 2nd (7/14/31 days). */
  function fillFrom(field: "last" | "first", iso: string, chosen = interval) {
    if (!chosen || !iso) return;
    const next = nextPayDate(iso, chosen);
    if (!next) return;
    const target = field === "last" ? "firstPayDate" : "secondPayDate";
    const input = document.getElementById(target) as HTMLInputElement | null;
    if (input) input.value = isoToUs(next);
    setDates((d) => ({ ...d, [field === "last" ? "first" : "second"]: next }));
    if (field === "last") fillFrom("first", next, chosen);
  }

  const mismatch = interval !== "" && payDatesMismatch(interval, dates.last, dates.first, dates.second);
  return (
    <ApplyShell step="payfrequency" done={loaderData.done} title="How often do you get paid?">
      <Form method="post" className="apply-form" {...formProps}>
        <RadioGroup
          name="interval"
          legend="Pay frequency"
          className="pay-options"
          options={options}
          defaultValue={values.interval}
          error={errors.interval}
          onChange={(code) => {
            setInterval(code as PayFrequency);
            if (dates.last) fillFrom("last", dates.last, code as PayFrequency);
          }}
        />
        <div className="field-grid">
          <DateField name="lastPayDate" label="Last Pay Date" defaultValue={values.lastPayDate} error={errors.lastPayDate} min={addDays(today, -45)} max={today} onChange={(iso) => { setDates((d) => ({ ...d, last: iso })); fillFrom("last", iso); }} />
          <DateField name="firstPayDate" label="1st Upcoming Pay Date" defaultValue={values.firstPayDate} error={errors.firstPayDate} min={today} onChange={(iso) => { setDates((d) => ({ ...d, first: iso })); fillFrom("first", iso); }} />
          <DateField name="secondPayDate" label="2nd Upcoming Pay Date" defaultValue={values.secondPayDate} error={errors.secondPayDate} min={today} onChange={(iso) => setDates((d) => ({ ...d, second: iso }))} />
        </div>
        <figure className="sample-check">
          <svg viewBox="0 0 320 140" width="320" height="140" role="img" aria-labelledby="sample-check-title">
            <title id="sample-check-title">A sample paycheck: the pay date is printed at the top right.</title>
            <rect x="1" y="1" width="318" height="138" rx="6" fill="#f4f7f6" stroke="#0d5c4d" />
            <text x="16" y="30" fontSize="13" fill="#17262b">EMPLOYER NAME</text>
            <text x="210" y="30" fontSize="13" fill="#0d5c4d">DATE 11/13/2026</text>
            <text x="16" y="75" fontSize="12" fill="#44565c">PAY TO THE ORDER OF ____________</text>
            <text x="16" y="115" fontSize="12" fill="#44565c">⑆021000021⑆ 000123456789⑈</text>
          </svg>
          <figcaption>Your pay date is printed on your paycheck or pay stub.</figcaption>
        </figure>
        {mismatch ? (
          <div className="warning" role="status">
            <p>{payFrequencyMessages.mismatch}</p>
            <p>{payFrequencyMessages.mismatchFollowUp}</p>
          </div>
        ) : null}
        <StepAlert show={alert} />
        <button type="submit" className="button button-primary button-large">CONTINUE</button>
      </Form>
    </ApplyShell>
  );
}
