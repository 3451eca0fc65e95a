import { useState } from "react";
import { Form } from "react-router";
import { brand } from "#domain/config";
import { normaliseWorkPhone } from "#domain/rules/phone";
import { ApplyShell, StepAlert } from "../../components/ApplyShell";
import { RadioGroup, SelectField, TextField } from "../../components/form/Field";
import { useStepValidation } from "../../components/form/useStepValidation";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/income";
import { hasEmployer, incomePaymentMethods, incomeSchema, incomeSources, otherIncomeTypes } from "./income.schema";
import { actionDraft, finishStep, formValues, loadStep, validateStep } from "./wizard.server";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Income | Apply | ${brand.name}` }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadStep(context, request, "income");
}

export async function action({ context, request }: Route.ActionArgs) {
  const { session, draft } = actionDraft(context, request, "income");
  const values = await formValues(request);
  const checked = await validateStep(incomeSchema, values);
  if (!checked.ok) return checked.failure;
  const out = checked.output;
  // Keep only what applies to the chosen source (spec section 4).
  const kept = {
    ...values,
    secondarySource: out.secondarySource,
    employerName: out.employerName,
    workPhone: hasEmployer(out.source) ? normaliseWorkPhone(values.workPhone ?? "") : "",
    takeHomePay: (out.takeHomeCents / 100).toFixed(2),
  };
  return finishStep(context, session, draft, "income", kept);
}

export default function Income({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const { errors, alert, formProps } = useStepValidation(incomeSchema, actionData?.errors);
  const [source, setSource] = useState(values.source ?? "0");
  return (
    <ApplyShell step="income" done={loaderData.done} title="Tell us about your income.">
      <Form method="post" className="apply-form" {...formProps}>
        <div className="field-grid">
          <SelectField
            name="source"
            label="Main Income Source"
            options={incomeSources}
            defaultValue={values.source}
            error={errors.source}
            onChange={setSource}
          />
          {/* Changing the source resets the other-income type (a new select each time). */}
          <div key={source} className={source === "W" ? undefined : "js-hidden"}>
            <SelectField
              name="secondarySource"
              label="Other Income Type"
              options={otherIncomeTypes}
              defaultValue={source === values.source ? values.secondarySource : "0"}
              error={errors.secondarySource}
            />
          </div>
          <div className={hasEmployer(source) ? undefined : "js-hidden"}>
            <TextField
              name="employerName"
              label="Employer Name"
              defaultValue={values.employerName}
              error={errors.employerName}
              autoComplete="organization"
              maxLength={100}
            />
          </div>
          <div className={hasEmployer(source) ? undefined : "js-hidden"}>
            <TextField
              name="workPhone"
              label="Work Phone"
              type="tel"
              defaultValue={values.workPhone}
              error={errors.workPhone}
              mask="workPhone"
              inputMode="tel"
              maxLength={30}
              placeholder="###-###-####x####"
              hint="Add an extension after an x."
            />
          </div>
          <TextField
            name="takeHomePay"
            label="Take-Home Pay per Paycheck ($)"
            defaultValue={values.takeHomePay}
            error={errors.takeHomePay}
            mask="money"
            inputMode="decimal"
            maxLength={20}
          />
        </div>
        <RadioGroup
          name="paymentMethod"
          legend="How do you receive your income?"
          options={incomePaymentMethods}
          defaultValue={values.paymentMethod}
          error={errors.paymentMethod}
        />
        <StepAlert show={alert} />
        <button type="submit" className="button button-primary button-large">
          CONTINUE
        </button>
      </Form>
    </ApplyShell>
  );
}
