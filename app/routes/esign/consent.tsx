import { useEffect, useRef, useState } from "react";
import { Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { brand } from "#domain/config";
import { formatMoney } from "#domain/format";
import { moneyInputCents } from "#domain/rules/money-input";
import { catalogue, PlatformError } from "#platform";
import type { EsignState } from "#server/sessions/session-data";
import { AgreementModal, AgreementRow } from "../../components/esign/Agreements";
import { ContactConsent } from "../../components/esign/ContactConsent";
import { FirstDraw, useFirstDraw } from "../../components/esign/FirstDraw";
import { InlinePassword } from "../../components/esign/InlinePassword";
import { Withdrawn } from "../../components/esign/Withdrawn";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/consent";
import { AGREEMENTS, type AgreementKind, consentMessages, consentProblems, firstDrawError } from "./consent.schema";
import {
  ApplicationWithdrawn,
  esignPageFacts,
  esignPlatform,
  esignServiceMessages,
  esignSession,
  esignState,
  readEsignFacts,
  storeEsign,
} from "./esign.server";
import { inlinePasswordStep, isInlinePasswordIntent } from "./inline-password.server";

export const handle: RouteHandle = { layout: { isEsignPage: true, hidelogin: true } };

export function meta() {
  return [{ title: `eSign: Consent | ${brand.name}` }];
}

const yesNo = (answer: FormDataEntryValue | null) => (answer === "yes" ? true : answer === "no" ? false : null);

export async function loader({ context }: Route.LoaderArgs) {
  const session = esignSession(context);
  const read = await esignPageFacts(context, session);
  if ("withdrawn" in read) return { withdrawn: read.withdrawn };
  const { facts } = read;
  return { facts, state: esignState(session, facts.requestedDrawCents) };
}

/**
 * A post the platform failed stays on the page as it was: reloading the
 * loader would only meet the same failure and replace the form, with what was
 * typed, by an error page. Every other post reloads (agreements, password).
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult && typeof actionResult === "object" && "serviceDown" in actionResult
    ? false
    : defaultShouldRevalidate;
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = esignSession(context);
  let loaded;
  try {
    loaded = await readEsignFacts(context, session);
  } catch (error) {
    // Withdrawn meanwhile: the page shows the withdrawal.
    if (error instanceof ApplicationWithdrawn) return redirect("/esign/consent");
    if (error instanceof PlatformError)
      return { errors: {}, alert: esignServiceMessages.consent, serviceDown: true as const };
    throw error;
  }
  const { facts, tokens, identity } = loaded;
  const state = esignState(session, facts.requestedDrawCents);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const [verb, kind] = intent.split(":") as [string, AgreementKind | undefined];
  if (isInlinePasswordIntent(intent)) {
    const { platform } = esignPlatform(context, session);
    const values = Object.fromEntries([...form].map(([k, value]) => [k, String(value)]));
    const step = await inlinePasswordStep(context, request, platform, state, intent, values, {
      customerId: facts.customerId,
      email: facts.email,
      identity,
    });
    await storeEsign(context, session, step.state, tokens.get());
    // The passcode limit withdrew the application: the page shows it (a reload says the same).
    if (step.state.withdrawn) return redirect("/esign/consent");
    return {
      errors: step.errors,
      passwordAlert: step.alert,
      ...(step.serviceDown ? { serviceDown: true as const } : {}),
    };
  }
  if ((verb === "agree" || verb === "disagree") && kind && AGREEMENTS.some((a) => a.kind === kind)) {
    // Agree sets the flag; disagree clears it (spec file 2, section 4).
    await storeEsign(
      context,
      session,
      { ...state, agreed: { ...state.agreed, [kind]: verb === "agree" } },
      tokens.get(),
    );
    return form.get("from") === "page" ? redirect("/esign/consent") : { errors: {} };
  }
  const draw = { drawAmount: String(form.get("drawAmount") ?? "").trim(), refuseDraw: form.get("refuseDraw") === "on" };
  const typedDraw = draw.drawAmount === "" ? 0 : moneyInputCents(draw.drawAmount);
  const next: EsignState = {
    ...state,
    // Stored exactly as answered: texts and calls separately (0-decisions.md).
    marketingTexts: yesNo(form.get("marketingTexts")),
    marketingCalls: yesNo(form.get("marketingCalls")) === true,
    refuseDraw: draw.refuseDraw,
    // Text that is not an amount keeps the amount stored (never read as another amount); the schema says why.
    drawCents: draw.refuseDraw ? 0 : (typedDraw ?? state.drawCents),
  };
  const errors = consentProblems(next, facts.limitCents, draw, facts.drawLimits);
  const complete = Object.keys(errors).length === 0;
  await storeEsign(context, session, { ...next, consentComplete: complete }, tokens.get());
  if (!complete) return { errors, alert: consentMessages.incomplete };
  const { platform } = esignPlatform(context, session);
  try {
    await platform.call(catalogue.applications.UpdateDrawAmount, { requestedDrawAmount: next.drawCents });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // Not complete until the draw amount is saved: the signature page must not open on an unsaved amount.
    await storeEsign(context, session, { ...next, consentComplete: false }, tokens.get());
    return { errors: {}, alert: esignServiceMessages.drawAmount, serviceDown: true as const };
  }
  return redirect("/esign/signature");
}

export default function Consent(props: Route.ComponentProps) {
  const { loaderData } = props;
  if ("withdrawn" in loaderData && loaderData.withdrawn) return <Withdrawn reason={loaderData.withdrawn} />;
  if (!("facts" in loaderData) || !loaderData.facts || !loaderData.state) return null;
  return <ConsentForm actionData={props.actionData} facts={loaderData.facts} state={loaderData.state} />;
}

type Facts = Awaited<ReturnType<typeof readEsignFacts>>["facts"];

function ConsentForm({
  actionData,
  facts,
  state,
}: {
  actionData: Route.ComponentProps["actionData"];
  facts: Facts;
  state: EsignState;
}) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const [open, setOpen] = useState<AgreementKind | null>(null);
  const [texts, setTexts] = useState<boolean | null>(state.marketingTexts);
  const [calls, setCalls] = useState(state.marketingCalls);
  const draw = useFirstDraw(state, (input) => firstDrawError(input, facts.limitCents, facts.drawLimits), actionData);
  const heading = useRef<HTMLHeadingElement>(null);
  // Spec file 2, section 2.6: focus goes to the top of the page on load (the heading, first thing after the header).
  useEffect(() => heading.current?.focus(), []);
  const passwordAlert = actionData && "passwordAlert" in actionData ? actionData.passwordAlert : undefined;
  // The same rule on what is on screen: the summary goes once every section it marked is fixed.
  const problems = consentProblems({ ...state, marketingTexts: texts }, facts.limitCents, draw.input, facts.drawLimits);
  const alert = actionData && "alert" in actionData ? actionData.alert : "";
  const stillMarked = Object.keys(errors).some((key) => key in problems);
  function closeAgreement(kind: AgreementKind) {
    setOpen(null);
    // The popup is gone: focus returns to the row's Read & Agree, not to the page's <body>.
    requestAnimationFrame(() => document.getElementById(`read-${kind}`)?.focus());
  }
  return (
    <section className="container page-section esign">
      <h1 ref={heading} tabIndex={-1}>
        Your Line of Credit has been conditionally approved for {formatMoney(facts.limitCents)}
      </h1>
      {facts.hasPassword && state.password?.step !== "done" ? null : (
        <InlinePassword
          view={{
            step: state.password?.step ?? null,
            notice: state.password?.notice,
            resendDisabled: state.password?.resendDisabled,
            sentBy: state.password?.sentBy,
          }}
          errors={errors}
          alert={passwordAlert}
          keepCode={Boolean(actionData && "serviceDown" in actionData)}
          answer={actionData}
        />
      )}
      <Form method="post" className="apply-form" noValidate>
        <fieldset id="agreements" className="field">
          <legend>Agreements</legend>
          {AGREEMENTS.map(({ kind, label }) => (
            <AgreementRow
              key={kind}
              kind={kind}
              label={label}
              agreed={state.agreed[kind]}
              error={errors[kind]}
              onOpen={() => setOpen(kind)}
            />
          ))}
        </fieldset>
        {open ? (
          <AgreementModal
            kind={open}
            label={AGREEMENTS.find((a) => a.kind === open)!.label}
            onClose={() => closeAgreement(open)}
          />
        ) : null}
        <ContactConsent
          texts={texts}
          calls={calls}
          error={errors.marketingTexts}
          onTexts={setTexts}
          onCalls={setCalls}
        />
        <FirstDraw draw={draw} limitCents={facts.limitCents} feePercent={facts.feePercent} limits={facts.drawLimits} />
        <div className="step-alert" role="alert">
          {alert === consentMessages.incomplete && !stillMarked ? "" : alert}
        </div>
        <button type="submit" name="intent" value="save" className="button button-primary button-large">
          Save and Continue
        </button>
      </Form>
    </section>
  );
}
