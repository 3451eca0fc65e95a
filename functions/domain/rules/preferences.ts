import { contactPreferenceDefaults } from "../config";

/**
 * Contact preferences (spec file 3, sections 4 and 7), shared by the
 * Preferences page (which builds the update and explains what was sent) and
 * the platform (which applies the update and sends the notifications).
 */

/** A borrower's contact details and consents as the platform keeps them. Phones are 10 digits, "" for none. */
export interface ContactRecord {
  email: string;
  homePhone: string;
  mobilePhone: string;
  allowMarketingEmails: boolean;
  allowMarketingCalls: boolean;
  allowMarketingTexts: boolean;
  allowServicingTexts: boolean;
}

/** The contact part of Account/UpdateProfile's payload. */
export interface ContactChange {
  custEmail?: string;
  phoneNumber?: string;
  mobileNumber?: string;
  preferences?: { allowMarketingEmails?: boolean; allowMarketingCalls?: boolean; allowMarketingTexts?: boolean };
}

/**
 * Texts need a cell phone: without one, marketing and service texts are off.
 * The page sends marketing texts from the calls choice (one toggle covers both).
 */
export function textPermissions(mobilePhone: string, wantsMarketingTexts: boolean, servicingBefore = true) {
  const hasCell = mobilePhone !== "";
  return { allowMarketingTexts: hasCell && wantsMarketingTexts, allowServicingTexts: hasCell && servicingBefore };
}

/**
 * The record after an update. The page leaves an empty cell out of the
 * update, so an update that names the main phone without a cell means the
 * borrower has no cell. A preferences object without allowMarketingEmails
 * means marketing e-mails are allowed (the spec's default).
 */
export function applyContactChange(current: ContactRecord, change: ContactChange): ContactRecord {
  const mobilePhone = change.mobileNumber ?? (change.phoneNumber !== undefined ? "" : current.mobilePhone);
  const prefs = change.preferences;
  const allowMarketingCalls = prefs?.allowMarketingCalls ?? current.allowMarketingCalls;
  const requestedTexts = prefs ? (prefs.allowMarketingTexts ?? allowMarketingCalls) : current.allowMarketingTexts;
  // Service texts were off only for want of a cell: a newly added cell turns them back on.
  const servicingBefore = current.mobilePhone === "" ? true : current.allowServicingTexts;
  const texts = textPermissions(mobilePhone, requestedTexts, servicingBefore);
  return {
    email: change.custEmail ?? current.email,
    homePhone: change.phoneNumber ?? current.homePhone,
    mobilePhone,
    allowMarketingEmails: prefs
      ? (prefs.allowMarketingEmails ?? contactPreferenceDefaults.allowMarketingEmails)
      : current.allowMarketingEmails,
    allowMarketingCalls,
    ...texts,
  };
}

/**
 * The spec's preference popup types: what the saved-changes confirmation
 * says was sent. EMAIL: e-mail changed, confirmation e-mailed. SMSPHONE: a
 * phone changed, confirmation texted to the cell. EMAILPHONE: a phone changed
 * and there is no cell, so it was e-mailed. EMAIL&PHONE: both changed.
 */
export type PreferenceNotice = "EMAIL" | "SMSPHONE" | "EMAILPHONE" | "EMAIL&PHONE";

type Contact = Pick<ContactRecord, "email" | "homePhone" | "mobilePhone"> &
  Partial<Pick<ContactRecord, "allowServicingTexts">>;

/** Whether the after-save notification goes by text too: a cell, and service texts not turned off. */
export const textsNotifications = (c: Contact) => c.mobilePhone !== "" && c.allowServicingTexts !== false;

/**
 * Which popup a save earns; null when only marketing choices changed. A phone
 * change says a text was sent only when one is (profileNotifications): else
 * it is the e-mail popup.
 */
export function preferenceNotice(before: Contact, after: Contact): PreferenceNotice | null {
  const emailChanged = before.email.toLowerCase() !== after.email.toLowerCase();
  const phoneChanged = before.homePhone !== after.homePhone || before.mobilePhone !== after.mobilePhone;
  if (emailChanged && phoneChanged) return "EMAIL&PHONE";
  if (emailChanged) return "EMAIL";
  if (phoneChanged) return textsNotifications(after) ? "SMSPHONE" : "EMAILPHONE";
  return null;
}

/** The two marketing choices: e-mails, and calls with text messages. */
export type MarketingKind = "email" | "calls";

/** Marketing the borrower is turning off with this save (each asks "Are you sure?" first). */
export function marketingTurnedOff(
  before: Pick<ContactRecord, "allowMarketingEmails" | "allowMarketingCalls">,
  after: Pick<ContactRecord, "allowMarketingEmails" | "allowMarketingCalls">,
): MarketingKind[] {
  const off: MarketingKind[] = [];
  if (before.allowMarketingEmails && !after.allowMarketingEmails) off.push("email");
  if (before.allowMarketingCalls && !after.allowMarketingCalls) off.push("calls");
  return off;
}
