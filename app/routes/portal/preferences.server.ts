import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { catalogue, PlatformError } from "../../../functions/platform/index";
import { applyContactChange, marketingTurnedOff, preferenceNotice, textsNotifications, type ContactRecord, type MarketingKind, type PreferenceNotice } from "../../../functions/rules/preferences";
import { fieldErrors } from "../apply/fields";
import { formValuesFrom, preferenceFormValues, preferenceMessages, preferencesSchema, profileUpdate, type PreferenceFormValues } from "./preferences.schema";
import { borrowerSession, portalPlatform, portalSummary } from "./portal.server";

type Summary = Awaited<ReturnType<typeof portalSummary>>;

/** What the platform keeps about how to reach the borrower. */
export function contactOf(s: Summary): ContactRecord {
  return {
    email: s.accountProfile.custEmail,
    homePhone: s.accountProfile.phoneNumber,
    mobilePhone: s.accountProfile.mobileNumber,
    ...s.preferences,
  };
}

/** Every outcome of a post; each carries the form's values so a page without JavaScript shows them again. */
export type PreferencesResult =
  | { result: "invalid"; values: PreferenceFormValues; errors: Record<string, string> }
  /** Marketing is being turned off: "Are you sure?" first (STAY INFORMED / OPT ME OUT). */
  | { result: "confirmOptOut"; values: PreferenceFormValues; turningOff: MarketingKind[] }
  /** STAY INFORMED without JavaScript: the marketing stays on, nothing saved yet. */
  | { result: "kept"; values: PreferenceFormValues }
  | { result: "failed"; values: PreferenceFormValues; message: string }
  | { result: "saved"; values: PreferenceFormValues; notice: PreferenceNotice | null; email: string; cell: string };

const TOGGLE: Record<MarketingKind, "emailMarketing" | "callMarketing"> = { email: "emailMarketing", calls: "callMarketing" };

/**
 * The Preferences form post: the schema re-checked, "Are you sure?" when
 * marketing is turned off (the page's modal answers it with JavaScript; the
 * `optOut` field carries the answer), then Account/UpdateProfile once.
 */
export async function savePreferences(context: Readonly<RouterContextProvider>, request: Request): Promise<PreferencesResult> {
  const summary = await portalSummary(context);
  const before = contactOf(summary);
  const form = await request.formData();
  const values = formValuesFrom(form);
  const checked = v.safeParse(preferencesSchema, values);
  if (!checked.success) {
    const errors = fieldErrors(checked.issues);
    // An emptied e-mail goes back to the one on file, with the message saying why.
    if (errors.email === preferenceMessages.emailRequired) values.email = before.email;
    return { result: "invalid", values, errors };
  }
  const turningOff = marketingTurnedOff(before, checked.output);
  const answer = String(form.get("optOut") ?? "");
  if (turningOff.length > 0 && answer === "declined") {
    for (const kind of turningOff) values[TOGGLE[kind]] = "yes";
    return { result: "kept", values };
  }
  if (turningOff.length > 0 && answer !== "confirmed") return { result: "confirmOptOut", values, turningOff };

  const update = profileUpdate(checked.output);
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  try {
    await platform.call(catalogue.account.UpdateProfile, update);
    await persist();
  } catch (error) {
    if (error instanceof PlatformError) return { result: "failed", values, message: preferenceMessages.saveFailed };
    throw error;
  }
  // What the platform now keeps, by the same rule it applied (texts follow the cell phone).
  const after = applyContactChange(before, update);
  return {
    result: "saved",
    values: preferenceFormValues(after),
    notice: preferenceNotice(before, after),
    email: after.email,
    // The popup names a number only when a text really went to it.
    cell: textsNotifications(after) ? after.mobilePhone : "",
  };
}
