import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { brand, phones, servicing } from "../../../functions/config";
import { clientInfo } from "../../../functions/http/client-info";
import { catalogue, PlatformError } from "../../../functions/platform/index";
import { borrowerNameMatches } from "../../../functions/rules/esign";
import { Modal } from "../../components/Modal";
import { formatMoney, formatPhone } from "../../lib/format";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/signature";
import { esignFacts, esignPlatform, esignSession, esignState, finishEsign, signedMeanwhile, storeEsign } from "./esign.server";

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

const MILITARY_WITHDRAWAL = "Military service declared: the lender does not lend to active-duty military, their spouses or dependents.";

export async function loader({ context }: Route.LoaderArgs) {
  const session = esignSession(context);
  const { facts } = await esignFacts(context, session);
  const state = esignState(session, facts.requestedDrawCents);
  if (!state.consentComplete) throw redirect("/esign/consent");
  return { facts, drawCents: state.drawCents };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = esignSession(context);
  const { facts } = await esignFacts(context, session);
  const state = esignState(session, facts.requestedDrawCents);
  if (!state.consentComplete) return redirect("/esign/consent");
  const form = await request.formData();
  const method = String(form.get("repaymentMethod") ?? "");
  const military = String(form.get("military") ?? "");
  const name = String(form.get("borrowerName") ?? "");
  const errors: Record<string, string> = {};
  if (method !== "direct-deposit" && method !== "paper-check") errors.repaymentMethod = signatureMessages.repayment;
  if (method === "paper-check" && !facts.paperCheckAllowed) errors.repaymentMethod = signatureMessages.repayment;
  if (military !== "no" && military !== "yes") errors.military = signatureMessages.military;
  if (form.get("acceptTerms") !== "on") errors.acceptTerms = signatureMessages.terms;
  if (!borrowerNameMatches(name, facts.firstName, facts.lastName)) errors.borrowerName = signatureMessages.name;
  if (Object.keys(errors).length) return { errors, alert: signatureMessages.incomplete, values: { method, military, name } };

  const { platform, tokens } = esignPlatform(context, session);
  try {
    if (military === "yes") {
      // No line for active-duty military, spouses or dependents: the application is withdrawn.
      await platform.call(catalogue.applications.WithdrawApplication, { reason: MILITARY_WITHDRAWAL });
      await storeEsign(context, session, state, tokens.get());
      return redirect("/esign/military");
    }
    const client = clientInfo(request);
    // The device-fingerprint fraud check is a provider hook, off by default (0-decisions.md).
    const fraud = await platform.call(catalogue.misc.IovationConfig, {});
    if (fraud.status) {
      const verdict = await platform.call(catalogue.misc.IovationProcess, { ipAddress: client.ip, blackBoxData: String(form.get("blackBox") ?? "") });
      if (verdict.result === "deny") return { errors: {}, alert: signatureMessages.notSaved, values: { method, military, name } };
    }
    const signedAt = new Date().toISOString();
    const finished = await platform.call(catalogue.account.FinishESign, {
      signatureText: name.trim(),
      ipAddress: client.ip,
      userAgent: client.userAgent,
      signedAt,
      agreements: (["agrarbitration", "agrprivacypolicy", "agreleconsent", "agrcalprivacyact", "agrcredit"] as const).filter((k) => state.agreed[k]),
      allowMarketingTexts: state.marketingTexts === true,
      allowMarketingCalls: state.marketingCalls || state.marketingTexts === true,
      isMilitaryPersonnel: false,
      repaymentMethod: method === "paper-check" ? "K" : "A",
      requestedDrawAmount: state.drawCents,
      drawNote: state.drawCents > 0 ? `First draw of ${formatMoney(state.drawCents)} requested at e-sign on ${signedAt}` : "",
    });
    await finishEsign(context, session, { firstName: facts.firstName, drawCents: finished.drawAmount, fundingDate: finished.fundingDate }, tokens.get());
    return redirect("/esign/contact");
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // The platform may have signed before its answer was lost: then the confirmation, never a second signature.
    if (await signedMeanwhile(context, session)) return redirect("/esign/contact");
    return { errors: {}, alert: signatureMessages.notSaved, values: { method, military, name } };
  }
}

export default function Signature({ loaderData, actionData }: Route.ComponentProps) {
  const { facts } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const [method, setMethod] = useState(actionData?.values?.method || "direct-deposit");
  const [modal, setModal] = useState(false);
  const busy = useNavigation().state !== "idle";
  // SUBMIT is active only when the form is valid (with JavaScript; the server checks either way).
  const [military, setMilitary] = useState(actionData?.values?.military ?? "");
  const [terms, setTerms] = useState(false);
  const [name, setName] = useState(actionData?.values?.name ?? "");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const valid = (method === "direct-deposit" || paperAllowed(method)) && military !== "" && terms && borrowerNameMatches(name, facts.firstName, facts.lastName);
  function paperAllowed(m: string) {
    return m === "paper-check" && facts.paperCheckAllowed;
  }
  const paperPanel = paperAllowed(method);
  return (
    <section className="container page-section esign">
      <h1>
        {facts.firstName}, you're conditionally approved for a line of credit of {formatMoney(facts.limitCents)}.
      </h1>
      <Form method="post" className="apply-form" noValidate>
        <fieldset className="field radio-group">
          <legend>Repayment Method</legend>
          <label className="radio"><input type="radio" name="repaymentMethod" value="direct-deposit" checked={method === "direct-deposit"} onChange={() => setMethod("direct-deposit")} /> Electronic Funds Transfer</label>
          <label className="radio">
            <input type="radio" name="repaymentMethod" value="paper-check" checked={method === "paper-check"} onChange={() => { setMethod("paper-check"); if (!facts.paperCheckAllowed) setModal(true); }} /> Paper Check
          </label>
          <p className="field-error" role={errors.repaymentMethod ? "alert" : undefined}>{errors.repaymentMethod ?? ""}</p>
        </fieldset>
        {paperPanel ? (
          <div className="notice" role="status">
            Paper check payments add {servicing.paperCheckExtraBusinessDays.min} to {servicing.paperCheckExtraBusinessDays.max} business days. We'll call you at{" "}
            {formatPhone(phones.customerService)} to confirm the details.
          </div>
        ) : null}
        <Modal id="paper-check" title="Paper check is not available" open={modal} onClose={() => setModal(false)} returnHref="#">
          <p>Paper check repayment is not available for your line. Please use Electronic Funds Transfer to finish eSigning.</p>
          <button type="button" className="button button-primary" onClick={() => { setMethod("direct-deposit"); setModal(false); }}>GO BACK TO EFT AND FINISH ESIGN</button>
        </Modal>
        <fieldset className="field radio-group">
          <legend>Military Service</legend>
          <label className="radio"><input type="radio" name="military" value="no" defaultChecked={actionData?.values?.military === "no"} onChange={() => setMilitary("no")} /> I am not an active-duty member of the military, or a spouse or dependent of one</label>
          <label className="radio"><input type="radio" name="military" value="yes" defaultChecked={actionData?.values?.military === "yes"} onChange={() => setMilitary("yes")} /> I am an active-duty member of the military, or a spouse or dependent of one</label>
          <p className="field-hint">Federal law limits lending to active-duty service members and their families; we do not offer lines of credit to them.</p>
          <p className="field-error" role={errors.military ? "alert" : undefined}>{errors.military ?? ""}</p>
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" name="acceptTerms" onChange={(e) => setTerms(e.currentTarget.checked)} /> I agree to sign the agreements electronically (eSign terms)
        </label>
        <p className="field-error" role={errors.acceptTerms ? "alert" : undefined}>{errors.acceptTerms ?? ""}</p>
        <div className="field">
          <label htmlFor="borrowerName">Type your first and last name to eSign</label>
          <input id="borrowerName" name="borrowerName" defaultValue={actionData?.values?.name} autoComplete="name" aria-describedby="borrowerName-error" onChange={(e) => setName(e.currentTarget.value)} />
          <p id="borrowerName-error" className="field-error" role={errors.borrowerName ? "alert" : undefined}>{errors.borrowerName ?? ""}</p>
        </div>
        <div className="step-alert" role="alert">{actionData?.alert ?? ""}</div>
        <div className="button-row">
          <Link to="/esign/consent" className="button button-outline">BACK</Link>
          <button type="submit" className="button button-primary button-large" disabled={busy || modal || (hydrated && !valid)}>SUBMIT</button>
        </div>
      </Form>
    </section>
  );
}
