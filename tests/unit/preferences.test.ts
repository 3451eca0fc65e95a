import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "#domain/application/fields";
import {
  applyContactChange,
  type ContactRecord,
  marketingTurnedOff,
  preferenceNotice,
  textPermissions,
  textsNotifications,
} from "#domain/rules/preferences";
import { masks } from "../../app/components/form/masks";
import { savedMessage } from "../../app/components/portal/PreferenceDialogs";
import {
  type Preferences,
  preferenceFormValues,
  preferenceMessages,
  preferencesSchema,
  profileUpdate,
  samePreferences,
} from "../../app/routes/portal/preferences.schema";
import { profileNotifications } from "../../functions/servicing/profile";

const valid = {
  email: "Casey.Morgan@Example.com",
  emailMarketing: "yes",
  callMarketing: "yes",
  mainPhone: "614-555-1000",
  mainIsCell: "",
  cellPhone: "614-555-2000",
};
/** The e-mail on file: the form's own, so only tests that change it need the password. */
const SAVED_EMAIL = "casey.morgan@example.com";

function parse(patch: Record<string, string | undefined> = {}, savedEmail = SAVED_EMAIL) {
  const input = Object.fromEntries(Object.entries({ ...valid, ...patch }).filter(([, value]) => value !== undefined));
  const result = v.safeParse(preferencesSchema(savedEmail), input);
  return result.success
    ? { output: result.output, errors: {} }
    : { output: undefined, errors: fieldErrors(result.issues) };
}

describe("preferences form schema (spec file 3, section 5)", () => {
  it("turns a valid form into the saved values, dashes stripped and e-mail lower-cased", () => {
    expect(parse().output).toEqual({
      custEmail: "casey.morgan@example.com",
      phoneNumber: "6145551000",
      mobileNumber: "6145552000",
      allowMarketingEmails: true,
      allowMarketingCalls: true,
      currentPassword: "",
    });
  });

  it("a new e-mail needs the current password (the e-mail is the sign-in name); the same one in other case does not", () => {
    const other = "casey@example.net";
    expect(parse({ email: other }).errors).toEqual({ currentPassword: preferenceMessages.currentPassword });
    expect(parse({ email: other, currentPassword: "" }).errors).toEqual({
      currentPassword: preferenceMessages.currentPassword,
    });
    expect(parse({ email: other, currentPassword: "Demo!pass1" }).output).toMatchObject({
      custEmail: other,
      currentPassword: "Demo!pass1",
    });
    expect(parse({ email: " CASEY.MORGAN@EXAMPLE.COM " }).errors).toEqual({});
    // A password typed while the e-mail stays is not sent.
    expect(parse({ currentPassword: "Demo!pass1" }).output?.currentPassword).toBe("");
    expect(preferenceMessages.currentPassword).toBe("Please enter your current password to change your email address.");
  });

  it("asks for the e-mail format", () => {
    for (const email of ["casey", "casey@example", "casey @example.com", "@example.com"])
      expect(parse({ email, currentPassword: "x" }).errors).toEqual({ email: preferenceMessages.email });
    expect(preferenceMessages.email).toBe("Please enter your email address in this format: name@example.com");
  });

  it("an emptied e-mail gets the must-have message, with the spec's curly quotes", () => {
    expect(parse({ email: "   " }).errors).toEqual({ email: preferenceMessages.emailRequired });
    expect(parse({ email: undefined }).errors).toEqual({ email: preferenceMessages.emailRequired });
    expect(preferenceMessages.emailRequired).toBe(
      "You must have an email address for your account. If you want to opt out of marketing emails, select \u201cNo.\u201d",
    );
  });

  it("needs a 10-digit main phone, written as people write it (the one phone rule)", () => {
    for (const mainPhone of ["614 555 1000", "(614)5551000", "614.555.1000", "1-614-555-1000", "+1 614 555 1000"]) {
      expect(parse({ mainPhone }).output?.phoneNumber, mainPhone).toBe("6145551000");
    }
    for (const mainPhone of ["", "614-555-100", "614-555-10000", "61455510000", "614-555-1OOO"]) {
      expect(parse({ mainPhone }).errors).toEqual({ mainPhone: "Please enter your 10-digit main phone number" });
    }
    expect(parse({ mainPhone: "6145551000" }).output?.phoneNumber).toBe("6145551000");
  });

  it("the cell phone is optional but complete when given", () => {
    expect(parse({ cellPhone: "" }).output?.mobileNumber).toBe("");
    expect(parse({ cellPhone: undefined }).output?.mobileNumber).toBe("");
    for (const cellPhone of ["614-555-200", "614-555-20000", "abc"])
      expect(parse({ cellPhone }).errors).toEqual({ cellPhone: "Please enter your 10-digit cell phone number" });
  });

  it("'This is my cell' makes the main phone the cell and ignores the cell field", () => {
    expect(parse({ mainIsCell: "on", cellPhone: "bad" }).output?.mobileNumber).toBe("6145551000");
  });

  it("reads the YES/NO toggles; a missing toggle means allowed", () => {
    expect(parse({ emailMarketing: "no", callMarketing: "no" }).output).toMatchObject({
      allowMarketingEmails: false,
      allowMarketingCalls: false,
    });
    expect(parse({ emailMarketing: undefined }).output?.allowMarketingEmails).toBe(true);
  });
});

describe("the profile update the page sends (spec file 3, section 7)", () => {
  const saved = (patch: Record<string, string> = {}) => parse(patch).output as Preferences;

  it("sends marketing texts from the calls choice", () => {
    expect(profileUpdate(saved({ callMarketing: "yes" })).preferences).toEqual({
      allowMarketingEmails: true,
      allowMarketingCalls: true,
      allowMarketingTexts: true,
    });
    expect(profileUpdate(saved({ callMarketing: "no" })).preferences?.allowMarketingTexts).toBe(false);
  });

  it("sends the current password only with a new e-mail", () => {
    expect(profileUpdate(saved())).not.toHaveProperty("currentPassword");
    expect(profileUpdate(saved({ currentPassword: "Demo!pass1" }))).not.toHaveProperty("currentPassword");
    expect(profileUpdate(saved({ email: "new@example.com", currentPassword: "Demo!pass1" }))).toMatchObject({
      custEmail: "new@example.com",
      currentPassword: "Demo!pass1",
    });
  });

  it("leaves an empty cell out, and then texts are off", () => {
    const update = profileUpdate(saved({ cellPhone: "" }));
    expect(update).not.toHaveProperty("mobileNumber");
    expect(update.preferences?.allowMarketingTexts).toBe(false);
    expect(profileUpdate(saved()).mobileNumber).toBe("6145552000");
  });

  it("opens the form formatted as typed, and knows an unchanged form", () => {
    const record: ContactRecord = {
      email: "a@example.com",
      homePhone: "6145551000",
      mobilePhone: "6145551000",
      allowMarketingEmails: true,
      allowMarketingCalls: false,
      allowMarketingTexts: false,
      allowServicingTexts: true,
    };
    const form = preferenceFormValues(record);
    expect(form).toEqual({
      email: "a@example.com",
      emailMarketing: "yes",
      callMarketing: "no",
      mainPhone: "614-555-1000",
      mainIsCell: "on",
      cellPhone: "",
      currentPassword: "",
    });
    const schema = preferencesSchema(record.email);
    const opened = v.parse(schema, form);
    expect(samePreferences(opened, v.parse(schema, { ...form, email: " A@Example.com " }))).toBe(true);
    expect(samePreferences(opened, v.parse(schema, { ...form, currentPassword: "typed" }))).toBe(true);
    expect(samePreferences(opened, v.parse(schema, { ...form, callMarketing: "yes" }))).toBe(false);
    expect(samePreferences(opened, v.parse(schema, { ...form, mainIsCell: "", cellPhone: "" }))).toBe(false);
  });

  it("formats phones on entry", () => {
    expect(masks.phone("6145551000")).toBe("614-555-1000");
    expect(masks.phone("614555100099")).toBe("614-555-1000");
  });
});

describe("contact rules shared with the platform", () => {
  const current: ContactRecord = {
    email: "a@example.com",
    homePhone: "6145551000",
    mobilePhone: "6145552000",
    allowMarketingEmails: false,
    allowMarketingCalls: true,
    allowMarketingTexts: true,
    allowServicingTexts: true,
  };

  it("without a cell, marketing and service texts are off", () => {
    expect(textPermissions("", true)).toEqual({ allowMarketingTexts: false, allowServicingTexts: false });
    expect(textPermissions("6145552000", true)).toEqual({ allowMarketingTexts: true, allowServicingTexts: true });
    const after = applyContactChange(current, {
      phoneNumber: "6145553000",
      preferences: { allowMarketingEmails: true, allowMarketingCalls: true, allowMarketingTexts: true },
    });
    expect(after).toMatchObject({ mobilePhone: "", allowMarketingTexts: false, allowServicingTexts: false });
  });

  it("a preferences-only update keeps the phones; marketing texts follow calls unless sent", () => {
    expect(applyContactChange(current, { preferences: { allowMarketingCalls: false } })).toMatchObject({
      homePhone: "6145551000",
      mobilePhone: "6145552000",
      allowMarketingTexts: false,
    });
    expect(applyContactChange(current, {})).toEqual(current);
  });

  it("marketing e-mails default to allowed when the preference is missing", () => {
    expect(applyContactChange(current, { preferences: { allowMarketingCalls: true } }).allowMarketingEmails).toBe(true);
    expect(applyContactChange(current, { preferences: { allowMarketingEmails: false } }).allowMarketingEmails).toBe(
      false,
    );
  });

  it("a cell added back turns service texts on again; a borrower's own opt-out is kept", () => {
    const noCell = { ...current, mobilePhone: "", allowMarketingTexts: false, allowServicingTexts: false };
    expect(
      applyContactChange(noCell, { phoneNumber: "6145551000", mobileNumber: "6145554000" }).allowServicingTexts,
    ).toBe(true);
    const stopped = { ...current, allowServicingTexts: false };
    expect(
      applyContactChange(stopped, { phoneNumber: "6145551000", mobileNumber: "6145552000" }).allowServicingTexts,
    ).toBe(false);
  });

  it("picks the confirmation popup from what changed", () => {
    const before = { email: "a@example.com", homePhone: "6145551000", mobilePhone: "6145552000" };
    expect(preferenceNotice(before, { ...before, email: "b@example.com" })).toBe("EMAIL");
    expect(preferenceNotice(before, { ...before, email: "A@EXAMPLE.COM" })).toBeNull();
    expect(preferenceNotice(before, { ...before, homePhone: "6145553000" })).toBe("SMSPHONE");
    expect(preferenceNotice(before, { ...before, mobilePhone: "6145553000" })).toBe("SMSPHONE");
    expect(preferenceNotice(before, { ...before, mobilePhone: "" })).toBe("EMAILPHONE");
    expect(preferenceNotice(before, { email: "b@example.com", homePhone: "6145553000", mobilePhone: "" })).toBe(
      "EMAIL&PHONE",
    );
    expect(preferenceNotice(before, before)).toBeNull();
  });

  it("says a text was sent only when service texts go to the cell (the platform's profileNotifications sends none otherwise)", () => {
    const before = {
      email: "a@example.com",
      homePhone: "6145551000",
      mobilePhone: "6145552000",
      allowServicingTexts: true,
    };
    expect(preferenceNotice(before, { ...before, homePhone: "6145553000" })).toBe("SMSPHONE");
    expect(preferenceNotice(before, { ...before, homePhone: "6145553000", allowServicingTexts: false })).toBe(
      "EMAILPHONE",
    );
    expect(textsNotifications({ ...before, allowServicingTexts: false })).toBe(false);
    expect(textsNotifications({ ...before, mobilePhone: "" })).toBe(false);
    expect(textsNotifications(before)).toBe(true);
    // The popup's wording follows: the number only when texted.
    const stopped = { ...current, allowServicingTexts: false };
    const after = applyContactChange(stopped, { phoneNumber: "6145559000", mobileNumber: stopped.mobilePhone });
    expect(profileNotifications({ id: "c1", firstName: "Avery" }, stopped, after).map((m) => m.channel)).toEqual([
      "email",
    ]);
    expect(preferenceNotice(stopped, after)).toBe("EMAILPHONE");
  });

  it("a new e-mail is told to the old address as well as the new one", () => {
    const after = applyContactChange(current, { custEmail: "new.address@example.com" });
    const sent = profileNotifications({ id: "c1", firstName: "Avery" }, current, after).filter(
      (m) => m.channel === "email",
    );
    expect(sent.map((m) => m.recipient)).toEqual(["new.address@example.com", "a@example.com"]);
    expect(sent[1]!.subject).toBe("Your Ridgeline Credit email address was changed");
    expect(sent[1]!.body).toContain("was changed to n******s@example.com");
    expect(sent[1]!.body).toContain("If you did not make this change, call us at");
    // Case alone is no change of address: nobody else is told.
    const recased = applyContactChange(current, { custEmail: "A@Example.com" });
    expect(
      profileNotifications({ id: "c1", firstName: "Avery" }, current, recased)
        .filter((m) => m.channel === "email")
        .map((m) => m.recipient),
    ).toEqual(["A@Example.com"]);
  });

  it("names the marketing being turned off (each asks 'Are you sure?')", () => {
    const on = { allowMarketingEmails: true, allowMarketingCalls: true };
    expect(marketingTurnedOff(on, { allowMarketingEmails: false, allowMarketingCalls: true })).toEqual(["email"]);
    expect(marketingTurnedOff(on, { allowMarketingEmails: false, allowMarketingCalls: false })).toEqual([
      "email",
      "calls",
    ]);
    expect(
      marketingTurnedOff(
        { allowMarketingEmails: false, allowMarketingCalls: false },
        { allowMarketingEmails: false, allowMarketingCalls: false },
      ),
    ).toEqual([]);
  });
});

describe("the confirmation popup's wording by type", () => {
  it("says what was sent and where", () => {
    expect(savedMessage("EMAIL", "b@example.com", "")).toBe(
      "Your email address was updated. We sent a confirmation email to b@example.com.",
    );
    expect(savedMessage("SMSPHONE", "b@example.com", "6145552000")).toBe(
      "Your phone number was updated. We sent a confirmation text message to 614.555.2000.",
    );
    expect(savedMessage("EMAILPHONE", "b@example.com", "")).toContain(
      "We sent a confirmation email to b@example.com, because there is no cell phone number",
    );
    expect(savedMessage("EMAIL&PHONE", "b@example.com", "6145552000")).toBe(
      "Your email address and phone number were updated. We sent a confirmation email to b@example.com and a text message to 614.555.2000.",
    );
    expect(savedMessage("EMAIL&PHONE", "b@example.com", "")).toBe(
      "Your email address and phone number were updated. We sent a confirmation email to b@example.com.",
    );
    expect(savedMessage(null, "b@example.com", "")).toBe("Your preferences were saved.");
    expect(savedMessage("EMAIL", "b@example.com", "", "a@example.com")).toBe(
      "Your email address was updated. We sent a confirmation email to b@example.com. We also told your previous address, a@example.com, and logged you out on every other device.",
    );
  });
});
