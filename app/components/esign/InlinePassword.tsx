import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { passcodeExpiry } from "#domain/access-flow";
import { useHydrated } from "../../lib/use-hydrated";
import { NewPasswordFields } from "../access/NewPasswordFields";
import { PasscodeBoxes, useFreshBoxesKey } from "../access/PasscodeBoxes";

export interface InlinePasswordView {
  step: "code" | "done" | "skipped" | null;
  notice?: string;
  resendDisabled?: boolean;
  sentBy?: "sms" | "voice";
}

/** Where the code went: by e-mail, or by text or call when e-mail to the address is stopped. */
const SENT = {
  email: "We e-mailed you a six-digit passcode to confirm it's you.",
  sms: "We could not e-mail you, so we texted a six-digit passcode to your cell phone to confirm it's you.",
  voice: "We could not e-mail you, so we are calling your phone with a six-digit passcode to confirm it's you.",
} as const;

/**
 * E-sign consent's optional create-password section (0-decisions.md): a
 * password, then a passcode by e-mail. Every step has Not now; the code step
 * has RESEND CODE, and NEXT is enabled only with six digits (always enabled
 * without JavaScript: the server checks).
 */
export function InlinePassword({
  view,
  errors,
  alert,
  keepCode,
  answer,
}: {
  view: InlinePasswordView;
  errors: Record<string, string>;
  alert?: string;
  keepCode?: boolean;
  /** The page's latest action answer: each new one is a verdict that brings fresh passcode boxes. */
  answer?: unknown;
}) {
  const [complete, setComplete] = useState(false);
  // A fresh set of boxes after each verdict (a wrong code, a resend); a platform failure keeps the digits typed.
  const boxesKey = useFreshBoxesKey(answer, Boolean(keepCode));
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  if (view.step === "done")
    return (
      <p className="banner" role="status">
        Your password is created. You can log in with it from now on.
      </p>
    );
  if (view.step === "skipped") {
    return (
      <Form method="post" className="inline-password inline-password-skipped">
        <p>
          No password for now. You can create one later from Create Password on the Log In page.{" "}
          <button type="submit" name="intent" value="pwStart" className="link-button">
            Create a password now
          </button>
        </p>
      </Form>
    );
  }
  const message = alert ?? errors.password ?? "";
  return (
    <section className="inline-password" aria-labelledby="inline-password-title">
      <h2 id="inline-password-title">Create a password (optional)</h2>
      {view.step === "code" ? (
        <Form method="post" className="apply-form" noValidate>
          <p>
            {SENT[view.sentBy ?? "email"]} {passcodeExpiry(!view.resendDisabled)}
          </p>
          {/* No more codes (the resend limit, the lock) is a refusal, said as an error; a resend's confirmation is news. */}
          {view.notice && view.resendDisabled ? (
            <p className="banner banner-error" role="alert">
              {view.notice}
            </p>
          ) : view.notice ? (
            <p className="banner" role="status">
              {view.notice}
            </p>
          ) : null}
          <PasscodeBoxes key={boxesKey} onComplete={setComplete} />
          <div className="field-error inline-password-alert" role="alert">
            {message}
          </div>
          <div className="button-row">
            <button
              type="submit"
              name="intent"
              value="pwResend"
              className="button button-outline"
              disabled={busy || view.resendDisabled}
            >
              RESEND CODE
            </button>
            <button
              type="submit"
              name="intent"
              value="pwCode"
              className="button button-primary"
              disabled={busy || (hydrated && !complete)}
            >
              NEXT
            </button>
            <button type="submit" name="intent" value="pwSkip" className="button button-outline">
              Not now
            </button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="apply-form" noValidate>
          <p>A password lets you log in later. You can skip this and create one from the Log In page.</p>
          <NewPasswordFields errors={errors} />
          <div className="field-error inline-password-alert" role="alert">
            {alert ?? ""}
          </div>
          <div className="button-row">
            <button type="submit" name="intent" value="pwCreate" className="button button-outline" disabled={busy}>
              Create Password
            </button>
            <button type="submit" name="intent" value="pwSkip" className="button button-outline">
              Not now
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
