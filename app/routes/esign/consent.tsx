import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { brand, draws } from "#domain/config";
import { cashAdvanceFeeAtPercent } from "#domain/fees";
import { formatMoney } from "#domain/format";
import { DRAW_NOT_AN_AMOUNT, moneyInputCents } from "#domain/rules/money-input";
import { catalogue, PlatformError } from "#platform";
import type { EsignState } from "#server/sessions/session-data";
import { InlinePassword } from "../../components/esign/InlinePassword";
import { Withdrawn } from "../../components/esign/Withdrawn";
import { Modal } from "../../components/Modal";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/consent";
import { consentMessages, consentProblems, REQUIRED_AGREEMENTS } from "./consent.schema";
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

const AGREEMENTS = [
  { kind: "agrarbitration", label: "Arbitration Agreement" },
  { kind: "agrprivacypolicy", label: "Privacy Policy" },
  { kind: "agreleconsent", label: "Consent for Electronic Records" },
  { kind: "agrcalprivacyact", label: "California Privacy Act" },
  { kind: "agrcredit", label: "Credit Agreement" },
] as const;
type Kind = (typeof AGREEMENTS)[number]["kind"];

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
  const [verb, kind] = intent.split(":") as [string, Kind | undefined];
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
  const refuseDraw = form.get("refuseDraw") === "on";
  const drawText = String(form.get("drawAmount") ?? "").trim();
  const typedDraw = drawText === "" ? 0 : moneyInputCents(drawText);
  const next: EsignState = {
    ...state,
    // Stored exactly as answered: texts and calls separately (0-decisions.md).
    marketingTexts: yesNo(form.get("marketingTexts")),
    marketingCalls: yesNo(form.get("marketingCalls")) === true,
    refuseDraw,
    drawCents: refuseDraw ? 0 : (typedDraw ?? state.drawCents),
  };
  // Text that is not an amount keeps the amount stored and says so (never read as another amount).
  const errors =
    typedDraw === null && !refuseDraw
      ? { ...consentProblems(next, facts.limitCents), drawAmount: DRAW_NOT_AN_AMOUNT }
      : consentProblems(next, facts.limitCents);
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

/** A document read in a popup that must be scrolled to the end before Agree / Disagree. */
function AgreementModal({ kind, label, onClose }: { kind: Kind; label: string; onClose: () => void }) {
  const doc = useFetcher<{ html: string }>();
  const decide = useFetcher();
  const [read, setRead] = useState(false);
  if (doc.state === "idle" && !doc.data) void doc.load(`/esign/document/${kind}`);
  return (
    <Modal id={`doc-${kind}`} title={label} open onClose={onClose} returnHref="#agreements">
      <p className="field-hint">
        You must scroll down to review the agreement and select Agree or Disagree at the bottom
      </p>
      <div
        className="agreement-scroll"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8) setRead(true);
        }}
        ref={(el) => {
          if (el && doc.data && el.scrollHeight <= el.clientHeight + 8) setRead(true);
        }}
      >
        {doc.data ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: agreement HTML the platform renders from our templates (escaped fields), never a person's text; the CSP blocks any script in it.
          <div className="document-body" dangerouslySetInnerHTML={{ __html: doc.data.html }} />
        ) : (
          <p>Loading…</p>
        )}
      </div>
      <div className="button-row">
        {(["agree", "disagree"] as const).map((verb) => (
          <button
            key={verb}
            type="button"
            className={verb === "agree" ? "button button-primary" : "button button-outline"}
            disabled={!read}
            onClick={() => {
              void decide.submit({ intent: `${verb}:${kind}` }, { method: "post", action: "/esign/consent" });
              onClose();
            }}
          >
            {verb === "agree" ? "Agree" : "Disagree"}
          </button>
        ))}
      </div>
    </Modal>
  );
}

/** One agreement: agreed, declined (Disagree un-agrees it: the way forward needs a new reading), or not read yet. */
function AgreementRow({
  kind,
  label,
  agreed,
  error,
  onOpen,
}: {
  kind: Kind;
  label: string;
  agreed: boolean | undefined;
  error?: string;
  onOpen: () => void;
}) {
  const required = (REQUIRED_AGREEMENTS as readonly string[]).includes(kind);
  const declined = agreed === false;
  // A required agreement declined cannot be gone past: say so at once, not only after Save and Continue.
  // Agreed since the last Save and Continue (in the popup), its message from that save no longer holds.
  const message = agreed
    ? undefined
    : (error ?? (declined && required ? consentMessages[kind as (typeof REQUIRED_AGREEMENTS)[number]] : undefined));
  return (
    <div className="agreement-row">
      <span className={agreed ? "agreed" : declined ? "declined" : undefined}>
        {agreed ? "✓ " : ""}
        {label}
        {declined ? " (declined)" : null}
        <span className="visually-hidden">{agreed ? " (agreed)" : declined ? "" : " (not agreed)"}</span>
      </span>
      <Link
        id={`read-${kind}`}
        to={`/esign/document/${kind}`}
        className="button button-outline"
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
      >
        Read &amp; Agree<span className="visually-hidden"> to the {label}</span>
      </Link>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
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
  const [open, setOpen] = useState<Kind | null>(null);
  const [texts, setTexts] = useState<boolean | null>(state.marketingTexts);
  const [calls, setCalls] = useState(state.marketingCalls);
  const [warning, setWarning] = useState(false);
  const [refused, setRefused] = useState(state.refuseDraw);
  const [draw, setDraw] = useState(state.refuseDraw ? "" : String(state.drawCents / 100));
  const [previous, setPrevious] = useState(draw);
  const heading = useRef<HTMLHeadingElement>(null);
  // Spec file 2, section 2.6: focus goes to the top of the page on load (the heading, first thing after the header).
  useEffect(() => heading.current?.focus(), []);
  const drawCents = draw.trim() === "" ? 0 : (moneyInputCents(draw) ?? 0);
  const drawError = draw.trim() !== "" && moneyInputCents(draw) === null ? DRAW_NOT_AN_AMOUNT : errors.drawAmount;
  const fee = cashAdvanceFeeAtPercent(drawCents, facts.feePercent);
  const passwordAlert = actionData && "passwordAlert" in actionData ? actionData.passwordAlert : undefined;
  function closeAgreement(kind: Kind) {
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

        <fieldset id="texts" className="field radio-group">
          <legend>Contact Consent: may we send you marketing texts?</legend>
          <label className="radio">
            <input
              type="radio"
              name="marketingTexts"
              value="yes"
              checked={texts === true}
              onChange={() => setTexts(true)}
            />{" "}
            Yes
          </label>
          <label className="radio">
            <input
              type="radio"
              name="marketingTexts"
              value="no"
              checked={texts === false}
              onChange={() => {
                setTexts(false);
                setWarning(true);
              }}
            />{" "}
            No
          </label>
          <p className="field-error" role={errors.marketingTexts ? "alert" : undefined}>
            {errors.marketingTexts ?? ""}
          </p>
        </fieldset>
        <fieldset className="field radio-group">
          <legend>May we call you about offers?</legend>
          <label className="radio">
            <input type="radio" name="marketingCalls" value="yes" checked={calls} onChange={() => setCalls(true)} /> Yes
          </label>
          <label className="radio">
            <input type="radio" name="marketingCalls" value="no" checked={!calls} onChange={() => setCalls(false)} /> No
          </label>
        </fieldset>
        <Modal
          id="texts-warning"
          title="Stay informed"
          open={warning}
          onClose={() => setWarning(false)}
          returnHref="#texts"
        >
          <p>Texts tell you about payment reminders, new offers and ways to save. You can stop them at any time.</p>
          {/* Spec file 2, section 4: STAY INFORMED sets texts and calls to yes. */}
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setTexts(true);
              setCalls(true);
              setWarning(false);
            }}
          >
            STAY INFORMED
          </button>
        </Modal>

        <fieldset className="field">
          <legend>Request Your First Draw</legend>
          <div className="field">
            <label htmlFor="drawAmount">Draw amount ($)</label>
            {/* Typed as people type money ($, commas, cents); what is not an amount is said so, never changed. */}
            <input
              id="drawAmount"
              name="drawAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={draw}
              disabled={refused}
              aria-invalid={drawError ? true : undefined}
              aria-describedby="drawAmount-error draw-figures"
              onChange={(e) => setDraw(e.currentTarget.value)}
            />
            <p id="drawAmount-error" className="field-error" role={drawError ? "alert" : undefined}>
              {drawError ?? ""}
            </p>
          </div>
          <p id="draw-figures" className="field-hint">
            Minimum {formatMoney(draws.minCents)}, in {formatMoney(draws.incrementCents)} steps, up to{" "}
            {formatMoney(facts.limitCents)}. Cash advance fee: {formatMoney(fee, { cents: true })}; you receive{" "}
            {formatMoney(Math.max(0, drawCents - fee), { cents: true })}.
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              name="refuseDraw"
              checked={refused}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setRefused(on);
                // Ticking stores the amount and sets the draw to 0; unticking restores it.
                if (on) {
                  setPrevious(draw);
                  setDraw("");
                } else setDraw(previous);
              }}
            />{" "}
            I don't want to draw right now
          </label>
        </fieldset>
        <div className="step-alert" role="alert">
          {actionData && "alert" in actionData ? actionData.alert : ""}
        </div>
        <button type="submit" name="intent" value="save" className="button button-primary button-large">
          Save and Continue
        </button>
      </Form>
    </section>
  );
}
