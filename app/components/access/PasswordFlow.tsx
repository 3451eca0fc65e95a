import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { passcodeExpiry, passcodeSentTo } from "#domain/access-flow";
import { phones } from "#domain/config";
import { formatPhone, phoneHref } from "#domain/format";
import type { FlowAnswer, FlowView } from "../../routes/password-flow.server";
import { DateField } from "../form/DateField";
import { RadioGroup, TextField } from "../form/Field";
import { NewPasswordFields } from "./NewPasswordFields";
import { PasscodeBoxes, useFreshBoxesKey } from "./PasscodeBoxes";

const THANKS_MS = 3_000;

const TEXT = {
  create: {
    title: "Welcome! Let's create your password.",
    thanks: "You'll now be directed to create your password",
    done: "Congratulations! You've successfully created your password.",
  },
  forgot: {
    title: "Forgot your password?",
    thanks: "Thanks for verifying!",
    done: "Good job. You successfully reset your password.",
  },
} as const;

/** The create-password and forgot-password flows (spec file 2, sections 2.3 and 2.4), step by step. */
export function PasswordFlow({
  kind,
  flow,
  answer,
}: {
  kind: "create" | "forgot";
  flow: FlowView;
  answer: FlowAnswer | undefined;
}) {
  const text = TEXT[kind];
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const [complete, setComplete] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step announces itself to screen readers by taking focus on its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step is the trigger for moving focus to its heading.
  useEffect(() => heading.current?.focus(), [flow.step]);
  // After a refused post, focus goes where the person must act: the first field in error, else the alert.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => focusAnswer(form.current, answer), [answer]);
  useEffect(() => {
    if (flow.step !== "thanks") return;
    const timer = setTimeout(() => void submit({ intent: "continue" }, { method: "post" }), THANKS_MS);
    return () => clearTimeout(timer);
  }, [flow.step, submit]);

  // A message the step's notice already says (a lock, the resend limit) is not said twice.
  const alertText = answer?.alert && answer.alert !== flow.notice ? answer.alert : "";
  const alert = (
    <div className="step-alert" role="alert" tabIndex={-1}>
      {alertText}
    </div>
  );
  // The passcode boxes start afresh after each verdict on a code; a platform failure decided nothing, so the digits stay.
  const boxesKey = useFreshBoxesKey(answer, Boolean(answer?.keepCode));

  switch (flow.step) {
    case "email":
      return (
        <Form ref={form} method="post" className="apply-form access-form" noValidate>
          <h1 ref={heading} tabIndex={-1}>
            {text.title}
          </h1>
          <TextField
            name="email"
            label="Email Address"
            type="email"
            defaultValue={flow.email}
            error={errors.email}
            inputMode="email"
            autoComplete="username"
          />
          <div className="step-alert" role="alert">
            {answer?.createFor ? (
              <Link to={createPasswordPath(answer.createFor)}>{answer.alert}</Link>
            ) : (
              (answer?.alert ?? "")
            )}
          </div>
          <button
            type="submit"
            name="intent"
            value="email"
            className="button button-primary button-large"
            disabled={busy}
          >
            NEXT
          </button>
          {kind === "create" ? (
            <>
              <p>
                <Link to="/login">Do you already have a password? Log in here</Link>
              </p>
              <p>
                <Link to="/verify-identity">Verify your identity with your SSN and birthdate instead</Link>
              </p>
            </>
          ) : (
            <p>
              <Link to="/reset-password">E-mail me a reset link instead</Link> · <Link to="/login">Back to Log In</Link>
            </p>
          )}
        </Form>
      );
    case "method":
      return (
        <Form ref={form} method="post" className="apply-form access-form" noValidate>
          <h1 ref={heading} tabIndex={-1}>
            How would you like to receive your passcode?
          </h1>
          <RadioGroup
            name="channel"
            legend="Send my passcode by"
            options={flow.channels.map((c) => ({ code: c.id, label: `${c.kind} ${c.label}` }))}
            error={errors.channel}
          />
          {alert}
          <button
            type="submit"
            name="intent"
            value="method"
            className="button button-primary button-large"
            disabled={busy}
          >
            SEND CODE
          </button>
        </Form>
      );
    case "code":
      return (
        <Form ref={form} method="post" className="apply-form access-form" noValidate>
          <h1 ref={heading} tabIndex={-1}>
            Enter your passcode
          </h1>
          {/* After five wrong codes none works, so where the last one went no longer matters. */}
          {flow.stop === "locked" ? null : (
            <p>
              {whereSent(flow)} {passcodeExpiry(flow.stop === null)}
            </p>
          )}
          {/* A stop (the resend limit, the lock) is a refusal, said as an error; a resend's confirmation is news. */}
          {flow.notice && flow.stop ? (
            <p className="banner banner-error" role="alert" tabIndex={-1}>
              {flow.notice}
            </p>
          ) : flow.notice ? (
            <p className="banner" role="status">
              {flow.notice}
            </p>
          ) : null}
          {/* A fresh set of boxes after each verdict (a wrong code, a resend); a platform failure keeps the digits. */}
          <PasscodeBoxes key={boxesKey} onComplete={setComplete} />
          {alert}
          <div className="button-row">
            <button
              type="submit"
              name="intent"
              value="resend"
              className="button button-outline"
              disabled={busy || flow.resendDisabled}
            >
              RESEND CODE
            </button>
            <NextButton complete={complete} busy={busy} />
          </div>
        </Form>
      );
    case "thanks":
      return (
        <Form ref={form} method="post" className="apply-form access-form">
          <h1 ref={heading} tabIndex={-1}>
            {text.thanks}
          </h1>
          <div className="loader" role="status">
            <span className="spinner" aria-hidden="true" />
          </div>
          <button type="submit" name="intent" value="continue" className="button button-primary no-js-only">
            Continue
          </button>
        </Form>
      );
    case "form":
      return (
        <Form ref={form} method="post" className="apply-form access-form" noValidate>
          <h1 ref={heading} tabIndex={-1}>
            {kind === "create" ? "Create your password" : "Reset your password"}
          </h1>
          {flow.identityChecked ? null : (
            <div className="field-grid">
              <DateField name="birthdate" label="Date of Birth" error={errors.birthdate} autoComplete="bday" />
              <TextField
                name="last4"
                label="Last 4 of SSN"
                type="password"
                error={errors.last4}
                mask="digits9"
                inputMode="numeric"
                maxLength={4}
                autoComplete="off"
              />
            </div>
          )}
          {/* The account's address, saved by password managers with the new password. */}
          <input type="email" name="username" value={flow.email} autoComplete="username" readOnly hidden />
          <NewPasswordFields errors={errors} />
          {alert}
          <button
            type="submit"
            name="intent"
            value="save"
            className="button button-primary button-large"
            disabled={busy}
          >
            SAVE PASSWORD
          </button>
        </Form>
      );
    case "unknown":
      return (
        <div className="access-form">
          <h1 ref={heading} tabIndex={-1}>
            We couldn't find your information
          </h1>
          <p>We could not match that email address to an account. Please call us and we will help you.</p>
          <p>
            <a className="button button-primary" href={phoneHref(phones.contact)}>
              Call Now {formatPhone(phones.contact)}
            </a>
          </p>
          <p>
            <Link to={`/${kind === "create" ? "create" : "forgot"}-password`}>Try another email address</Link>
          </p>
        </div>
      );
    case "done":
      return (
        <div className="access-form">
          <h1 ref={heading} tabIndex={-1}>
            {text.done}
          </h1>
          <p>
            <Link className="button button-primary" to="/login">
              Log In
            </Link>
          </p>
        </div>
      );
  }
}

/** Where the code went, as the person chose it. */
const whereSent = (flow: FlowView) => passcodeSentTo(flow.channels.find((c) => c.id === flow.channelId));

/**
 * Focus after a refused post: the first field in error, else the stop this
 * post brought (the resend limit disables RESEND CODE, just pressed; the lock
 * leaves the boxes no use), else a passcode box (the code step), else the alert.
 */
function focusAnswer(form: HTMLFormElement | null, answer: FlowAnswer | undefined) {
  const stop = answer?.flow?.stop ? form?.querySelector<HTMLElement>(".banner-error") : null;
  if (!form || !answer || (!answer.alert && Object.keys(answer.errors).length === 0 && !stop)) return;
  const target =
    form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    stop ??
    form.querySelector<HTMLElement>(".passcode input") ??
    form.querySelector<HTMLElement>(".step-alert");
  target?.focus();
}

/** Create password with the address filled in (spec file 2, section 2: the emailaddress route parameter). */
export const createPasswordPath = (email: string) => `/create-password/${encodeURIComponent(email)}`;

/** NEXT is enabled only when all six boxes are filled (always enabled without JavaScript). */
function NextButton({ complete, busy }: { complete: boolean; busy: boolean }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <button
      type="submit"
      name="intent"
      value="code"
      className="button button-primary"
      disabled={busy || (hydrated && !complete)}
    >
      NEXT
    </button>
  );
}
