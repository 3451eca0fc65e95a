import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { fieldErrors } from "#domain/application/fields";
import { EMAIL_CHANGE_REFUSALS } from "#domain/catalogue/account";
import { sameEmail } from "#domain/rules/email";
import {
  applyContactChange,
  type ContactRecord,
  type MarketingKind,
  marketingTurnedOff,
  type PreferenceNotice,
  preferenceNotice,
  textsNotifications,
} from "#domain/rules/preferences";
import { catalogue, PlatformError } from "#platform";
import { edgeContext } from "#server/http/request-context";
import { endCustomerSessions } from "#server/sessions/session";
import { borrowerSession, type PortalSummary, portalPlatform, portalSummary } from "./portal.server";
import {
  formValuesFrom,
  type PreferenceFormValues,
  preferenceFormValues,
  preferenceMessages,
  preferencesSchema,
  profileUpdate,
} from "./preferences.schema";

type Summary = PortalSummary;

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
  /** `previousEmail`: the e-mail changed; the old address was told and every other session ended. */
  | {
      result: "saved";
      values: PreferenceFormValues;
      notice: PreferenceNotice | null;
      email: string;
      cell: string;
      previousEmail: string | null;
    };

const TOGGLE: Record<MarketingKind, "emailMarketing" | "callMarketing"> = {
  email: "emailMarketing",
  calls: "callMarketing",
};

/**
 * The Preferences form post: the schema re-checked, "Are you sure?" when
 * marketing is turned off (the page's modal answers it with JavaScript; the
 * `optOut` field carries the answer), then Account/UpdateProfile once.
 */
export async function savePreferences(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<PreferencesResult> {
  const summary = await portalSummary(context);
  const before = contactOf(summary);
  const form = await request.formData();
  const values = formValuesFrom(form);
  const checked = v.safeParse(preferencesSchema(before.email), values);
  // The password typed is never sent back to the page.
  const shown = { ...values, currentPassword: "" };
  if (!checked.success) {
    const errors = fieldErrors(checked.issues);
    // An emptied e-mail goes back to the one on file, with the message saying why.
    if (errors.email === preferenceMessages.emailRequired) shown.email = before.email;
    return { result: "invalid", values: shown, errors };
  }
  const turningOff = marketingTurnedOff(before, checked.output);
  const answer = String(form.get("optOut") ?? "");
  if (turningOff.length > 0 && answer === "declined") {
    for (const kind of turningOff) shown[TOGGLE[kind]] = "yes";
    return { result: "kept", values: shown };
  }
  if (turningOff.length > 0 && answer !== "confirmed") return { result: "confirmOptOut", values: shown, turningOff };

  const update = profileUpdate(checked.output);
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  try {
    await platform.call(catalogue.account.UpdateProfile, update);
    await persist();
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const refusal = passwordRefusal(error);
    if (refusal) return { result: "invalid", values: shown, errors: { currentPassword: refusal } };
    return { result: "failed", values: shown, message: preferenceMessages.saveFailed };
  }
  // What the platform now keeps, by the same rule it applied (texts follow the cell phone).
  const after = applyContactChange(before, update);
  const emailChanged = !sameEmail(before.email, after.email);
  // A new sign-in e-mail ends every other session of the borrower (the platform ended their tokens).
  if (emailChanged) await endCustomerSessions(context.get(edgeContext).env.DB, session.data.customerId!, session);
  return {
    result: "saved",
    values: preferenceFormValues(after),
    notice: preferenceNotice(before, after),
    email: after.email,
    // The popup names a number only when a text really went to it.
    cell: textsNotifications(after) ? after.mobilePhone : "",
    previousEmail: emailChanged ? before.email : null,
  };
}

/**
 * The latest messages sent to the borrower (issue 18), read beside the
 * summary. Both calls present the same token; if it is old enough to
 * rotate, each answers a fresh one and the request keeps the last: both are
 * live for 30 minutes and the old one for its minute of grace, so none is
 * lost. Null when the platform cannot say just now, and the page shows
 * without them.
 */
export async function recentMessages(context: Readonly<RouterContextProvider>) {
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  try {
    const { messages } = await platform.call(catalogue.communications.GetMessages, {});
    await persist();
    return messages;
  } catch (error) {
    if (error instanceof PlatformError) return null;
    throw error;
  }
}

/** The platform's refusal of an e-mail change, in the page's words; null for any other failure. */
function passwordRefusal(error: PlatformError): string | null {
  switch (error.kind === "rejected" ? error.fields.currentPassword : undefined) {
    case EMAIL_CHANGE_REFUSALS.incorrect:
      return preferenceMessages.wrongPassword;
    case EMAIL_CHANGE_REFUSALS.locked:
      return preferenceMessages.locked;
    case EMAIL_CHANGE_REFUSALS.noPassword:
      return preferenceMessages.noPassword;
    default:
      return null;
  }
}
