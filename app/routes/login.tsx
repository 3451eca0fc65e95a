import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { brand } from "#domain/config";
import { landingFor } from "#server/access/sign-in";
import { sessionContext } from "#server/http/request-context";
import { SESSION_ENDED_NOTICE } from "#server/sessions/request-session";
import { PasskeyLogin } from "../components/access/PasskeyLogin";
import { createPasswordPath } from "../components/access/PasswordFlow";
import { TextField } from "../components/form/Field";
import { useStepValidation } from "../components/form/useStepValidation";
import type { RouteHandle } from "../lib/layout";
import type { Route } from "./+types/login";
import { emailSchema, loginSchema } from "./access.schema";
import { type LoginAnswer, loginAction } from "./login.server";

export const handle: RouteHandle = { layout: { isLoginPage: true, hidelogin: true } };

export function meta() {
  return [{ title: `Log In | ${brand.name}` }];
}

/** The action's Retry-After (the per-IP limit) reaches the browser: React Router passes on only what this returns. */
export function headers({ actionHeaders }: Route.HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

const notices: Record<string, string> = {
  ExistingCustomer: "It looks like you already have an account with us. Please log in to continue.",
  Esign: "To e-sign your line of credit, please log in. No password yet? Choose Create Password below.",
  idle: "For your security, you were logged out after 30 minutes without activity. Please log in again.",
  absolute: "For your security, your session ended. Please log in again.",
  // The platform refused the session's token (functions/server/sessions/request-session.ts): the session ended with it.
  ended: SESSION_ENDED_NOTICE,
  token: SESSION_ENDED_NOTICE,
  UpdatePwd: "Your password has been updated. Please log in.",
  TokenExpired: "Your password reset link has expired or is not valid. Please request a new one from Forgot Password.",
  loggedout: "You have been logged out.",
};

export function loader({ context, request }: Route.LoaderArgs) {
  const { session, ended } = context.get(sessionContext);
  if (session?.data.customerId) throw redirect(landingFor(session.data.loanStatus, session.data.hasValidEsignatures));
  const url = new URL(request.url);
  const key = ended ?? url.searchParams.get("logout") ?? url.searchParams.get("CalledFrom") ?? "";
  return { notice: notices[key] ?? null };
}

export const action = ({ context, request }: Route.ActionArgs) => loginAction(context, request);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const stage = actionData?.stage ?? "email";
  const { errors, formProps } = useStepValidation(stage === "email" ? emailSchema : loginSchema, actionData?.errors);
  const busy = useNavigation().state !== "idle";
  usePasswordStepFocus(actionData);
  return (
    <section className="container page-section access">
      <h1>Log In</h1>
      {loaderData.notice ? (
        <p className="banner" role="status">
          {loaderData.notice}
        </p>
      ) : null}
      <Form method="post" className="apply-form access-form" {...formProps}>
        {stage === "email" ? (
          <TextField
            name="email"
            label="Email Address"
            type="email"
            defaultValue={actionData?.email}
            error={errors.email}
            inputMode="email"
            autoComplete="username webauthn"
          />
        ) : (
          <>
            <p>
              Signing in as <strong>{actionData?.email}</strong>. <Link to="/login">Not you?</Link>
            </p>
            {/* The address as the username password managers save with the password (hidden: it is shown above). */}
            <input type="email" name="email" value={actionData?.email} autoComplete="username" readOnly hidden />
            <TextField
              name="password"
              label="Password"
              type="password"
              error={errors.password}
              autoComplete="current-password"
              maxLength={128}
            />
          </>
        )}
        <div className="step-alert" role="alert">
          {actionData?.alert ? (
            actionData.createLink ? (
              <Link to={createPasswordPath(actionData.email)}>{actionData.alert}</Link>
            ) : (
              actionData.alert
            )
          ) : null}
        </div>
        <button
          type="submit"
          name="intent"
          value={stage === "email" ? "email" : "login"}
          className="button button-primary button-large"
          disabled={busy}
        >
          {stage === "email" ? "CONTINUE" : "LOG IN"}
        </button>
      </Form>
      <PasskeyLogin autofill={stage === "email"} />
      <p className="access-links">
        <Link to="/create-password">Create Password</Link> · <Link to="/forgot-password">Forgot Password</Link>
      </p>
    </section>
  );
}

/**
 * Focus where a person expects after each answer: the password field once
 * CONTINUE found the account, and after a refused password (emptied, so the
 * next try starts clean; without JavaScript the new page never holds it).
 */
function usePasswordStepFocus(answer: LoginAnswer | undefined) {
  useEffect(() => {
    if (answer?.stage !== "password") return;
    const field = document.getElementById("password");
    if (!(field instanceof HTMLInputElement)) return;
    if (answer.alert) field.value = "";
    field.focus();
  }, [answer]);
}
