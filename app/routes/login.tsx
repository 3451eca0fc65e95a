import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { brand } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import { landingFor, signIn } from "#server/access/sign-in";
import type { RateLimitVerdict } from "#server/durable-objects/rate-limiter";
import { clientInfo } from "#server/http/client-info";
import { peekRateLimit, rateLimit } from "#server/http/rate-limit";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { SESSION_ENDED_NOTICE } from "#server/sessions/request-session";
import { PasskeyLogin } from "../components/access/PasskeyLogin";
import { createPasswordPath } from "../components/access/PasswordFlow";
import { TextField } from "../components/form/Field";
import { useStepValidation } from "../components/form/useStepValidation";
import type { RouteHandle } from "../lib/layout";
import type { Route } from "./+types/login";
import { accessMessages, emailSchema, loginSchema } from "./access.schema";
import { accessLimitRefusal, accessPlatform } from "./access.server";
import { formValues, validateStep } from "./apply/wizard.server";

export const handle: RouteHandle = { layout: { isLoginPage: true, hidelogin: true } };

export function meta() {
  return [{ title: `Log In | ${brand.name}` }];
}

/** Named conditions of spec file 2, section 8 whose wording the spec leaves to us. */
export const loginMessages = {
  noAccount: "We couldn't find an account with that email address.",
  invalidLogin: "The email or password you entered is incorrect. Please try again.",
  locked: "Your account is temporarily locked after too many attempts. Please wait 30 minutes or use Forgot Password.",
  serviceDown: "We're sorry, we could not sign you in just now. Please try again.",
  /**
   * The per-IP limit on wrong passwords: about the network, not the account
   * (everyone behind a shared address would otherwise read that their own
   * account is locked, even with the right password).
   */
  networkLimit: "Too many attempts from this network. Please wait {minutes} and try again.",
} as const;

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

type Answer = {
  stage: "email" | "password";
  email: string;
  errors: Record<string, string>;
  alert?: string;
  createLink?: boolean;
};

/** The per-IP limit's answer: its own words, 429 with Retry-After (the `.data` answer carries it too). */
function networkLimited(email: string, verdict: RateLimitVerdict) {
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  const alert = loginMessages.networkLimit.replace("{minutes}", minutes === 1 ? "1 minute" : `${minutes} minutes`);
  const answer: Answer = { stage: "password", email, errors: {}, alert };
  return data(answer, { status: 429, headers: { "Retry-After": String(Math.max(1, verdict.retryAfterSeconds)) } });
}

export async function action({
  context,
  request,
}: Route.ActionArgs): Promise<Answer | Response | ReturnType<typeof networkLimited>> {
  const { env } = context.get(edgeContext);
  const values = await formValues(request);
  const email = (values.email ?? "").trim().toLowerCase();

  if (values.intent !== "login") {
    const checked = await validateStep(emailSchema, values);
    if (!checked.ok) return { stage: "email", email, errors: { email: accessMessages.email } };
    const limited = await accessLimitRefusal(context, request, "emailCheckPerIp", {
      policy: "emailCheckPerEmail",
      email,
    });
    if (limited) return { stage: "email", email, errors: {}, alert: limited };
    const { platform } = accessPlatform(context);
    try {
      const answer = await platform.call(catalogue.auth.ValidateEmail, {
        emailAddress: email,
        remoteIP: clientInfo(request).ip,
      });
      if (!answer.validEmail) return { stage: "email", email, errors: { email: loginMessages.noAccount } };
      // A borrower without a password yet is offered to create one.
      if (!answer.users.some((u) => u.userId > 0))
        return { stage: "email", email, errors: {}, alert: accessMessages.noPassword, createLink: true };
      return { stage: "password", email, errors: {} };
    } catch (error) {
      if (error instanceof PlatformError)
        return { stage: "email", email, errors: {}, alert: loginMessages.serviceDown };
      throw error;
    }
  }

  const checked = await validateStep(loginSchema, values);
  if (!checked.ok) return { stage: "password", email, errors: { password: accessMessages.password } };
  const ip = clientInfo(request).ip;
  // Wrong passwords count per client IP here and per e-mail on the platform.
  const ipFailures = await peekRateLimit(env, "loginFailPerIp", ip);
  if (!ipFailures.allowed) return networkLimited(email, ipFailures);
  const { platform, tokens } = accessPlatform(context);
  try {
    const answer = await platform.call(catalogue.auth.Login, {
      userName: email,
      password: checked.output.password,
      remoteIP: ip,
    });
    if (answer.customerLoginResults === 1 && answer.id > 0) {
      const { session } = context.get(sessionContext);
      const setCookie = await signIn(env, session, {
        customerId: answer.custId,
        firstName: answer.firstName,
        loanStatus: answer.loanStatus,
        hasValidEsignatures: answer.hasValidEsignatures,
        platformToken: tokens.get(),
      });
      return redirect(landingFor(answer.loanStatus, answer.hasValidEsignatures), {
        headers: { "Set-Cookie": setCookie },
      });
    }
    if (answer.customerLoginResults === 6 || answer.customerLoginResults === 10)
      return { stage: "password", email, errors: {}, alert: loginMessages.locked };
    const counted = await rateLimit(env, "loginFailPerIp", ip);
    if (counted.allowed && counted.remaining > 0)
      return { stage: "password", email, errors: {}, alert: loginMessages.invalidLogin };
    // That was the last wrong password this network may send for now: say how long to wait.
    return networkLimited(email, await peekRateLimit(env, "loginFailPerIp", ip));
  } catch (error) {
    if (error instanceof PlatformError)
      return { stage: "password", email, errors: {}, alert: loginMessages.serviceDown };
    throw error;
  }
}

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
function usePasswordStepFocus(answer: Answer | undefined) {
  useEffect(() => {
    if (answer?.stage !== "password") return;
    const field = document.getElementById("password");
    if (!(field instanceof HTMLInputElement)) return;
    if (answer.alert) field.value = "";
    field.focus();
  }, [answer]);
}
