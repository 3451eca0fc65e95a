import { Link } from "react-router";
import { brand, smsStopKeywords } from "#domain/config";
import type { PreferenceFormValues } from "../../routes/portal/preferences.schema";
import { RadioGroup, TextField } from "../form/Field";

const YES_NO = [
  { code: "yes", label: "YES" },
  { code: "no", label: "NO" },
] as const;

type Toggle = "emailMarketing" | "callMarketing";

/**
 * The Preferences fields (spec file 3, section 2): marketing e-mails with the
 * e-mail address; marketing calls and texts with the main phone, "This is my
 * cell", and a cell phone when the main phone is not one; the consent text.
 */
export function PreferencesFields({
  defaults,
  errors,
  mainIsCell,
  emailChanged,
  onToggle,
  revertEmptyEmail,
}: {
  /** What the inputs start with (the saved values, or the values just posted). */
  defaults: PreferenceFormValues;
  errors: Record<string, string>;
  /** Live: hides the separate cell field when ticked (without JavaScript it always shows). */
  mainIsCell: boolean;
  /** Live: shows the current password field once the e-mail differs (without JavaScript it always shows). */
  emailChanged: boolean;
  onToggle: (name: Toggle, value: string) => void;
  revertEmptyEmail: (value: string) => string;
}) {
  return (
    <>
      <section className="preference-group" aria-labelledby="pref-email-title">
        <h2 id="pref-email-title">Email</h2>
        <RadioGroup
          name="emailMarketing"
          legend="Marketing emails"
          className="yes-no"
          options={YES_NO}
          defaultValue={defaults.emailMarketing}
          onChange={(code) => onToggle("emailMarketing", code)}
        />
        <TextField
          name="email"
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={defaults.email}
          error={errors.email}
          onBlurValue={revertEmptyEmail}
        />
        {/* The e-mail is also the sign-in name: a change needs the password, checked by the platform. The field is never pre-filled. */}
        <div className={emailChanged || errors.currentPassword ? undefined : "no-js-only"}>
          <TextField
            name="currentPassword"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            maxLength={128}
            hint="Your email address is also how you log in. To change it, enter your current password."
            error={errors.currentPassword}
          />
        </div>
      </section>
      <section className="preference-group" aria-labelledby="pref-phone-title">
        <h2 id="pref-phone-title">Phone Calls and Text Messages</h2>
        <RadioGroup
          name="callMarketing"
          legend="Marketing calls and text messages"
          className="yes-no"
          options={YES_NO}
          defaultValue={defaults.callMarketing}
          onChange={(code) => onToggle("callMarketing", code)}
        />
        <TextField
          name="mainPhone"
          label="Main Phone"
          type="tel"
          mask="phone"
          inputMode="tel"
          maxLength={30}
          placeholder="###-###-####"
          autoComplete="tel-national"
          defaultValue={defaults.mainPhone}
          error={errors.mainPhone}
        />
        <div className="field checkbox">
          <label>
            <input type="checkbox" name="mainIsCell" defaultChecked={defaults.mainIsCell === "on"} /> This is my cell
          </label>
        </div>
        <div className={mainIsCell ? "no-js-only" : undefined}>
          <TextField
            name="cellPhone"
            label="Cell Phone"
            optional
            type="tel"
            mask="phone"
            inputMode="tel"
            maxLength={30}
            placeholder="###-###-####"
            autoComplete="tel-national"
            hint="Only if your main phone is not a cell phone. Without a cell phone we cannot send you text messages."
            defaultValue={defaults.cellPhone}
            error={errors.cellPhone}
          />
        </div>
      </section>
      <p className="consent-line">
        By selecting YES for calls and text messages, you agree that {brand.name} and its service providers may call and
        text you with offers at the numbers above, including by automated technology and prerecorded messages. Your
        consent is not a condition of credit. Message and data rates may apply; reply {smsStopKeywords[0]} to any text
        to stop them. See our <Link to="/termsandconditions">Terms and Conditions</Link> and{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </>
  );
}
