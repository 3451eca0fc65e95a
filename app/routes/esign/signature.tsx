import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { brand, phones, servicing } from "#domain/config";
import { formatMoney, formatPhone } from "#domain/format";
import { borrowerNameMatches, nameToSign } from "#domain/rules/esign";
import { catalogue, PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { Withdrawn } from "../../components/esign/Withdrawn";
import { Modal } from "../../components/Modal";
import { afterPress } from "../../lib/after-press";
import type { RouteHandle } from "../../lib/layout";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/signature";
import {
  esignPageFacts,
  esignPlatform,
  esignSession,
  esignState,
  finishEsign,
  type readEsignFacts,
  signedMeanwhile,
  storeEsign,
  withdrawnMeanwhile,
} from "./esign.server";

export const handle: RouteHandle = { layout: { isEsignPage: true, hidelogin: true } };

export function meta() {
  return [{ title: `eSign: Signature | ${brand.name}` }];
}

/** Spec file 2, sections 5 and 8, verbatim. */
export const signatureMessages = {
  repayment: "Please select a repayment method",
  military: "Please select the statement that applies to you",
  terms: "You must check the box as part of your eSignature",
  name: "Please enter your name to eSign",
  incomplete: "Please complete all sections as noted above",
  notSaved: "Data not saved. please try again.",
} as const;

const MILITARY_WITHDRAWAL =
  "Military service declared: the lender does not lend to active-duty military, their spouses or dependents.";

export async function loader({ context }: Route.LoaderArgs) {
  const session = esignSession(context);
  const read = await esignPageFacts(context, session);
  if ("withdrawn" in read) return { withdrawn: read.withdrawn };
  const state = esignState(session, read.facts.requestedDrawCents);
  if (!state.consentComplete) throw redirect("/esign/consent");
  return { facts: read.facts, drawCents: state.drawCents };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = esignSession(context);
  const read = await esignPageFacts(context, session);
  // Withdrawn meanwhile: the page shows the withdrawal.
  if ("withdrawn" in read) return redirect("/esign/signature");
  const { facts } = read;
  const state = esignState(session, facts.requestedDrawCents);
  if (!state.consentComplete) return redirect("/esign/consent");
  const form = await request.formData();
  const method = String(form.get("repaymentMethod") ?? "");
  const military = String(form.get("military") ?? "");
  const name = String(form.get("borrowerName") ?? "");
  const values = { method, military, name };
  const { platform, tokens } = esignPlatform(context, session);
  if (military === "yes") {
    // Nothing is withdrawn before the borrower confirms it in the dialog (0-decisions.md).
    if (form.get("intent") !== "withdraw") return { errors: {}, confirmMilitary: true as const, values };
    try {
      // No line for active-duty military, spouses or dependents: the application is withdrawn.
      await platform.call(catalogue.applications.WithdrawApplication, { reason: MILITARY_WITHDRAWAL });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // The platform may have withdrawn before its answer was lost: then the withdrawal, never "not saved".
      if (!(await withdrawnMeanwhile(context, session)))
        return { errors: {}, alert: signatureMessages.notSaved, values };
    }
    await storeEsign(context, session, { ...state, withdrawn: "military" }, tokens.get());
    return redirect("/esign/military");
  }
  const errors = signatureProblems(values, form.get("acceptTerms") === "on", facts);
  if (Object.keys(errors).length) return { errors, alert: signatureMessages.incomplete, values };

  try {
    const client = clientInfo(request);
    // The device-fingerprint fraud check is a provider hook, off by default (0-decisions.md).
    const fraud = await platform.call(catalogue.misc.IovationConfig, {});
    if (fraud.status) {
      const verdict = await platform.call(catalogue.misc.IovationProcess, {
        ipAddress: client.ip,
        blackBoxData: String(form.get("blackBox") ?? ""),
      });
      if (verdict.result === "deny") return { errors: {}, alert: signatureMessages.notSaved, values };
    }
    const signedAt = new Date().toISOString();
    const finished = await platform.call(
      catalogue.account.FinishESign,
      {
        signatureText: name.trim(),
        ipAddress: client.ip,
        userAgent: client.userAgent,
        signedAt,
        agreements: (
          ["agrarbitration", "agrprivacypolicy", "agreleconsent", "agrcalprivacyact", "agrcredit"] as const
        ).filter((k) => state.agreed[k]),
        // Stored exactly as answered, texts and calls separately (0-decisions.md).
        allowMarketingTexts: state.marketingTexts === true,
        allowMarketingCalls: state.marketingCalls,
        isMilitaryPersonnel: false,
        repaymentMethod: method === "paper-check" ? "K" : "A",
        requestedDrawAmount: state.drawCents,
        drawNote:
          state.drawCents > 0 ? `First draw of ${formatMoney(state.drawCents)} requested at e-sign on ${signedAt}` : "",
      },
      { clientRegion: client.region ?? undefined },
    );
    await finishEsign(
      context,
      session,
      {
        firstName: facts.firstName,
        drawCents: finished.drawAmount,
        fundingDate: finished.fundingDate,
        hasPassword: facts.hasPassword,
      },
      tokens.get(),
    );
    return redirect("/esign/contact");
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // The platform may have signed before its answer was lost: then the confirmation, never a second signature.
    if (await signedMeanwhile(context, session)) return redirect("/esign/contact");
    return { errors: {}, alert: signatureMessages.notSaved, values };
  }
}

type Facts = Awaited<ReturnType<typeof readEsignFacts>>["facts"];

/** Spec file 2, section 5: what the signature form needs (the platform re-checks the name). */
function signatureProblems(
  values: { method: string; military: string; name: string },
  terms: boolean,
  facts: Facts,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.method !== "direct-deposit" && values.method !== "paper-check")
    errors.repaymentMethod = signatureMessages.repayment;
  if (values.method === "paper-check" && !facts.paperCheckAllowed) errors.repaymentMethod = PAPER_CHECK_UNAVAILABLE;
  if (values.military !== "no" && values.military !== "yes") errors.military = signatureMessages.military;
  if (!terms) errors.acceptTerms = signatureMessages.terms;
  if (!borrowerNameMatches(values.name, facts.firstName, facts.lastName)) errors.borrowerName = signatureMessages.name;
  return errors;
}

export default function Signature(props: Route.ComponentProps) {
  const { loaderData } = props;
  if ("withdrawn" in loaderData && loaderData.withdrawn) return <Withdrawn reason={loaderData.withdrawn} />;
  if (!("facts" in loaderData) || !loaderData.facts) return null;
  return <SignatureForm facts={loaderData.facts} actionData={props.actionData} />;
}

type ActionData = Route.ComponentProps["actionData"];

/** The paper-check popup's and field's explanation (spec file 2, section 2.9). */
const PAPER_CHECK_UNAVAILABLE =
  "Paper check repayment is not available for your line. Please choose Electronic Funds Transfer to finish eSigning.";

function SignatureForm({ facts, actionData }: { facts: Facts; actionData: ActionData }) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = actionData?.values;
  // The method chosen at the banking step, so Paper Check is never switched to EFT without a word (spec file 2, section 2.7).
  const [method, setMethod] = useState(values?.method || facts.chosenMethod);
  const paperRefused = method === "paper-check" && !facts.paperCheckAllowed;
  // On load, a paper check the line does not allow shows its handling at once.
  const [modal, setModal] = useState(paperRefused);
  const busy = useNavigation().state !== "idle";
  // SUBMIT is active only when the form is valid (with JavaScript; the server checks either way).
  const [military, setMilitary] = useState(values?.military ?? "");
  const [terms, setTerms] = useState(false);
  const [name, setName] = useState(values?.name ?? "");
  const [nameTouched, setNameTouched] = useState(false);
  const [confirming, setConfirming] = useState(Boolean(actionData && "confirmMilitary" in actionData));
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  // Spec file 2, section 2.7 (as 2.6): focus goes to the top of the page on load.
  useEffect(() => heading.current?.focus(), []);
  // The server asks to confirm the military statement (a post without JavaScript, or one that skipped the dialog).
  useEffect(() => setConfirming(Boolean(actionData && "confirmMilitary" in actionData)), [actionData]);
  const nameMatches = borrowerNameMatches(name, facts.firstName, facts.lastName);
  const valid =
    (method === "direct-deposit" || (method === "paper-check" && !paperRefused)) &&
    military !== "" &&
    terms &&
    nameMatches;
  // With JavaScript, a typed name that does not match says so once the field is left (spec file 2, section 5).
  const nameError =
    errors.borrowerName ??
    (hydrated && nameTouched && name.trim() !== "" && !nameMatches ? signatureMessages.name : "");
  const methodError = errors.repaymentMethod ?? (paperRefused && !modal ? PAPER_CHECK_UNAVAILABLE : "");
  return (
    <section className="container page-section esign">
      <h1 ref={heading} tabIndex={-1}>
        {facts.firstName}, you're conditionally approved for a line of credit of {formatMoney(facts.limitCents)}.
      </h1>
      <MilitaryConfirm open={confirming} hydrated={hydrated} onCancel={() => setConfirming(false)} />
      <Form
        method="post"
        className="apply-form"
        noValidate
        onSubmit={(e) => {
          // The military statement is confirmed in the dialog before anything is posted.
          if (military === "yes" && !confirming) {
            e.preventDefault();
            setConfirming(true);
          }
        }}
      >
        <fieldset className="field radio-group">
          <legend>Repayment Method</legend>
          <label className="radio">
            <input
              type="radio"
              name="repaymentMethod"
              value="direct-deposit"
              checked={method === "direct-deposit"}
              onChange={() => setMethod("direct-deposit")}
            />{" "}
            Electronic Funds Transfer
          </label>
          <label className="radio">
            <input
              type="radio"
              name="repaymentMethod"
              value="paper-check"
              checked={method === "paper-check"}
              onChange={() => {
                setMethod("paper-check");
                if (!facts.paperCheckAllowed) setModal(true);
              }}
            />{" "}
            Paper Check
          </label>
          <p className="field-error" role={methodError ? "alert" : undefined}>
            {methodError}
          </p>
        </fieldset>
        {method === "paper-check" && facts.paperCheckAllowed ? (
          <div className="banner" role="status">
            Paper check payments add {servicing.paperCheckExtraBusinessDays.min} to{" "}
            {servicing.paperCheckExtraBusinessDays.max} business days. We'll call you at{" "}
            {formatPhone(phones.customerService)} to confirm the details.
          </div>
        ) : null}
        <Modal
          id="paper-check"
          title="Paper check is not available"
          open={modal}
          onClose={() => setModal(false)}
          returnHref="#"
        >
          <p>{PAPER_CHECK_UNAVAILABLE}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setMethod("direct-deposit");
              setModal(false);
            }}
          >
            GO BACK TO EFT AND FINISH ESIGN
          </button>
        </Modal>
        <fieldset className="field radio-group">
          <legend>Military Service</legend>
          <label className="radio">
            <input
              type="radio"
              name="military"
              value="no"
              defaultChecked={values?.military === "no"}
              onChange={() => setMilitary("no")}
            />{" "}
            I am not an active-duty member of the military, or a spouse or dependent of one
          </label>
          <label className="radio">
            <input
              type="radio"
              name="military"
              value="yes"
              defaultChecked={values?.military === "yes"}
              onChange={() => setMilitary("yes")}
            />{" "}
            I am an active-duty member of the military, or a spouse or dependent of one
          </label>
          <p className="field-hint">
            Federal law limits lending to active-duty service members and their families; we do not offer lines of
            credit to them.
          </p>
          <p className="field-error" role={errors.military ? "alert" : undefined}>
            {errors.military ?? ""}
          </p>
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" name="acceptTerms" onChange={(e) => setTerms(e.currentTarget.checked)} /> I agree to
          sign the agreements electronically (eSign terms)
        </label>
        <p className="field-error" role={errors.acceptTerms ? "alert" : undefined}>
          {errors.acceptTerms ?? ""}
        </p>
        <div className="field">
          <label htmlFor="borrowerName">Type your first and last name to eSign</label>
          {/* The exact name expected; case, accents, hyphens, apostrophes and spaces may differ (decision record 030). */}
          <p id="borrowerName-hint" className="field-hint">
            Type: {nameToSign(facts.firstName, facts.lastName)}
          </p>
          <input
            id="borrowerName"
            name="borrowerName"
            type="text"
            defaultValue={values?.name}
            autoComplete="name"
            aria-invalid={nameError ? true : undefined}
            aria-describedby="borrowerName-hint borrowerName-error"
            onChange={(e) => setName(e.currentTarget.value)}
            // The message waits for a press under way to land (BACK or SUBMIT below must not move under the finger).
            onBlur={() => afterPress(() => setNameTouched(true))}
          />
          <p id="borrowerName-error" className="field-error" role={nameError ? "alert" : undefined}>
            {nameError}
          </p>
        </div>
        <div className="step-alert" role="alert">
          {actionData && "alert" in actionData ? actionData.alert : ""}
        </div>
        <div className="button-row">
          <Link to="/esign/consent" className="button button-outline">
            BACK
          </Link>
          <button
            type="submit"
            className="button button-primary button-large"
            disabled={busy || modal || (hydrated && military !== "yes" && !valid)}
          >
            SUBMIT
          </button>
        </div>
      </Form>
    </section>
  );
}

const CONFIRM_TITLE = "Withdraw your application?";

/**
 * The active-duty statement ends the application, so it is confirmed first
 * (0-decisions.md). With JavaScript a popup; without, the server's answer
 * shows the same question on the page, and either way the confirmation is
 * its own post (intent=withdraw).
 */
function MilitaryConfirm({ open, hydrated, onCancel }: { open: boolean; hydrated: boolean; onCancel: () => void }) {
  const body = (
    <>
      <p>
        You chose: I am an active-duty member of the military, or a spouse or dependent of one. We cannot offer a line
        of credit in that case, so your application will be withdrawn. This cannot be undone online.
      </p>
      <Form method="post" className="button-row">
        <input type="hidden" name="military" value="yes" />
        <button type="submit" name="intent" value="withdraw" className="button button-primary">
          Yes, withdraw my application
        </button>
        {hydrated ? (
          <button type="button" className="button button-outline" onClick={onCancel}>
            No, go back
          </button>
        ) : (
          <a href="#borrowerName" className="button button-outline">
            No, go back
          </a>
        )}
      </Form>
    </>
  );
  if (hydrated)
    return (
      <Modal id="military-confirm" title={CONFIRM_TITLE} open={open} onClose={onCancel} returnHref="#">
        {body}
      </Modal>
    );
  if (!open) return null;
  return (
    <div role="alertdialog" aria-labelledby="military-confirm-title" className="banner banner-warning military-confirm">
      <h2 id="military-confirm-title">{CONFIRM_TITLE}</h2>
      {body}
    </div>
  );
}
