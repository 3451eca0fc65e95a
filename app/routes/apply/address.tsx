import { useState } from "react";
import { Form } from "react-router";
import { brand, noBusinessStates, states } from "#domain/config";
import { formatPhone } from "#domain/rules/phone";
import { ApplyShell, StepAlert } from "../../components/ApplyShell";
import { SelectField, TextField } from "../../components/form/Field";
import { useStepValidation } from "../../components/form/useStepValidation";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/address";
import { addressSchema, noBusinessNote } from "./address.schema";
import { actionDraft, finishStep, formValues, loadStep, validateStep } from "./wizard.server";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Address | Apply | ${brand.name}` }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadStep(context, request, "address");
}

export async function action({ context, request }: Route.ActionArgs) {
  const { session, draft } = actionDraft(context, request, "address");
  const values = await formValues(request);
  const checked = await validateStep(addressSchema, values);
  if (!checked.ok) return checked.failure;
  // The draft keeps each phone in the one form the mask leaves (###-###-####), whatever was typed:
  // without JavaScript "+1 (512) 555-0142" arrives as typed, and its 11 digits are not a phone.
  const { mainPhone, cellPhone } = checked.output;
  const kept = { ...values, mainPhone: formatPhone(mainPhone), cellPhone: cellPhone ? formatPhone(cellPhone) : "" };
  return finishStep(context, session, draft, "address", kept);
}

const stateOptions = states.map((s) => ({ code: s.code, label: s.name }));

export default function Address({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const { errors, alert, formProps } = useStepValidation(addressSchema, actionData?.errors);
  // Checked by default (mainIsCell defaults to true); the separate cell field shows only when unchecked.
  const [mainIsCell, setMainIsCell] = useState(
    values.mainIsCell !== undefined ? values.mainIsCell === "on" : !loaderData.done.address && !values.mainPhone,
  );
  return (
    <ApplyShell step="address" done={loaderData.done} title="Where do you live?">
      <Form method="post" className="apply-form" {...formProps}>
        <div className="field-grid">
          <TextField
            name="streetAddress"
            label="Street Address"
            defaultValue={values.streetAddress}
            error={errors.streetAddress}
            autoComplete="address-line1"
            maxLength={100}
          />
          <TextField
            name="apt"
            label="Apt/Suite"
            optional
            defaultValue={values.apt}
            error={errors.apt}
            autoComplete="address-line2"
            maxLength={30}
          />
          <TextField
            name="city"
            label="City"
            defaultValue={values.city}
            error={errors.city}
            autoComplete="address-level2"
            maxLength={60}
          />
          <SelectField
            name="state"
            label="State"
            options={stateOptions}
            disabled={noBusinessStates}
            defaultValue={values.state}
            error={errors.state}
          />
          <TextField
            name="zip"
            label="Zip Code"
            defaultValue={values.zip}
            error={errors.zip}
            mask="zip"
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
          />
          <TextField
            name="mainPhone"
            label="Main Phone"
            type="tel"
            defaultValue={values.mainPhone}
            error={errors.mainPhone}
            mask="phone"
            inputMode="tel"
            maxLength={30}
            placeholder="###-###-####"
            autoComplete="tel-national"
          />
        </div>
        <p className="legal-note" id="state-note">
          {noBusinessNote()}
        </p>
        <div className="field checkbox">
          <label>
            <input
              type="checkbox"
              name="mainIsCell"
              defaultChecked={mainIsCell}
              onChange={(e) => setMainIsCell(e.currentTarget.checked)}
            />{" "}
            This is my cell phone
          </label>
        </div>
        {/* Without JavaScript the cell field always shows; the server ignores it when the box is ticked. */}
        <div className={mainIsCell ? "no-js-only" : undefined}>
          <TextField
            name="cellPhone"
            label="Cell Phone"
            optional
            type="tel"
            defaultValue={values.cellPhone}
            error={errors.cellPhone}
            mask="phone"
            inputMode="tel"
            maxLength={30}
            placeholder="###-###-####"
            hint="Only if your main phone is not a cell phone."
          />
        </div>
        <StepAlert show={alert} />
        <button type="submit" className="button button-primary button-large">
          CONTINUE
        </button>
      </Form>
    </ApplyShell>
  );
}
