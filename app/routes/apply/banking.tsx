import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { parseUsDate } from "#domain/application/fields";
import { brand, phones } from "#domain/config";
import { formatPhone } from "#domain/format";
import { catalogue, PlatformError } from "#platform";
import { completeStep, sealFields, unsealFields } from "#server/application/draft";
import { applicationPayload } from "#server/application/submit";
import { clientInfo } from "#server/http/client-info";
import { edgeContext } from "#server/http/request-context";
import { ApplyShell, StepAlert } from "../../components/ApplyShell";
import { RadioGroup, TextField } from "../../components/form/Field";
import { useStepValidation } from "../../components/form/useStepValidation";
import { REASSURANCE } from "../../content/reassurance";
import type { RouteHandle } from "../../lib/layout";
import { easternToday } from "../../lib/today";
import type { Route } from "./+types/banking";
import { bankingSchema, repaymentMethods } from "./banking.schema";
import {
  approveDraft,
  formValues,
  loadStep,
  platformFor,
  refuseStalePost,
  sessionDraft,
  storeDraft,
  TOO_MANY_ATTEMPTS,
  validateStep,
  withinLimit,
} from "./wizard.server";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Banking | Apply | ${brand.name}` }];
}

/** Spec file 1, section 8. */
export const SERVER_ERROR = "We're sorry, an error occurred and your application was not processed.";
const serverErrorDetail = `Please tap SUBMIT to try again. If this keeps happening, please call us at ${formatPhone(phones.customerService)}.`;

export function loader({ context, request }: Route.LoaderArgs) {
  return loadStep(context, request, "banking", ["routing", "account"]);
}

/**
 * Numbers typed from a check in groups ("021 000 021"): the digits, as the
 * fields' masks leave them with JavaScript; without it the post arrives as
 * typed. Anything else stays, for the field's message.
 */
function withoutSeparators(values: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out = { ...values };
  for (const name of names) if (typeof out[name] === "string") out[name] = out[name].replace(/[\s-]/g, "");
  return out;
}

export async function action({ context, request }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const { session, draft } = sessionDraft(context, request, "banking");
  const values = withoutSeparators(await formValues(request), ["routing", "account"]);
  const checked = await validateStep(bankingSchema, values);
  if (!checked.ok) return checked.failure;
  // Every valid SUBMIT counts toward the decision limit, a stale one (decided, or a step reopened elsewhere) too.
  if (!(await withinLimit(context, request, "decisionPerIp"))) return { errors: {}, values, alert: TOO_MANY_ATTEMPTS };
  refuseStalePost(draft, "banking");

  const banked = completeStep(
    await sealFields(env, draft, { routing: checked.output.routing, account: checked.output.account }),
    "banking",
    { repaymentMethod: checked.output.repaymentMethod },
  );
  const sealed = await unsealFields(env, banked);
  const personal = banked.values.personal ?? {};
  const pay = banked.values.payfrequency ?? {};
  const today = easternToday();
  const payload = applicationPayload(
    banked,
    { ssn: sealed.ssn ?? "", routing: sealed.routing ?? "", account: sealed.account ?? "" },
    clientInfo(request),
    today,
    {
      birthdate: parseUsDate(personal.birthdate ?? "") ?? "",
      lastPayDate: parseUsDate(pay.lastPayDate ?? "") ?? "",
      firstPayDate: parseUsDate(pay.firstPayDate ?? "") ?? "",
      secondPayDate: parseUsDate(pay.secondPayDate ?? "") ?? "",
      takeHomeCents: Math.round(Number(banked.values.income?.takeHomePay ?? 0) * 100),
    },
  );

  const { platform, tokens } = platformFor(context, session);
  try {
    const answer = await platform.call(catalogue.applications.ProcessApplication, payload);
    const decision = {
      status: answer.appStatus,
      limitCents: answer.approvedAmount,
      applicationId: answer.applicationId,
      transactionId: answer.transactionId,
    };
    if (answer.appStatus === "E") {
      await storeDraft(context, session, banked, tokens.get());
      return redirect("/login?CalledFrom=ExistingCustomer");
    }
    if (answer.appStatus === "A") {
      // The session now opens the applicant's data and e-sign: a new id (approveDraft).
      const setCookie = await approveDraft(context, session, { ...banked, decision }, tokens.get());
      return redirect("/apply/approved", { headers: { "Set-Cookie": setCookie } });
    }
    await storeDraft(context, session, { ...banked, decision }, tokens.get());
    return redirect("/apply/review");
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // Keep what was typed (and the completed flag) so SUBMIT can simply be tapped again.
    await storeDraft(context, session, banked, tokens.get());
    return { errors: {}, values, alert: `${SERVER_ERROR} ${serverErrorDetail}` };
  }
}

export default function Banking({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const { errors, alert, formProps } = useStepValidation(bankingSchema, actionData?.errors);
  const submitting = useNavigation().state === "submitting";
  // On entering the step, repayment defaults to electronic funds transfer.
  const [method] = useState(values.repaymentMethod ?? "A");
  return (
    <ApplyShell step="banking" done={loaderData.done} title="Where should we send your money?">
      <Form method="post" className="apply-form" {...formProps}>
        <RadioGroup
          name="repaymentMethod"
          legend="Repayment Method"
          options={repaymentMethods}
          defaultValue={method}
          error={errors.repaymentMethod}
        />
        <div className="field-grid">
          <TextField
            name="routing"
            label="ABA Routing Number"
            defaultValue={values.routing}
            error={errors.routing}
            mask="digits9"
            inputMode="numeric"
            // Room for the spaces of "021 000 021" without JavaScript (the mask keeps nine digits with it).
            maxLength={11}
            autoComplete="off"
            hint="The 9-digit number at the bottom left of a check."
          />
          <TextField
            name="account"
            label="Bank Account Number"
            defaultValue={values.account}
            error={errors.account}
            mask="digits15"
            inputMode="numeric"
            maxLength={19}
            autoComplete="off"
            reassure={REASSURANCE.bankAccount}
          />
        </div>
        <StepAlert show={alert || Boolean(actionData?.alert)} message={actionData?.alert} />
        {submitting ? (
          <p className="processing" role="status">
            We're processing your application. Please do not refresh, resubmit or page back; you will be forwarded
            automatically.
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-large" disabled={submitting}>
          SUBMIT
        </button>
      </Form>
    </ApplyShell>
  );
}
