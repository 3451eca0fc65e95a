import * as v from "valibot";
import { emailAddress } from "#domain/application/fields";
import type { UpdateProfile } from "#domain/catalogue/account";
import type { Payload } from "#domain/catalogue/define";
import { sameEmail } from "#domain/rules/email";
import { formatPhone, phoneDigits, phoneSchema } from "#domain/rules/phone";
import { type ContactRecord, textPermissions } from "#domain/rules/preferences";

/** Spec file 3, sections 5 and 8: every message verbatim. */
export const preferenceMessages = {
  email: "Please enter your email address in this format: name@example.com",
  emailRequired:
    "You must have an email address for your account. If you want to opt out of marketing emails, select “No.”",
  mainPhone: "Please enter your 10-digit main phone number",
  cellPhone: "Please enter your 10-digit cell phone number",
  saveFailed: "Unable to Save Preferences.",
  // The e-mail is the sign-in name, so changing it asks for the password (not in the spec: our wording).
  currentPassword: "Please enter your current password to change your email address.",
  wrongPassword: "The password you entered is incorrect. Please try again.",
  locked: "Your account is temporarily locked after too many attempts. Please wait 30 minutes or use Forgot Password.",
  noPassword:
    "You do not have a password yet. Please create one (Create Password on the login page) before you change your email address.",
} as const;

/** The form as posted: every value a string, as FormData gives it. */
export interface PreferenceFormValues {
  email: string;
  emailMarketing: "yes" | "no";
  callMarketing: "yes" | "no";
  mainPhone: string;
  /** "on" when the main phone is a cell (a ticked checkbox), "" otherwise. */
  mainIsCell: string;
  cellPhone: string;
  /** Asked for (and sent) only when the e-mail changes; never sent back to the page. */
  currentPassword: string;
}

/** The form's fields from a post (server) or from the form itself (browser). */
export function formValuesFrom(form: FormData): PreferenceFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    email: text("email"),
    emailMarketing: text("emailMarketing") === "no" ? "no" : "yes",
    callMarketing: text("callMarketing") === "no" ? "no" : "yes",
    mainPhone: text("mainPhone"),
    mainIsCell: text("mainIsCell") === "on" ? "on" : "",
    cellPhone: text("cellPhone"),
    currentPassword: text("currentPassword"),
  };
}

/** 10 digits, typed with dashes (the mask adds them) or without (no JavaScript): at most 12 characters. */

/** A YES/NO toggle; a missing answer means allowed (marketing e-mails default to allowed). */
const allowed = v.pipe(
  v.optional(v.string(), "yes"),
  v.transform((value) => value !== "no"),
);

/**
 * The form's one schema (browser and action), for a borrower whose saved
 * e-mail is `savedEmail`: a different e-mail (case aside) needs the current
 * password, which the platform checks.
 */
export function preferencesSchema(savedEmail: string) {
  const changesEmail = (email: string) => !sameEmail(email, savedEmail);
  return v.pipe(
    v.object({
      email: v.pipe(
        v.optional(v.string(), ""),
        v.trim(),
        v.nonEmpty(preferenceMessages.emailRequired),
        emailAddress(preferenceMessages.email),
      ),
      emailMarketing: allowed,
      callMarketing: allowed,
      mainPhone: v.pipe(v.optional(v.string(), ""), phoneSchema(preferenceMessages.mainPhone)),
      mainIsCell: v.optional(
        v.pipe(
          v.string(),
          v.transform((value) => value === "on"),
        ),
        "",
      ),
      cellPhone: v.optional(v.pipe(v.string(), v.trim()), ""),
      currentPassword: v.optional(v.pipe(v.string(), v.maxLength(128, preferenceMessages.wrongPassword)), ""),
    }),
    // The separate cell phone is optional (and ignored when the main phone is the cell), but complete when given.
    v.forward(
      v.partialCheck(
        [["mainIsCell"], ["cellPhone"]],
        (input) => input.mainIsCell || input.cellPhone === "" || phoneDigits(input.cellPhone) !== null,
        preferenceMessages.cellPhone,
      ),
      ["cellPhone"],
    ),
    v.forward(
      v.partialCheck(
        [["email"], ["currentPassword"]],
        (input) => !changesEmail(input.email) || input.currentPassword !== "",
        preferenceMessages.currentPassword,
      ),
      ["currentPassword"],
    ),
    v.transform((input) => ({
      custEmail: input.email,
      phoneNumber: input.mainPhone,
      mobileNumber: input.mainIsCell ? input.mainPhone : (phoneDigits(input.cellPhone) ?? ""),
      allowMarketingEmails: input.emailMarketing,
      allowMarketingCalls: input.callMarketing,
      // A password typed while the e-mail stays is not sent anywhere.
      currentPassword: changesEmail(input.email) ? input.currentPassword : "",
    })),
  );
}

export type Preferences = v.InferOutput<ReturnType<typeof preferencesSchema>>;

/**
 * The Account/UpdateProfile payload: dashes already stripped, an empty cell
 * left out, and marketing texts sent from the calls choice (off without a cell).
 */
export function profileUpdate(p: Preferences): Payload<typeof UpdateProfile> {
  return {
    custEmail: p.custEmail,
    ...(p.currentPassword ? { currentPassword: p.currentPassword } : {}),
    phoneNumber: p.phoneNumber,
    ...(p.mobileNumber ? { mobileNumber: p.mobileNumber } : {}),
    preferences: {
      allowMarketingEmails: p.allowMarketingEmails,
      allowMarketingCalls: p.allowMarketingCalls,
      allowMarketingTexts: textPermissions(p.mobileNumber, p.allowMarketingCalls).allowMarketingTexts,
    },
  };
}

/** A stored phone as the form shows it (###-###-####), "" for none. */
const shownPhone = (digits: string) => (phoneDigits(digits) ? formatPhone(phoneDigits(digits)!) : digits);

/** The form as it opens, from what the platform keeps (phones formatted as they would be typed). */
export function preferenceFormValues(c: ContactRecord): PreferenceFormValues {
  const mainIsCell = c.mobilePhone !== "" && c.mobilePhone === c.homePhone;
  return {
    email: c.email,
    emailMarketing: c.allowMarketingEmails ? "yes" : "no",
    callMarketing: c.allowMarketingCalls ? "yes" : "no",
    mainPhone: shownPhone(c.homePhone),
    mainIsCell: mainIsCell ? "on" : "",
    cellPhone: mainIsCell ? "" : shownPhone(c.mobilePhone),
    currentPassword: "",
  };
}

/** Whether two valid forms would save the same thing (the form is "changed" when they would not); the password is no change. */
export function samePreferences(a: Preferences, b: Preferences): boolean {
  return (Object.keys(a) as Array<keyof Preferences>).every((key) => key === "currentPassword" || a[key] === b[key]);
}
