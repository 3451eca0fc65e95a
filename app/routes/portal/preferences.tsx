import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { brand } from "#domain/config";
import type { MarketingKind } from "#domain/rules/preferences";
import { PasskeySection } from "../../components/access/PasskeySection";
import { ElectronicConsentSection } from "../../components/portal/ElectronicConsent";
import { PortalShell } from "../../components/portal/PortalShell";
import {
  OptOutDialog,
  OptOutPanel,
  SavedDialog,
  savedMessage,
  UnsavedChangesDialog,
} from "../../components/portal/PreferenceDialogs";
import { PreferencesFields } from "../../components/portal/PreferencesFields";
import { RecentMessages } from "../../components/portal/RecentMessages";
import { useLeaveGuard } from "../../components/portal/useLeaveGuard";
import { usePreferencesForm } from "../../components/portal/usePreferencesForm";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/preferences";
import { electronicConsent, withdrawConsent } from "./consent.server";
import { portalSummary } from "./portal.server";
import { drawUnavailableOf, portalStanding } from "./portal-data";
import { preferenceFormValues, preferenceMessages } from "./preferences.schema";
import { contactOf, recentMessages, savePreferences } from "./preferences.server";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Preferences | ${brand.name}` }];
}

/**
 * The form opens with what the summary says; the messages list comes from a
 * second call, made beside it (issue 19: one round trip after the session's,
 * not two).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [s, messages, consent] = await Promise.all([
    portalSummary(context),
    recentMessages(context),
    electronicConsent(context),
  ]);
  return {
    standing: portalStanding(s.accountHeader),
    drawUnavailable: drawUnavailableOf(s.accountConfig),
    saved: preferenceFormValues(contactOf(s)),
    messages,
    consent,
  };
}

/** SAVE CHANGES, or WITHDRAW CONSENT (its own form: the consent to electronic records). */
export async function action({ context, request }: Route.ActionArgs) {
  if (request.headers.get("Content-Type")?.includes("form")) {
    const form = await request.clone().formData();
    if (form.get("intent") === "withdrawConsent")
      return { result: "consent" as const, consent: await withdrawConsent(context, request, form) };
  }
  return savePreferences(context, request);
}

const TOGGLE_KIND = { emailMarketing: "email", callMarketing: "calls" } as const;

export default function Preferences({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const consentAnswer = actionData?.result === "consent" ? actionData.consent : undefined;
  const saveAnswer = actionData?.result === "consent" ? undefined : actionData;
  const serverErrors = saveAnswer?.result === "invalid" ? saveAnswer.errors : undefined;
  // A refused or unanswered post shows what was posted; a good save shows what is saved.
  const defaults = saveAnswer && saveAnswer.result !== "saved" ? saveAnswer.values : loaderData.saved;
  const form = usePreferencesForm(loaderData.saved, defaults, serverErrors);
  const guard = useLeaveGuard(form.canSave, form.formRef, preferenceMessages.saveFailed);

  // "Are you sure?" for the marketing being turned off; confirmed opt-outs travel with the save.
  const [asking, setAsking] = useState<MarketingKind | null>(null);
  const [optOutConfirmed, setOptOutConfirmed] = useState(false);
  const [panelDismissed, setPanelDismissed] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each answer of a save; the form's helpers are stable.
  useEffect(() => {
    setPanelDismissed(false);
    // The password was for the save it went with: gone once saved or refused (kept for a retry after an outage).
    if (actionData?.result === "saved" || (actionData?.result === "invalid" && actionData.errors.currentPassword))
      form.clearPassword();
    if (actionData?.result === "saved") {
      setOptOutConfirmed(false);
      setSavedOpen(true);
    }
  }, [actionData]);

  function onToggle(name: keyof typeof TOGGLE_KIND, value: string) {
    if (value === "no") setAsking(TOGGLE_KIND[name]);
  }

  function decideOptOut(optOut: boolean) {
    if (!asking) return;
    if (optOut) setOptOutConfirmed(true);
    else form.setToggle(asking === "email" ? "emailMarketing" : "callMarketing", "yes");
    setAsking(null);
  }

  const saveDisabled = busy || (form.hydrated && !form.canSave);
  const saveButton = (
    <button type="submit" name="intent" value="save" className="button button-primary" disabled={saveDisabled}>
      SAVE CHANGES
    </button>
  );
  const offerPanel = actionData?.result === "confirmOptOut" && !panelDismissed;

  return (
    <PortalShell
      standing={loaderData.standing}
      pastDue={loaderData.standing !== "current"}
      drawUnavailable={loaderData.drawUnavailable}
    >
      <h1>Select Your Account Preferences</h1>
      <Form
        method="post"
        id="preferences-form"
        className="card preferences-form"
        ref={form.formRef}
        {...form.formProps}
      >
        <div className="preferences-actions">{saveButton}</div>
        {actionData?.result === "failed" ? (
          <p className="form-alert" role="alert">
            {actionData.message}
          </p>
        ) : null}
        {actionData?.result === "saved" ? (
          <p className="no-js-only banner" role="status">
            {savedMessage(actionData.notice, actionData.email, actionData.cell, actionData.previousEmail)}
          </p>
        ) : null}
        {offerPanel ? (
          <OptOutPanel
            kinds={actionData.turningOff}
            onStay={(event) => {
              // With JavaScript the answer needs no round trip: the toggles go back to YES here.
              event.preventDefault();
              for (const kind of actionData.turningOff)
                form.setToggle(kind === "email" ? "emailMarketing" : "callMarketing", "yes");
              setPanelDismissed(true);
            }}
          />
        ) : null}
        {optOutConfirmed ? <input type="hidden" name="optOut" value="confirmed" /> : null}
        <PreferencesFields
          defaults={defaults}
          errors={form.errors}
          mainIsCell={form.values.mainIsCell === "on"}
          emailChanged={form.emailChanged}
          onToggle={onToggle}
          revertEmptyEmail={form.revertEmptyEmail}
        />
        <div className="preferences-actions">{saveButton}</div>
      </Form>
      <section className="card">
        <PasskeySection />
      </section>
      <ElectronicConsentSection record={loaderData.consent} answer={consentAnswer} />
      <RecentMessages messages={loaderData.messages} />
      <OptOutDialog kind={asking} onDecide={decideOptOut} />
      <UnsavedChangesDialog guard={guard} />
      <SavedDialog
        open={savedOpen}
        message={
          actionData?.result === "saved"
            ? savedMessage(actionData.notice, actionData.email, actionData.cell, actionData.previousEmail)
            : ""
        }
        onClose={() => setSavedOpen(false)}
      />
    </PortalShell>
  );
}
