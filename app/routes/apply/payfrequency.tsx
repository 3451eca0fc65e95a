import { useState } from "react";
import { Form } from "react-router";
import { finishDates, isoToUs, parseUsDate } from "#domain/application/fields";
import { brand, LAST_PAY_DATE_PICKER_DAYS, type PayFrequency, payFrequencies } from "#domain/config";
import { ApplyShell, StepAlert } from "../../components/ApplyShell";
import { PayFrequencyPicture } from "../../components/apply/PayFrequencyPicture";
import { DateField } from "../../components/form/DateField";
import { RadioGroup } from "../../components/form/Field";
import { useStepValidation } from "../../components/form/useStepValidation";
import type { RouteHandle } from "../../lib/layout";
import { easternToday } from "../../lib/today";
import type { Route } from "./+types/payfrequency";
import {
  nextPayDate,
  payDatesMismatch,
  payFrequencyCodes,
  payFrequencyMessages,
  payFrequencySchema,
  TWICE_MONTHLY_DATES,
} from "./payfrequency.schema";
import { actionDraft, finishStep, formValues, loadStep, validateStep } from "./wizard.server";

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
  const [dates, setDates] = useState({
    last: parseUsDate(values.lastPayDate ?? "") ?? "",
    first: parseUsDate(values.firstPayDate ?? "") ?? "",
    second: parseUsDate(values.secondPayDate ?? "") ?? "",
  });

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

  /** Twice Monthly has no fill rule: dates filled for another frequency are cleared, and the page says so. */
  const [cleared, setCleared] = useState(false);
  function clearUpcoming() {
    const filled = ["firstPayDate", "secondPayDate"]
      .map((id) => document.getElementById(id) as HTMLInputElement | null)
      .filter((el) => el?.value);
    for (const el of filled) el!.value = "";
    setDates((d) => ({ ...d, first: "", second: "" }));
    setCleared(filled.length > 0);
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
          picture={(code) => <PayFrequencyPicture code={code as PayFrequency} />}
          onChange={(code) => {
            setInterval(code as PayFrequency);
            setCleared(false);
            if (code === "S") clearUpcoming();
            else if (dates.last) fillFrom("last", dates.last, code as PayFrequency);
          }}
        />
        <div className="field-grid">
          <DateField
            name="lastPayDate"
            label="Last Pay Date"
            defaultValue={values.lastPayDate}
            error={errors.lastPayDate}
            min={addDays(today, -LAST_PAY_DATE_PICKER_DAYS)}
            max={today}
            onChange={(iso) => {
              setDates((d) => ({ ...d, last: iso }));
              fillFrom("last", iso);
            }}
          />
          <DateField
            name="firstPayDate"
            label="1st Upcoming Pay Date"
            defaultValue={values.firstPayDate}
            error={errors.firstPayDate}
            min={today}
            onChange={(iso) => {
              setDates((d) => ({ ...d, first: iso }));
              fillFrom("first", iso);
            }}
          />
          <DateField
            name="secondPayDate"
            label="2nd Upcoming Pay Date"
            defaultValue={values.secondPayDate}
            error={errors.secondPayDate}
            min={today}
            onChange={(iso) => setDates((d) => ({ ...d, second: iso }))}
          />
        </div>
        <p className="banner banner-warning" role="status" hidden={!cleared}>
          {cleared ? TWICE_MONTHLY_DATES : ""}
        </p>
        <figure className="sample-check">
          <svg viewBox="0 0 320 140" width="320" height="140" role="img" aria-labelledby="sample-check-title">
            <title id="sample-check-title">A sample paycheck: the pay date is printed at the top right.</title>
            <rect x="1" y="1" width="318" height="138" rx="6" fill="#f4f7f6" stroke="#0d5c4d" />
            <text x="16" y="30" fontSize="13" fill="#17262b">
              EMPLOYER NAME
            </text>
            <text x="304" y="30" fontSize="13" fill="#0d5c4d" textAnchor="end">
              DATE 11/13/2026
            </text>
            <text x="16" y="75" fontSize="12" fill="#44565c">
              PAY TO THE ORDER OF ____________
            </text>
            {/* The MICR line: its symbols drawn, as no web font carries them (they showed as empty boxes). */}
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group takes no focus; the picture's label says the same. */}
            <g fill="#44565c" aria-hidden="true">
              <MicrTransit x={16} />
              <text x="27" y="115" fontSize="12" fontFamily="monospace">
                021000021
              </text>
              <MicrTransit x={98} />
              <text x="114" y="115" fontSize="12" fontFamily="monospace">
                000123456789
              </text>
              <MicrOnUs x={203} />
            </g>
          </svg>
          <figcaption>Your pay date is printed on your paycheck or pay stub.</figcaption>
        </figure>
        {mismatch ? (
          <div className="banner banner-warning" role="status">
            <p>{payFrequencyMessages.mismatch}</p>
            <p>{payFrequencyMessages.mismatchFollowUp}</p>
          </div>
        ) : null}
        <StepAlert show={alert} />
        <button type="submit" className="button button-primary button-large">
          CONTINUE
        </button>
      </Form>
    </ApplyShell>
  );
}

/** The MICR transit symbol (a bar and two small blocks). */
function MicrTransit({ x }: { x: number }) {
  return (
    <g>
      <rect x={x} y={105} width={2.5} height={10} />
      <rect x={x + 4.5} y={105} width={4} height={4} />
      <rect x={x + 4.5} y={111} width={4} height={4} />
    </g>
  );
}

/** The MICR on-us symbol (two bars and a block). */
function MicrOnUs({ x }: { x: number }) {
  return (
    <g>
      <rect x={x} y={105} width={2.5} height={7} />
      <rect x={x + 4} y={105} width={2.5} height={7} />
      <rect x={x} y={113} width={6.5} height={2.5} />
    </g>
  );
}
