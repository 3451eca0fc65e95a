import { Form, redirect, useNavigation } from "react-router";
import { finishDates } from "#domain/application/fields";
import { brand } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import { emptyDraft, sealFields } from "#server/application/draft";
import { edgeContext } from "#server/http/request-context";
import { ApplyShell, StepAlert } from "../../components/ApplyShell";
import { DateField } from "../../components/form/DateField";
import { TextField } from "../../components/form/Field";
import { useStepValidation } from "../../components/form/useStepValidation";
import { REASSURANCE } from "../../content/reassurance";
import type { RouteHandle } from "../../lib/layout";
import { easternToday } from "../../lib/today";
import type { Route } from "./+types/personal";
import { personalSchema } from "./personal.schema";
import {
  finishStep,
  formValues,
  inProgress,
  loadStep,
  platformFor,
  readDraft,
  refuseStalePost,
  storeDraft,
  TOO_MANY_ATTEMPTS,
  validateStep,
  withinLimit,
} from "./wizard.server";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Personal information | Apply | ${brand.name}` }];
}

/** What the lead source is read from (draft.ts, leadSourceFrom): kept in the address through ?start, as there may be no session yet. */
const CAMPAIGN_PARAMS = ["utm_campaign", "source"];

export async function loader({ context, request }: Route.LoaderArgs) {
  // Apply Now enters with ?start: a fresh application (the lead source stays), then a clean URL (bar the campaign).
  const url = new URL(request.url);
  if (url.searchParams.has("start")) {
    const { session, draft } = readDraft(context, request);
    const campaign = new URLSearchParams([...url.searchParams].filter(([name]) => CAMPAIGN_PARAMS.includes(name)));
    const query = campaign.size ? `?${campaign}` : "";
    // An application under way (another tab, or a return to the site) is not cleared without asking.
    if (inProgress(draft)) throw redirect(`/apply/start${query}`);
    // Only a session the visitor already has is reset: a page view starts none.
    if (session) await storeDraft(context, session, emptyDraft(draft.leadSource));
    throw redirect(`/apply/personal${query}`);
  }
  return loadStep(context, request, "personal", ["ssn"]);
}

/** The first step: its successful post is where a visitor's session starts (there is now something to keep). */
export async function action({ context, request }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const { session, draft } = readDraft(context, request);
  refuseStalePost(draft, "personal");
  const values = finishDates(await formValues(request), ["birthdate"]);
  const checked = await validateStep(personalSchema(easternToday()), values);
  if (!checked.ok) return checked.failure;
  if (!(await withinLimit(context, request, "ssnCheckPerIp"))) return { errors: {}, values, alert: TOO_MANY_ATTEMPTS };

  const { platform, tokens } = platformFor(context, session);
  try {
    const answer = await platform.call(catalogue.applications.ValidateSsn, { custSSN: checked.output.ssn });
    // An existing customer signs in instead of applying again.
    if (answer.customerExists === 1) {
      if (session) await storeDraft(context, session, draft, tokens.get());
      return redirect("/login?CalledFrom=ExistingCustomer");
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return {
      errors: {},
      values,
      alert: "We're sorry, we could not check your information just now. Please try again.",
    };
  }
  const sealed = await sealFields(env, draft, { ssn: checked.output.ssn });
  const { ssn: _ssn, ...typed } = values;
  // Names and e-mails as the schema read them (one spelling of O’Brien, lower-cased e-mail), as the masks leave them.
  const { firstName, lastName, email, confirmEmail } = checked.output;
  const plain = { ...typed, firstName, lastName, email, confirmEmail };
  return finishStep(context, session, sealed, "personal", plain, tokens.get());
}

export default function Personal({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const { errors, alert, formProps } = useStepValidation(personalSchema(easternToday()), actionData?.errors);
  const submitting = useNavigation().state === "submitting";
  return (
    <ApplyShell step="personal" done={loaderData.done} title="Let's get started. Tell us about yourself.">
      <Form method="post" className="apply-form" {...formProps}>
        <div className="field-grid">
          <TextField
            name="firstName"
            label="First Name"
            defaultValue={values.firstName}
            error={errors.firstName}
            mask="name"
            autoComplete="given-name"
            maxLength={40}
          />
          <TextField
            name="lastName"
            label="Last Name"
            defaultValue={values.lastName}
            error={errors.lastName}
            mask="name"
            autoComplete="family-name"
            maxLength={40}
          />
          <DateField
            name="birthdate"
            label="Birthdate"
            defaultValue={values.birthdate}
            error={errors.birthdate}
            autoComplete="bday"
          />
          <TextField
            name="ssn"
            label="Social Security Number"
            defaultValue={values.ssn}
            error={errors.ssn}
            mask="ssn"
            inputMode="numeric"
            maxLength={11}
            placeholder="###-##-####"
            autoComplete="off"
            reassure={REASSURANCE.ssn}
          />
          <TextField
            name="email"
            label="Email Address"
            type="email"
            defaultValue={values.email}
            error={errors.email}
            inputMode="email"
            autoComplete="email"
            maxLength={254}
          />
          <TextField
            name="confirmEmail"
            label="Confirm Email Address"
            type="email"
            defaultValue={values.confirmEmail}
            error={errors.confirmEmail}
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            noPaste
          />
        </div>
        <p className="consent-line">
          By clicking Continue, you agree to our{" "}
          <a href="/termsandconditions" target="_blank" rel="noopener">
            Terms and Conditions
          </a>{" "}
          and{" "}
          <a href="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
          , and you give your written consent to be contacted by phone at the numbers you provide, even if they are on a
          do-not-call registry.
        </p>
        <StepAlert show={alert || Boolean(actionData?.alert)} message={actionData?.alert} />
        <button type="submit" className="button button-primary button-large" disabled={submitting}>
          CONTINUE
        </button>
      </Form>
    </ApplyShell>
  );
}
